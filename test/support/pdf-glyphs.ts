import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  type PDFDocument,
  PDFName,
  type PDFPage,
  PDFRawStream,
  PDFRef,
} from "pdf-lib";

export interface DrawnGlyph {
  page: number;
  /** The font's BaseFont, e.g. "ABCDEF+NotoSans-Regular". */
  font: string;
  cid: number;
  /** The glyph drawn: a TrueType CID through its CIDToGIDMap, else the CID itself (CFF: 0 is .notdef there too). */
  gid: number;
}

function streamBytes(value: unknown): Uint8Array {
  return value instanceof PDFRawStream ? decodePDFRawStream(value).decode() : new Uint8Array();
}

function contentOf(page: PDFPage): string {
  const contents = page.node.get(PDFName.of("Contents"));
  const resolved = contents instanceof PDFRef ? page.doc.context.lookup(contents) : contents;
  const parts =
    resolved instanceof PDFArray ? resolved.asArray().map((ref) => page.doc.context.lookup(ref)) : [resolved];
  return parts.map((part) => Buffer.from(streamBytes(part)).toString("latin1")).join("\n");
}

/**
 * Every glyph the pages draw with a two-byte (Type0) font, read from their content streams: each hex string shown
 * by Tj or TJ, in the font last set by Tf. Other fonts' text is left out.
 */
export function drawnGlyphs(doc: PDFDocument): DrawnGlyph[] {
  const glyphs: DrawnGlyph[] = [];
  doc.getPages().forEach((page, index) => {
    const fonts = page.node.Resources()?.lookupMaybe(PDFName.of("Font"), PDFDict);
    let current: { name: string; cidToGid: Uint8Array | null } | null = null;
    const tokens = contentOf(page).matchAll(/\/([^\s/<>[\]()]+)\s+[\d.]+\s+Tf|<([0-9A-Fa-f\s]*)>|\b(TJ|Tj)\b|\[|\]/g);
    let shown: string[] = [];
    for (const [token, fontName, hex] of tokens) {
      if (fontName !== undefined) {
        const font = fonts?.lookupMaybe(PDFName.of(fontName), PDFDict);
        const descendant = font?.lookupMaybe(PDFName.of("DescendantFonts"), PDFArray)?.lookup(0, PDFDict);
        if (font === undefined || descendant === undefined) current = null;
        else {
          const map = descendant.lookup(PDFName.of("CIDToGIDMap"));
          current = {
            name: String(font.get(PDFName.of("BaseFont"))).slice(1),
            cidToGid: map instanceof PDFRawStream ? streamBytes(map) : null,
          };
        }
      } else if (hex !== undefined) shown.push(hex.replace(/\s+/g, ""));
      else if (token === "TJ" || token === "Tj") {
        if (current !== null)
          for (const text of shown)
            for (let at = 0; at + 4 <= text.length; at += 4) {
              const cid = Number.parseInt(text.slice(at, at + 4), 16);
              const map = current.cidToGid;
              const gid = map === null ? cid : ((map[cid * 2] ?? 0) << 8) | (map[cid * 2 + 1] ?? 0);
              glyphs.push({ page: index + 1, font: current.name, cid, gid });
            }
        shown = [];
      } else if (token === "[") shown = [];
    }
  });
  return glyphs;
}
