import {
  beginText,
  endText,
  PDFOperatorNames as Ops,
  type PDFDocument,
  PDFHexString,
  PDFName,
  PDFOperator,
  type PDFPage,
  type PDFRef,
  type RGB,
  setFillingColor,
  setFontAndSize,
  setTextMatrix,
} from "pdf-lib";
import { embedFace, type UsedGlyph } from "./embed-face";
import type { BaseDirection } from "./itemize";
import type { LoadedFace } from "./loaded-face";
import { type ShapedLine, type ShapedRun, shapeLine } from "./shape-line";
import { cidHex } from "./to-unicode";

export interface DrawAt {
  x: number;
  /** The baseline. */
  y: number;
  size: number;
  color: RGB;
}

/**
 * CIDs for TrueType glyphs that stand for no text of their own (the second glyph of a cluster): code points a reader
 * ignores (UAX #44 Default_Ignorable_Code_Point). pdf.js reads a CID whose ToUnicode text is empty as the character
 * of the CID's own number, so such a glyph adds nothing visible to a search or a copy there either; Poppler reads
 * the empty text. Other glyphs are numbered around them.
 */
const silentCids = [
  ...range(0xfe00, 0xfe0f),
  ...range(0xfff0, 0xfff8),
  ...range(0x206a, 0x206f),
  ...range(0x2060, 0x2064),
  ...range(0x180b, 0x180f),
];
const reserved = new Set(silentCids);
function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, index) => from + index);
}

/** A face as this document uses it: where its font goes, and each glyph drawn under its CID. */
interface FaceUse {
  ref: PDFRef;
  glyphs: Map<number, UsedGlyph>;
  /** TrueType: (glyph, text) → CID, numbered from 1 in the order first drawn. CFF: the charset's CID. */
  cidOf: (gid: number, text: string) => number;
}

/**
 * Draws people's text into one PDF document in any script: each line itemized by direction and face, shaped by
 * HarfBuzz, and drawn as glyphs in visual order under CIDs whose ToUnicode entries give back the text as written.
 * Fonts are embedded as subsets by `embed()`, once everything is drawn (call it before the document is saved).
 */
export class TextPainter {
  private readonly uses = new Map<LoadedFace, FaceUse>();
  private readonly shaped = new Map<string, Promise<ShapedLine>>();
  private readonly pageFonts = new Map<PDFPage, Map<LoadedFace, PDFName>>();

  constructor(private readonly doc: PDFDocument) {}

  /** The line shaped (cached: measuring while fitting asks for the same text often). */
  shape(text: string, direction: BaseDirection = "auto"): Promise<ShapedLine> {
    const key = `${direction}\u0000${text}`;
    let line = this.shaped.get(key);
    if (line === undefined) {
      line = shapeLine(text, direction);
      this.shaped.set(key, line);
    }
    return line;
  }

  /** Width of the text at `size`, in points. */
  async widthOf(text: string, size: number, direction: BaseDirection = "auto"): Promise<number> {
    return (await this.shape(text, direction)).width * size;
  }

  /** Draws a shaped line with its left edge at `at.x`. */
  draw(page: PDFPage, line: ShapedLine, at: DrawAt): void {
    page.pushOperators(setFillingColor(at.color));
    let x = at.x;
    for (const run of line.runs) {
      this.drawRun(page, run, x, at);
      x += run.width * at.size;
    }
  }

  /** Embeds every face drawn with since the last call, each as a subset of the glyphs drawn. */
  async embed(): Promise<void> {
    for (const [face, use] of this.uses) await embedFace(this.doc.context, use.ref, face, use.glyphs);
    this.uses.clear();
    this.pageFonts.clear();
  }

  private drawRun(page: PDFPage, run: ShapedRun, left: number, at: DrawAt): void {
    const use = this.faceUse(run.face);
    const fontName = this.fontOn(page, run.face, use.ref);
    const { cids, faithful } = this.cidsOf(run, use);
    const unit = at.size / run.face.unitsPerEm;
    const operators: PDFOperator[] = [];
    if (!faithful)
      operators.push(
        PDFOperator.of(Ops.BeginMarkedContentSequence, [
          PDFName.of("Span"),
          // pdf-lib's operator type leaves out dictionaries, which it writes all the same (BDC's property list).
          this.doc.context.obj({ ActualText: PDFHexString.fromText(run.text) }) as unknown as PDFName,
        ]),
      );
    operators.push(beginText(), setFontAndSize(fontName, at.size));
    // Glyphs without an offset go in one TJ, each followed by the difference between HarfBuzz's advance and the
    // width the font declares; a glyph with an offset (a mark) is placed on its own.
    let pen = left;
    let segment: { x: number; y: number; items: (PDFHexString | number)[] } | null = null;
    const flush = () => {
      if (segment === null) return;
      operators.push(setTextMatrix(1, 0, 0, 1, segment.x, segment.y));
      operators.push(PDFOperator.of(Ops.ShowTextAdjusted, [this.doc.context.obj(segment.items)]));
      segment = null;
    };
    run.glyphs.forEach((glyph, index) => {
      const cid = cids[index] ?? 0;
      const declared = use.glyphs.get(cid)?.advance ?? glyph.advance;
      const adjust = ((declared - glyph.advance) * 1000) / run.face.unitsPerEm;
      if (glyph.dx !== 0 || glyph.dy !== 0) {
        flush();
        segment = { x: pen + glyph.dx * unit, y: at.y + glyph.dy * unit, items: [] };
        segment.items.push(PDFHexString.of(cidHex(cid)));
        flush();
      } else {
        segment ??= { x: pen, y: at.y, items: [] };
        segment.items.push(PDFHexString.of(cidHex(cid)));
        if (Math.abs(adjust) > 0.01) segment.items.push(Math.round(adjust * 100) / 100);
      }
      pen += glyph.advance * unit;
    });
    flush();
    operators.push(endText());
    if (!faithful) operators.push(PDFOperator.of(Ops.EndMarkedContent));
    page.pushOperators(...operators);
  }

  /**
   * Each glyph's CID, with the text it stands for recorded: a cluster's text goes to its first glyph, the others
   * stand for nothing. `faithful` is false when the glyphs alone do not give the run's text back in order (several
   * glyphs to a cluster, or a glyph already standing for other text): the run is then marked with /ActualText.
   */
  private cidsOf(run: ShapedRun, use: FaceUse): { cids: number[]; faithful: boolean } {
    const starts = [...new Set(run.glyphs.map((glyph) => glyph.cluster))].sort((a, b) => a - b);
    const endOf = (cluster: number) => starts.find((start) => start > cluster) ?? run.text.length;
    const seen = new Set<number>();
    let faithful = true;
    const cids = run.glyphs.map((glyph) => {
      const first = !seen.has(glyph.cluster);
      seen.add(glyph.cluster);
      if (!first) faithful = false;
      const text = first ? run.text.slice(glyph.cluster, endOf(glyph.cluster)) : "";
      const cid = use.cidOf(glyph.gid, text);
      const known = use.glyphs.get(cid);
      // The width a reader sees is the glyph's own advance; kerning and marks are placed by TJ adjustments.
      if (known === undefined)
        use.glyphs.set(cid, { gid: glyph.gid, advance: run.face.font.glyphHAdvance(glyph.gid), text });
      else if (known.text !== text) faithful = false;
      return cid;
    });
    return { cids, faithful };
  }

  private faceUse(face: LoadedFace): FaceUse {
    let use = this.uses.get(face);
    if (use === undefined) {
      const numbered = new Map<string, number>();
      const silent = [...silentCids];
      const charsetCid = face.cffCid;
      let next = 1;
      use = {
        ref: this.doc.context.nextRef(),
        glyphs: new Map(),
        cidOf: (gid, text) => {
          if (charsetCid !== null) return charsetCid(gid);
          const key = `${gid}\u0000${text}`;
          let cid = numbered.get(key);
          if (cid === undefined) {
            cid = text === "" ? silent.shift() : undefined;
            while (cid === undefined && reserved.has(next)) next += 1;
            cid ??= next++;
            numbered.set(key, cid);
          }
          return cid;
        },
      };
      this.uses.set(face, use);
    }
    return use;
  }

  private fontOn(page: PDFPage, face: LoadedFace, ref: PDFRef): PDFName {
    let fonts = this.pageFonts.get(page);
    if (fonts === undefined) {
      fonts = new Map();
      this.pageFonts.set(page, fonts);
    }
    let name = fonts.get(face);
    if (name === undefined) {
      name = page.node.newFontDictionary("SDF", ref);
      fonts.set(face, name);
    }
    return name;
  }
}
