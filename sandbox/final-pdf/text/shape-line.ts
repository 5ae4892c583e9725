import { type BaseDirection, itemize, type TextItem } from "./itemize";
import { type LoadedFace, loadHarfBuzz } from "./loaded-face";

/** One glyph as HarfBuzz placed it, in the face's units. */
export interface PlacedGlyph {
  gid: number;
  /** Index (UTF-16) in its run's text of the first character of the glyph's cluster. */
  cluster: number;
  advance: number;
  dx: number;
  dy: number;
}

export interface ShapedRun {
  face: LoadedFace;
  text: string;
  rtl: boolean;
  /** In visual order (left to right), as HarfBuzz outputs them for either direction. */
  glyphs: PlacedGlyph[];
  /** Advance of the whole run, in ems. */
  width: number;
}

export interface ShapedLine {
  /** Runs in visual order, left to right. */
  runs: ShapedRun[];
  /** In ems. */
  width: number;
  /** The line's base direction is right to left (it is then aligned to the right where there is room). */
  rtl: boolean;
}

/**
 * A line shaped for drawing: split into runs of one face and direction (itemize.ts), each shaped by HarfBuzz
 * (Arabic joining, Devanagari conjuncts and reordering, Thai marks, kerning), in visual order.
 */
export async function shapeLine(line: string, direction: BaseDirection = "auto"): Promise<ShapedLine> {
  const { items, rtl } = await itemize(line, direction);
  const runs = await Promise.all(items.map(shapeItem));
  return { runs, width: runs.reduce((total, run) => total + run.width, 0), rtl };
}

async function shapeItem(item: TextItem): Promise<ShapedRun> {
  const hb = await loadHarfBuzz();
  const buffer = new hb.Buffer();
  buffer.addText(item.text);
  buffer.setDirection(item.rtl ? hb.Direction.RTL : hb.Direction.LTR);
  buffer.guessSegmentProperties();
  hb.shape(item.face.font, buffer);
  const positions = buffer.getGlyphPositions();
  const glyphs = buffer.getGlyphInfos().map((info, index): PlacedGlyph => {
    const position = positions[index];
    return {
      gid: info.codepoint,
      cluster: info.cluster,
      advance: position?.xAdvance ?? 0,
      dx: position?.xOffset ?? 0,
      dy: position?.yOffset ?? 0,
    };
  });
  const units = glyphs.reduce((total, glyph) => total + glyph.advance, 0);
  return { face: item.face, text: item.text, rtl: item.rtl, glyphs, width: units / item.face.unitsPerEm };
}
