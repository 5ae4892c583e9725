import { type PageGeometry, type Point, userToDisplayed } from "../../../common/coordinates";
import type { FoundNote } from "../../../common/found-fields";
import type { PlacedGlyph } from "./glyph-walk";
import { boxOfPoints, colorUnder, type PageFill } from "./page-fills";
import type { FieldDraft } from "./page-findings";
import { boundsOf, placeBox } from "./place-box";
import { findTags, type ParsedTag } from "./tag-syntax";
import { textLines } from "./text-lines";

const maxLabel = 500;

const score = (tags: readonly ParsedTag[]) => tags.reduce((total, tag) => total + 1000 + tag.known, 0);

/**
 * The text tags among a page's glyphs: each tag's box runs from its first glyph's left edge to its last glyph's
 * right edge, and from the fonts' descent to their ascent, as displayed; the field's box is placed at its top-left.
 * The tag's cover takes the colour the page paints under the tag (`fills`), when that is not white.
 */
export function tagsOnPage(
  page: number,
  geometry: PageGeometry,
  glyphs: readonly PlacedGlyph[],
  fills: readonly PageFill[],
): { tags: FieldDraft[]; notes: FoundNote[] } {
  const tags: FieldDraft[] = [];
  const notes: FoundNote[] = [];
  for (const readings of textLines(glyphs)) {
    // The reading (left to right, or as a right-to-left line) in which the line holds the most tags, then the
    // most of their parts known (a right-to-left tag read left to right may still parse, as nonsense).
    const [line, tagsOfLine] = readings
      .map((reading) => [reading, findTags(reading.text)] as const)
      .reduce((best, next) => (score(next[1]) > score(best[1]) ? next : best));
    for (const tag of tagsOfLine) {
      const label = tag.text.slice(0, maxLabel);
      if (tag.what.kind !== "field") {
        notes.push({ kind: tag.what.kind, page, label, tagType: tag.what.tagType.slice(0, 100) });
        continue;
      }
      const corners: Point[] = [];
      let firstGlyph = Number.POSITIVE_INFINITY;
      for (const glyph of new Set(line.glyphOf.slice(tag.start, tag.end))) {
        const placed = glyphs[glyph];
        if (placed === undefined) continue;
        corners.push(...placed.corners);
        firstGlyph = Math.min(firstGlyph, glyph);
      }
      if (corners.length === 0) continue;
      const box = boundsOf(corners.map((corner) => userToDisplayed(geometry, corner)));
      const under = colorUnder(fills, boxOfPoints(corners), firstGlyph);
      const at = placeBox(geometry, tag.what.type, box);
      tags.push({
        source: tag.syntax === "documenso" ? "documensoTag" : "docusealTag",
        type: tag.what.type,
        x: at.x,
        y: at.y,
        label,
        found: box,
        cover: under === null || under === "#ffffff" ? box : { ...box, color: under },
        role: tag.role,
      });
    }
  }
  return { tags, notes };
}
