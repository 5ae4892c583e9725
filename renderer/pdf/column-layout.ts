/** Where each item of a scrolling column sits: pure arithmetic, so the column can mount only what is near the view. */

import type { Extent } from "./visibility";

export interface ColumnLayout {
  /** Each item's top, from the column's top (CSS px). */
  readonly tops: readonly number[];
  readonly heights: readonly number[];
  /** The column's whole height, padding included. */
  readonly height: number;
}

/** Items of `heights` stacked with `gap` between them and `padding` above the first and below the last. */
export function columnLayout(heights: readonly number[], gap: number, padding: number): ColumnLayout {
  const tops: number[] = [];
  let next = padding;
  for (const height of heights) {
    tops.push(next);
    next += height + gap;
  }
  const height = heights.length === 0 ? 2 * padding : next - gap + padding;
  return { tops, heights, height };
}

export function extentOf(layout: ColumnLayout, index: number): Extent {
  return { index, top: layout.tops[index] ?? 0, height: layout.heights[index] ?? 0 };
}

/** The first index whose item ends after `y`, or the item count when none does (binary search). */
function firstEndingAfter(layout: ColumnLayout, y: number): number {
  let low = 0;
  let high = layout.tops.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((layout.tops[middle] ?? 0) + (layout.heights[middle] ?? 0) > y) high = middle;
    else low = middle + 1;
  }
  return low;
}

/** The extents of the items that overlap [from, to) of the column, in order. */
export function extentsBetween(layout: ColumnLayout, from: number, to: number): Extent[] {
  const range = itemsBetween(layout, from, to);
  const extents: Extent[] = [];
  if (range !== null)
    for (let index = range.first; index <= range.last; index += 1) extents.push(extentOf(layout, index));
  return extents;
}

/** The items that overlap [from, to) of the column, as an inclusive index range; null when none does. */
export function itemsBetween(layout: ColumnLayout, from: number, to: number): { first: number; last: number } | null {
  const first = firstEndingAfter(layout, from);
  let last = first - 1;
  while (last + 1 < layout.tops.length && (layout.tops[last + 1] ?? 0) < to) last += 1;
  return last < first ? null : { first, last };
}
