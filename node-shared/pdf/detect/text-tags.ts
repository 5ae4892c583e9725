import { type PageGeometry, type Point, userToDisplayed } from "../../../common/coordinates";
import type { FoundCover, FoundNote } from "../../../common/found-fields";
import type { PlacedGlyph } from "./glyph-walk";
import { boxOfPoints, colorUnder, type PageFill } from "./page-fills";
import type { FieldDraft } from "./page-findings";
import { boundsOf, placeBox } from "./place-box";
import { findTags, type ParsedTag } from "./tag-syntax";
import { type TextLine, textLines } from "./text-lines";

const maxLabel = 500;
/** A tag wrapped onto the next line is joined only while this short: longer, it is prose that happens to hold `{{`. */
const maxWrappedTag = 300;

const score = (tags: readonly ParsedTag[]) => tags.reduce((total, tag) => total + 1000 + tag.known, 0);

/** A tag found, with the glyphs it spans on each line it takes (one, or two when it wraps). */
interface TagOnLines {
  tag: ParsedTag;
  parts: number[][];
}

/**
 * The text tags among a page's glyphs: each tag's box runs from its first glyph's left edge to its last glyph's
 * right edge, and from the fonts' descent to their ascent, as displayed; the field's box is placed at its top-left.
 * A tag that wraps onto the next line (Word breaks a long one at a space) is found across the break: its field goes
 * at its first part, and each part is covered. A cover takes the colour the page paints under it (`fills`).
 */
export function tagsOnPage(
  page: number,
  geometry: PageGeometry,
  glyphs: readonly PlacedGlyph[],
  fills: readonly PageFill[],
): { tags: FieldDraft[]; notes: FoundNote[] } {
  const tags: FieldDraft[] = [];
  const notes: FoundNote[] = [];
  const cover = (part: readonly number[]): FoundCover | null => {
    const placed = part.flatMap((glyph) => glyphs[glyph] ?? []);
    if (placed.length === 0) return null;
    const corners: Point[] = placed.flatMap((glyph) => glyph.corners);
    const box = boundsOf(corners.map((corner) => userToDisplayed(geometry, corner)));
    const under = colorUnder(fills, boxOfPoints(corners), Math.min(...part));
    return under === null || under === "#ffffff" ? box : { ...box, color: under };
  };
  for (const { tag, parts } of tagsOnLines(textLines(glyphs))) {
    const label = tag.text.slice(0, maxLabel);
    if (tag.what.kind !== "field") {
      notes.push({ kind: tag.what.kind, page, label, tagType: tag.what.tagType.slice(0, 100) });
      continue;
    }
    const [first, ...rest] = parts.map(cover).filter((part) => part !== null);
    if (first === undefined) continue;
    const { color: _, ...found } = first;
    const at = placeBox(geometry, tag.what.type, found);
    tags.push({
      source: tag.syntax === "documenso" ? "documensoTag" : "docusealTag",
      type: tag.what.type,
      x: at.x,
      y: at.y,
      label,
      found,
      cover: first,
      ...(rest.length > 0 ? { moreCovers: rest } : {}),
      role: tag.role,
    });
  }
  return { tags, notes };
}

/** The glyphs of `line.text`'s characters [start, end), each once, in order (spaces read from gaps left out). */
const glyphsOf = (line: TextLine, start: number, end: number) =>
  [...new Set(line.glyphOf.slice(start, end))].filter((glyph) => glyph >= 0);

/**
 * The tags of each line, in the reading (left to right, or as a right-to-left line) in which the line holds the
 * most tags, then the most of their parts known (a right-to-left tag read left to right may still parse, as
 * nonsense); then each tag opened at a line's end and closed at the next line's start.
 */
function tagsOnLines(lines: readonly TextLine[][]): TagOnLines[] {
  const read = lines.map((readings) =>
    readings
      .map((reading) => ({ line: reading, tags: findTags(reading.text) }))
      .reduce((best, next) => (score(next.tags) > score(best.tags) ? next : best)),
  );
  const found: TagOnLines[] = [];
  read.forEach(({ line, tags }, index) => {
    for (const tag of tags) found.push({ tag, parts: [glyphsOf(line, tag.start, tag.end)] });
    const next = read[index + 1];
    const opened = line.text.lastIndexOf("{{");
    if (next === undefined || opened < 0 || line.text.includes("}}", opened)) return;
    const closed = next.line.text.indexOf("}}");
    if (closed < 0 || next.line.text.slice(0, closed).includes("{{")) return;
    const head = line.text.slice(opened).trimEnd();
    const tail = next.line.text.slice(0, closed + 2).trimStart();
    if (head.length + tail.length > maxWrappedTag) return;
    // The line break reads as the space Word broke the line at.
    const [wrapped] = findTags(`${head} ${tail}`);
    if (wrapped === undefined || wrapped.start !== 0 || wrapped.end !== head.length + 1 + tail.length) return;
    const tailStart = next.line.text.indexOf(tail);
    found.push({
      tag: wrapped,
      parts: [glyphsOf(line, opened, opened + head.length), glyphsOf(next.line, tailStart, tailStart + tail.length)],
    });
  });
  return found;
}
