import type { Point } from "../../../common/coordinates";
import { type FillShape, holdsBox } from "./fill-shapes";

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
  /**
   * The filled path's outline in user space, when it is not one rectangle filling its box (a frame drawn as outer
   * and inner rectangles, a triangle, a rotated band): it lies under a box only where the outline holds the box.
   */
  shape?: FillShape;
}

/** The share of a box's area that another covers enough to call it the background under the box. */
const underShare = 0.9;

export function boxOfPoints(points: readonly Point[]): Box {
  // A loop, not Math.min(...xs): a tag of a hundred thousand glyphs would overflow the stack with its arguments.
  const box: Box = [
    Number.POSITIVE_INFINITY,
    Number.POSITIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
  ];
  for (const { x, y } of points) {
    box[0] = Math.min(box[0], x);
    box[1] = Math.min(box[1], y);
    box[2] = Math.max(box[2], x);
    box[3] = Math.max(box[3], y);
  }
  return box;
}

/** The part of `a` inside `clip` (all of it when there is no clip); it may be empty. */
export function intersect(a: Box, clip: Box | null): Box {
  if (clip === null) return a;
  return [Math.max(a[0], clip[0]), Math.max(a[1], clip[1]), Math.min(a[2], clip[2]), Math.min(a[3], clip[3])];
}

export const isEmpty = (box: Box) => box[0] > box[2] || box[1] > box[3];

const area = (box: Box) => (isEmpty(box) ? 0 : (box[2] - box[0]) * (box[3] - box[1]));

/** The grid the fills are filed in: a fill over more cells than `wideCells` is kept in one list apart. */
const gridSize = 64;
const wideCells = 64;

/**
 * The colour under a box whose first glyph is `firstGlyph`: the last paint before it that covers (nearly) all of
 * the box. Null when that paint is not one colour; white when nothing was painted there (the page itself).
 *
 * A paint that covers nine tenths of a box holds the box's centre, so only the fills filed in the centre's cell of
 * a grid over the page (and the few wide ones) are looked at: a page of a hundred thousand fills and a thousand tags
 * stays quick.
 */
export function colorsUnder(fills: readonly PageFill[]): (box: Box, firstGlyph: number) => string | null {
  const extent = fills.reduce<Box | null>(
    (all, fill) =>
      all === null
        ? [...fill.box]
        : [
            Math.min(all[0], fill.box[0]),
            Math.min(all[1], fill.box[1]),
            Math.max(all[2], fill.box[2]),
            Math.max(all[3], fill.box[3]),
          ],
    null,
  );
  if (extent === null) return () => "#ffffff";
  const cellWidth = Math.max((extent[2] - extent[0]) / gridSize, 1e-9);
  const cellHeight = Math.max((extent[3] - extent[1]) / gridSize, 1e-9);
  const column = (x: number) => Math.min(gridSize - 1, Math.max(0, Math.floor((x - extent[0]) / cellWidth)));
  const row = (y: number) => Math.min(gridSize - 1, Math.max(0, Math.floor((y - extent[1]) / cellHeight)));
  const cells = new Map<number, number[]>();
  const wide: number[] = [];
  fills.forEach((fill, index) => {
    const [left, right, bottom, top] = [column(fill.box[0]), column(fill.box[2]), row(fill.box[1]), row(fill.box[3])];
    if ((right - left + 1) * (top - bottom + 1) > wideCells) {
      wide.push(index);
      return;
    }
    for (let y = bottom; y <= top; y += 1) {
      for (let x = left; x <= right; x += 1) {
        const key = y * gridSize + x;
        const list = cells.get(key);
        if (list === undefined) cells.set(key, [index]);
        else list.push(index);
      }
    }
  });
  return (box, firstGlyph) => {
    const [cx, cy] = [(box[0] + box[2]) / 2, (box[1] + box[3]) / 2];
    const inCell =
      cx < extent[0] || cx > extent[2] || cy < extent[1] || cy > extent[3]
        ? []
        : (cells.get(row(cy) * gridSize + column(cx)) ?? []);
    const boxArea = area(box);
    // Both lists are in painting order: walk them back together, from the last paint before the first glyph.
    let [a, b] = [lastBefore(fills, inCell, firstGlyph), lastBefore(fills, wide, firstGlyph)];
    while (a >= 0 || b >= 0) {
      const fromCell = b < 0 || (a >= 0 && (inCell[a] ?? -1) > (wide[b] ?? -1));
      const fill = fills[(fromCell ? inCell[a] : wide[b]) ?? -1];
      if (fromCell) a -= 1;
      else b -= 1;
      if (fill === undefined) continue;
      const common = intersect(fill.box, box);
      if (isEmpty(common) || area(common) < underShare * boxArea) continue;
      if (fill.shape !== undefined && !holdsBox(fill.shape, box)) continue;
      return fill.color;
    }
    return "#ffffff";
  };
}

/** The position in `list` (fill indexes, ascending) of the last fill painted before glyph `firstGlyph`, or -1. */
function lastBefore(fills: readonly PageFill[], list: readonly number[], firstGlyph: number): number {
  let [low, high] = [0, list.length];
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((fills[list[middle] ?? -1]?.glyphsBefore ?? 0) <= firstGlyph) low = middle + 1;
    else high = middle;
  }
  return low - 1;
}
