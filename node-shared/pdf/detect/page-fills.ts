import type { Point } from "../../../common/coordinates";

/**
 * What a page paints before its text: filled paths (a table cell's shading, a highlight behind a run, a page colour)
 * and images, each as its user-space bounding box (clipped) with its colour when that is one opaque colour. A tag's
 * cover is painted in the colour of what lies under the tag, so that it hides the tag without leaving a white patch.
 */

/** An axis-aligned box in user space: [minX, minY, maxX, maxY]. */
export type Box = [number, number, number, number];

export interface PageFill {
  box: Box;
  /** "#rrggbb" for an opaque solid colour; null when not one colour (an image, a pattern, a translucent fill). */
  color: string | null;
  /** How many glyphs the page had shown when this was painted: it lies under those that come after. */
  glyphsBefore: number;
}

/** The share of a box's area that another covers enough to call it the background under the box. */
const underShare = 0.9;

export function boxOfPoints(points: readonly Point[]): Box {
  const xs = points.map((point) => point.x);
  const ys = points.map((point) => point.y);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

/** The part of `a` inside `clip` (all of it when there is no clip); it may be empty. */
export function intersect(a: Box, clip: Box | null): Box {
  if (clip === null) return a;
  return [Math.max(a[0], clip[0]), Math.max(a[1], clip[1]), Math.min(a[2], clip[2]), Math.min(a[3], clip[3])];
}

export const isEmpty = (box: Box) => box[0] > box[2] || box[1] > box[3];

const area = (box: Box) => (isEmpty(box) ? 0 : (box[2] - box[0]) * (box[3] - box[1]));

/**
 * The colour under a box whose first glyph is `firstGlyph`: the last paint before it that covers (nearly) all of
 * the box. Null when that paint is not one colour; white when nothing was painted there (the page itself).
 */
export function colorUnder(fills: readonly PageFill[], box: Box, firstGlyph: number): string | null {
  const boxArea = area(box);
  for (let index = fills.length - 1; index >= 0; index -= 1) {
    const fill = fills[index];
    if (fill === undefined || fill.glyphsBefore > firstGlyph) continue;
    const common = intersect(fill.box, box);
    if (isEmpty(common)) continue;
    if (area(common) >= underShare * boxArea) return fill.color;
  }
  return "#ffffff";
}
