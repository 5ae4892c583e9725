import type { PlacedGlyph } from "./glyph-walk";
import { hasRightToLeft, type Reading, readingOrder } from "./visual-order";

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

/** One glyph's text, or a space read from a gap (glyph -1), in drawing order. */
interface Piece {
  text: string;
  glyph: number;
}

/** A gap this wide (in ems) between two glyphs is a space: wider than kerning and letter-spacing, narrower than a space. */
const spaceGap = 0.2;
/** A gap this wide ahead, or this far back or aside, starts another line. */
const farAhead = 3;
const backwards = 0.5;
const aside = 0.4;

/**
 * A line's readings: left to right, and, only where it may hold right-to-left text, those of a right-to-left
 * paragraph (visual-order.ts), made when asked: the tags found in each tell which was meant.
 */
export interface LineReadings {
  leftToRight: TextLine;
  rightToLeft: () => TextLine[];
}

/** Each line of the page, with its readings. */
export function textLines(glyphs: readonly PlacedGlyph[]): LineReadings[] {
  const lines: LineReadings[] = [];
  for (const group of baselineGroups(glyphs)) {
    // Right-to-left text is drawn run by run in reading order, jumping back and forth: read it where it stands.
    const ordered = group.some((index) => hasRightToLeft(glyphs[index]?.text ?? "")) ? byPlace(glyphs, group) : group;
    for (const pieces of splitLines(glyphs, ordered)) {
      const rightToLeft: Reading[] = mayReadRightToLeft(pieces) ? ["rtl", "rtlMirrored"] : [];
      lines.push({
        leftToRight: spelled(readingOrder(pieces, "ltr")),
        rightToLeft: () => rightToLeft.map((reading) => spelled(readingOrder(pieces, reading))),
      });
    }
  }
  return lines;
}

/** The glyphs with text, in content order, cut where the next one is not on the same baseline. */
function baselineGroups(glyphs: readonly PlacedGlyph[]): number[][] {
  const groups: number[][] = [];
  let group: number[] = [];
  let previous: PlacedGlyph | null = null;
  glyphs.forEach((glyph, index) => {
    if (glyph.text === "") return;
    if (previous !== null && offBaseline(previous, glyph) && group.length > 0) {
      groups.push(group);
      group = [];
    }
    group.push(index);
    previous = glyph;
  });
  if (group.length > 0) groups.push(group);
  return groups;
}

/** A baseline's glyphs in order along it. */
function byPlace(glyphs: readonly PlacedGlyph[], group: readonly number[]): number[] {
  const [ux, uy] = lineDirection(glyphs, group);
  const along = (index: number) => {
    const origin = glyphs[index]?.origin ?? { x: 0, y: 0 };
    return origin.x * ux + origin.y * uy;
  };
  return [...group].sort((a, b) => along(a) - along(b));
}

/** The lines of glyphs taken in the order given: cut at a jump back, far ahead or aside; gaps read as spaces. */
function splitLines(glyphs: readonly PlacedGlyph[], order: readonly number[]): Piece[][] {
  const lines: Piece[][] = [];
  let pieces: Piece[] = [];
  let previous: PlacedGlyph | null = null;
  for (const index of order) {
    const glyph = glyphs[index];
    if (glyph === undefined) continue;
    if (previous !== null) {
      const step = stepFrom(previous, glyph);
      if (step === "newLine") {
        lines.push(pieces);
        pieces = [];
      } else if (step === "space" && !pieces.at(-1)?.text.endsWith(" ") && !glyph.text.startsWith(" ")) {
        pieces.push({ text: " ", glyph: -1 });
      }
    }
    pieces.push({ text: glyph.text, glyph: index });
    previous = glyph;
  }
  lines.push(pieces);
  return lines.filter((line) => line.some((piece) => piece.text.trim() !== ""));
}

/** Right-to-left letters, or a closing pair of braces drawn before an opening one (a tag in a right-to-left line). */
function mayReadRightToLeft(pieces: readonly Piece[]): boolean {
  const text = pieces.map((piece) => piece.text).join("");
  const close = text.indexOf("}}");
  return hasRightToLeft(text) || (close >= 0 && text.indexOf("{{", close) > close);
}

function spelled(pieces: readonly Piece[]): TextLine {
  const line: TextLine = { text: "", glyphOf: [] };
  for (const piece of pieces) {
    line.text += piece.text;
    for (let unit = 0; unit < piece.text.length; unit += 1) line.glyphOf.push(piece.glyph);
  }
  return line;
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

/** Whether `next` leaves `previous`'s baseline: another direction, or aside from it. */
function offBaseline(previous: PlacedGlyph, next: PlacedGlyph): boolean {
  const [ux, uy] = directionOf(previous) ?? directionOf(next) ?? [1, 0];
  const nextDirection = directionOf(next);
  if (nextDirection !== null && nextDirection[0] * ux + nextDirection[1] * uy < 0.99) return true;
  const across = -(next.origin.x - previous.end.x) * uy + (next.origin.y - previous.end.y) * ux;
  return Math.abs(across) > aside * Math.max(previous.em, next.em, 1e-6);
}

/** The direction of a line's baseline: its first glyph's with a width, else left to right. */
function lineDirection(glyphs: readonly PlacedGlyph[], line: readonly number[]): [number, number] {
  for (const index of line) {
    const glyph = glyphs[index];
    const direction = glyph === undefined ? null : directionOf(glyph);
    if (direction !== null) return direction;
  }
  return [1, 0];
}

/**
 * Whether the line `below` is the one the line `above` wraps onto: half an em to three ems further down the page
 * (across the baseline), and beside it along the baseline, not in another column (the next line drawn may be the
 * next table cell's, on the same row).
 */
export function wrapsOnto(glyphs: readonly PlacedGlyph[], above: readonly number[], below: readonly number[]): boolean {
  const first = glyphs[above[0] ?? -1];
  const next = glyphs[below[0] ?? -1];
  if (first === undefined || next === undefined) return false;
  const [ux, uy] = lineDirection(glyphs, above);
  const em = Math.max(first.em, next.em, 1e-6);
  const down = (next.origin.x - first.origin.x) * uy - (next.origin.y - first.origin.y) * ux;
  if (down < 0.5 * em || down > 3 * em) return false;
  const extent = (line: readonly number[]) => {
    let [from, to] = [Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY];
    for (const index of line) {
      const glyph = glyphs[index];
      if (glyph === undefined) continue;
      for (const point of [glyph.origin, glyph.end]) {
        const along = point.x * ux + point.y * uy;
        [from, to] = [Math.min(from, along), Math.max(to, along)];
      }
    }
    return [from, to] as const;
  };
  const [aboveFrom, aboveTo] = extent(above);
  const [belowFrom, belowTo] = extent(below);
  return belowFrom < aboveTo && belowTo > aboveFrom;
}

function directionOf(glyph: PlacedGlyph): [number, number] | null {
  const dx = glyph.end.x - glyph.origin.x;
  const dy = glyph.end.y - glyph.origin.y;
  const length = Math.hypot(dx, dy);
  return length > 1e-9 ? [dx / length, dy / length] : null;
}
