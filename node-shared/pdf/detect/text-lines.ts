import type { PlacedGlyph } from "./glyph-walk";

/**
 * A page's glyphs, in content order, as lines of text: Word and LibreOffice split a line into many runs (fonts,
 * bold, table cells), which follow each other on one baseline. A line ends where the next glyph is not on the same
 * baseline, goes backwards, or starts far ahead; a gap of a fifth of an em or more reads as a space. Each character
 * keeps the index of the glyph it came from (-1 for a space read from a gap).
 */

export interface TextLine {
  text: string;
  glyphOf: number[];
}

/** A gap this wide (in ems) between two glyphs is a space: wider than kerning and letter-spacing, narrower than a space. */
const spaceGap = 0.2;
/** A gap this wide ahead, or this far back or aside, starts another line. */
const farAhead = 3;
const backwards = 0.5;
const aside = 0.4;

export function textLines(glyphs: readonly PlacedGlyph[]): TextLine[] {
  const lines: TextLine[] = [];
  let line: TextLine = { text: "", glyphOf: [] };
  let previous: PlacedGlyph | null = null;
  const breakLine = () => {
    if (line.text.trim() !== "") lines.push(line);
    line = { text: "", glyphOf: [] };
  };
  glyphs.forEach((glyph, index) => {
    if (glyph.text === "") return;
    if (previous !== null) {
      const step = stepFrom(previous, glyph);
      if (step === "newLine") breakLine();
      else if (step === "space" && !line.text.endsWith(" ") && !glyph.text.startsWith(" ")) {
        line.text += " ";
        line.glyphOf.push(-1);
      }
    }
    for (const character of glyph.text) {
      line.text += character;
      for (let unit = 0; unit < character.length; unit += 1) line.glyphOf.push(index);
    }
    previous = glyph;
  });
  breakLine();
  return lines;
}

function stepFrom(previous: PlacedGlyph, next: PlacedGlyph): "same" | "space" | "newLine" {
  const dx = previous.end.x - previous.origin.x;
  const dy = previous.end.y - previous.origin.y;
  const length = Math.hypot(dx, dy);
  const em = Math.max(previous.em, next.em, 1e-6);
  // The baseline's direction: the previous glyph's, or the next one's when the previous has no width.
  const [ux, uy] = length > 1e-9 ? [dx / length, dy / length] : (directionOf(next) ?? [1, 0]);
  const gx = next.origin.x - previous.end.x;
  const gy = next.origin.y - previous.end.y;
  const along = gx * ux + gy * uy;
  const across = -gx * uy + gy * ux;
  const nextDirection = directionOf(next);
  if (nextDirection !== null && nextDirection[0] * ux + nextDirection[1] * uy < 0.99) return "newLine";
  if (Math.abs(across) > aside * em || along < -backwards * em || along > farAhead * em) return "newLine";
  return along > spaceGap * em ? "space" : "same";
}

function directionOf(glyph: PlacedGlyph): [number, number] | null {
  const dx = glyph.end.x - glyph.origin.x;
  const dy = glyph.end.y - glyph.origin.y;
  const length = Math.hypot(dx, dy);
  return length > 1e-9 ? [dx / length, dy / length] : null;
}
