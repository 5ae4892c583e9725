import { type PageGeometry, type Point, userToDisplayed } from "../../../common/coordinates";
import type { FoundCover, FoundNote } from "../../../common/found-fields";
import type { PlacedGlyph } from "./glyph-walk";
import { boxOfPoints, colorsUnder, type PageFill } from "./page-fills";
import type { FieldDraft } from "./page-findings";
import { boundsOf, placeBox } from "./place-box";
import { findTags, type ParsedTag } from "./tag-syntax";
import { type LineReadings, type TextLine, textLines, wrapsOnto } from "./text-lines";
import { hasRightToLeft } from "./visual-order";

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
  // Filed only once a tag is to be covered: most pages with braces have none.
  let colorUnder: ReturnType<typeof colorsUnder> | null = null;
  const cover = (part: readonly number[]): FoundCover | null => {
    const placed = part.flatMap((glyph) => glyphs[glyph] ?? []);
    if (placed.length === 0) return null;
    const corners: Point[] = placed.flatMap((glyph) => glyph.corners);
    const box = boundsOf(corners.map((corner) => userToDisplayed(geometry, corner)));
    colorUnder ??= colorsUnder(fills);
    const under = colorUnder(
      boxOfPoints(corners),
      part.reduce((least, glyph) => Math.min(least, glyph), Number.POSITIVE_INFINITY),
    );
    return under === null || under === "#ffffff" ? box : { ...box, color: under };
  };
  for (const { tag, parts } of tagsOnLines(textLines(glyphs), glyphs)) {
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
function tagsOnLines(lines: readonly LineReadings[], glyphs: readonly PlacedGlyph[]): TagOnLines[] {
  const read = lines.map(({ leftToRight, rightToLeft }) => {
    const asWritten = { line: leftToRight, tags: findTags(leftToRight.text) };
    // A line of Latin letters only is read right to left only when nothing reads as a tag left to right.
    if (asWritten.tags.length > 0 && !hasRightToLeft(leftToRight.text)) return asWritten;
    return rightToLeft()
      .map((line) => ({ line, tags: findTags(line.text) }))
      .reduce((best, next) => (score(next.tags) > score(best.tags) ? next : best), asWritten);
  });
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
    // The line break reads as the space Word broke the line at; or as nothing, where a long word was broken
    // (`{{Tenant;type=signa` / `ture}}`) and only the unbroken word makes a field.
    const whole = (joined: string) => {
      const [tag] = findTags(joined);
      return tag !== undefined && tag.start === 0 && tag.end === joined.length ? tag : undefined;
    };
    const spaced = whole(`${head} ${tail}`);
    const unbroken = spaced?.what.kind === "field" ? undefined : whole(`${head}${tail}`);
    const wrapped = unbroken?.what.kind === "field" ? unbroken : spaced;
    if (wrapped === undefined) return;
    const tailStart = next.line.text.indexOf(tail);
    if (!wrapsOnto(glyphs, glyphsOf(line, 0, line.text.length), glyphsOf(next.line, 0, next.line.text.length))) return;
    found.push({
      tag: wrapped,
      parts: [glyphsOf(line, opened, opened + head.length), glyphsOf(next.line, tailStart, tailStart + tail.length)],
    });
  });
  return found;
}
