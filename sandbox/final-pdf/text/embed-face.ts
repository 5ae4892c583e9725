import { createHash } from "node:crypto";
import { type PDFContext, PDFName, type PDFRef, PDFString } from "pdf-lib";
import { type LoadedFace, loadHarfBuzz } from "./loaded-face";
import { subsetFace } from "./subset-face";
import { toUnicodeCMap } from "./to-unicode";

/** The glyphs a document drew with one face: CID → the face's glyph ID, its advance and its text. */
export interface UsedGlyph {
  gid: number;
  /** In the face's units. */
  advance: number;
  text: string;
}

/** Six capital letters naming the subset (ISO 32000-1, 9.6.4), from what it holds: the same subset, the same tag. */
function subsetTag(face: LoadedFace, glyphs: ReadonlyMap<number, UsedGlyph>): string {
  const digest = createHash("sha256")
    .update(face.source.name)
    .update(JSON.stringify([...glyphs]))
    .digest();
  return Array.from(digest.subarray(0, 6), (byte) => String.fromCharCode(65 + (byte % 26))).join("");
}

/** Reads the head table's font box, in the face's units. */
function fontBox(head: Uint8Array | undefined): number[] {
  if (head === undefined || head.length < 44) return [0, 0, 0, 0];
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  return [view.getInt16(36), view.getInt16(38), view.getInt16(40), view.getInt16(42)];
}

/**
 * Writes one face as a Type0 font (Identity-H) into `ref`: its subset embedded (TrueType as FontFile2 with a
 * CIDToGIDMap, CFF as FontFile3/CIDFontType0C whose charset gives each CID its glyph), widths for every CID, and a
 * ToUnicode CMap.
 */
export async function embedFace(
  context: PDFContext,
  ref: PDFRef,
  face: LoadedFace,
  glyphs: ReadonlyMap<number, UsedGlyph>,
): Promise<void> {
  const hb = await loadHarfBuzz();
  const gids = [...new Set([...glyphs.values()].map((glyph) => glyph.gid))].sort((a, b) => a - b);
  const subset = await subsetFace(face.bytes, gids, !face.isCff);
  const tag = subsetTag(face, glyphs);
  const baseFont = `${tag}+${face.source.name}`;
  const scale = 1000 / face.unitsPerEm;
  const extents = face.font.hExtents();
  const subsetFaceObject = new hb.Face(new hb.Blob(subset));
  const fontFile = face.isCff
    ? context.flateStream(subsetFaceObject.referenceTable("CFF ") ?? new Uint8Array(), { Subtype: "CIDFontType0C" })
    : context.flateStream(subset, { Length1: subset.length });
  const descriptor = context.obj({
    Type: "FontDescriptor",
    FontName: baseFont,
    Flags: 4,
    FontBBox: fontBox(subsetFaceObject.referenceTable("head")).map((v) => Math.round(v * scale)),
    ItalicAngle: 0,
    Ascent: Math.round(extents.ascender * scale),
    Descent: Math.round(extents.descender * scale),
    CapHeight: Math.round(extents.ascender * scale),
    StemV: 80,
    [face.isCff ? "FontFile3" : "FontFile2"]: context.register(fontFile),
  });
  const widths: (number | number[])[] = [];
  for (const [cid, glyph] of [...glyphs].sort(([a], [b]) => a - b))
    widths.push(cid, [Math.round(glyph.advance * scale)]);
  const cidFont = context.obj({
    Type: "Font",
    Subtype: face.isCff ? "CIDFontType0" : "CIDFontType2",
    BaseFont: baseFont,
    CIDSystemInfo: { Registry: PDFString.of("Adobe"), Ordering: PDFString.of("Identity"), Supplement: 0 },
    FontDescriptor: context.register(descriptor),
    W: widths,
  });
  if (!face.isCff) cidFont.set(PDFName.of("CIDToGIDMap"), context.register(cidToGidMap(context, glyphs)));
  const texts = new Map([...glyphs].map(([cid, glyph]) => [cid, glyph.text]));
  const type0 = context.obj({
    Type: "Font",
    Subtype: "Type0",
    BaseFont: baseFont,
    Encoding: "Identity-H",
    DescendantFonts: [context.register(cidFont)],
    ToUnicode: context.register(context.flateStream(toUnicodeCMap(texts))),
  });
  context.assign(ref, type0);
}

/** Two bytes per CID, big-endian: the glyph each CID draws (several CIDs may draw one glyph, each with its own text). */
function cidToGidMap(context: PDFContext, glyphs: ReadonlyMap<number, UsedGlyph>) {
  const last = Math.max(0, ...glyphs.keys());
  const bytes = new Uint8Array((last + 1) * 2);
  for (const [cid, glyph] of glyphs) {
    bytes[cid * 2] = glyph.gid >> 8;
    bytes[cid * 2 + 1] = glyph.gid & 0xff;
  }
  return context.flateStream(bytes);
}
