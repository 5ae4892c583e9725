/**
 * Snapping a moving box to other boxes' edges and centres and to the page's centre lines, in displayed
 * page points. Pure: the caller skips it while Alt is held, then moves the field to the returned position
 * and draws the returned guides.
 */

export interface SnapBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface SnapGuide {
  /** A vertical guide is a line x = position; a horizontal one is y = position. */
  orientation: "vertical" | "horizontal";
  position: number;
}

export interface SnapResult {
  x: number;
  y: number;
  guides: SnapGuide[];
}

export const defaultSnapThreshold = 4;

/** Lines closer than this count as one (floating-point noise). */
const sameLine = 1e-6;

interface AxisSnap {
  position: number;
  lines: number[];
}

/** Left/centre/right (or top/middle/bottom) of a box along one axis. */
function anchors(start: number, size: number): number[] {
  return [start, start + size / 2, start + size];
}

/**
 * Snaps one axis: of all (anchor, target) pairs within `threshold`, the nearest wins (ties: the earlier
 * anchor, then the earlier target). Returns the snapped start and every target line the moved box then
 * touches with any of its anchors (e.g. a box of equal width aligns on left, centre and right at once).
 */
function snapAxis(start: number, size: number, targets: readonly number[], threshold: number): AxisSnap {
  let best: { distance: number; offset: number } | null = null;
  for (const anchor of anchors(start, size)) {
    for (const target of targets) {
      const distance = Math.abs(target - anchor);
      if (distance <= threshold && (best === null || distance < best.distance)) {
        best = { distance, offset: target - anchor };
      }
    }
  }
  if (best === null) return { position: start, lines: [] };
  const position = start + best.offset;
  const moved = anchors(position, size);
  const lines: number[] = [];
  for (const target of targets) {
    const touches = moved.some((anchor) => Math.abs(anchor - target) <= sameLine);
    if (touches && !lines.some((line) => Math.abs(line - target) <= sameLine)) lines.push(target);
  }
  return { position, lines: lines.sort((a, b) => a - b) };
}

export function snapBox(
  moving: SnapBox,
  others: readonly SnapBox[],
  page: { width: number; height: number },
  thresholdPt: number = defaultSnapThreshold,
): SnapResult {
  const xTargets = [...others.flatMap((box) => anchors(box.x, box.width)), page.width / 2];
  const yTargets = [...others.flatMap((box) => anchors(box.y, box.height)), page.height / 2];
  const threshold = Number.isFinite(thresholdPt) && thresholdPt > 0 ? thresholdPt : 0;
  const x = snapAxis(moving.x, moving.width, xTargets, threshold);
  const y = snapAxis(moving.y, moving.height, yTargets, threshold);
  const guides: SnapGuide[] = [
    ...x.lines.map((position) => ({ orientation: "vertical" as const, position })),
    ...y.lines.map((position) => ({ orientation: "horizontal" as const, position })),
  ];
  return { x: x.position, y: y.position, guides };
}
