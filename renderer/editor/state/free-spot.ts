import type { Point, Size } from "../../../common/coordinates";
import { clampOntoPage, rectsIntersect } from "./geometry";
import type { Rect } from "./types";

export interface FreeSpotOptions {
  /** Distance between candidate positions, in points. */
  step?: number;
  /** Room kept clear around the other fields and inside the visible area's edges, in points. */
  gap?: number;
}

/**
 * Where a new box of `size` goes when it is added from the keyboard: inside `visible` (the part of the page
 * on screen, in page points), as near its centre as can be without touching `occupied` (the page's fields),
 * and always wholly on the page. When every spot in view is taken, the centre of the view.
 */
export function freeSpot(
  page: Size,
  visible: Rect,
  size: Size,
  occupied: readonly Rect[],
  options: FreeSpotOptions = {},
): Point {
  const step = options.step ?? 12;
  const gap = options.gap ?? 6;
  const view = intersection(visible, { x: 0, y: 0, ...page }) ?? { x: 0, y: 0, ...page };
  const centre = { x: view.x + view.width / 2 - size.width / 2, y: view.y + view.height / 2 - size.height / 2 };
  const fallback = clampOntoPage(page, size, centre) ?? { x: 0, y: 0 };

  const left = view.x + gap;
  const top = view.y + gap;
  const right = view.x + view.width - gap - size.width;
  const bottom = view.y + view.height - gap - size.height;
  if (right < left || bottom < top) return fallback;

  // A huge page seen whole would give millions of spots: at most about 10,000 are tried.
  const spacing = Math.max(step, Math.sqrt(((right - left) * (bottom - top)) / 10_000));
  const candidates: Point[] = [];
  for (let y = top; y <= bottom; y += spacing) {
    for (let x = left; x <= right; x += spacing) candidates.push({ x, y });
  }
  const distance = (point: Point) => Math.hypot(point.x - centre.x, point.y - centre.y);
  candidates.sort((a, b) => distance(a) - distance(b));
  const padded = occupied.map((rect) => ({
    x: rect.x - gap,
    y: rect.y - gap,
    width: rect.width + 2 * gap,
    height: rect.height + 2 * gap,
  }));
  for (const candidate of candidates) {
    const box = { ...candidate, ...size };
    if (!padded.some((rect) => rectsIntersect(box, rect))) return clampOntoPage(page, size, candidate) ?? fallback;
  }
  return fallback;
}

function intersection(a: Rect, b: Rect): Rect | null {
  const x = Math.max(a.x, b.x);
  const y = Math.max(a.y, b.y);
  const right = Math.min(a.x + a.width, b.x + b.width);
  const bottom = Math.min(a.y + a.height, b.y + b.height);
  return right > x && bottom > y ? { x, y, width: right - x, height: bottom - y } : null;
}
