/**
 * Zoom, as the scale the page views take: CSS pixels per PDF point.
 *
 * 100% is "actual size": one inch of paper (72 pt) is one CSS inch (96 CSS px), so a scale of 96/72 ≈ 1.333
 * CSS px per point, as in pdf.js's own viewer and in browsers' PDF viewers. A US Letter page (612 pt wide)
 * is 816 CSS px wide at 100%. Zoom is kept between 25% and 400%.
 */

/** CSS pixels per point at 100%. */
export const CSS_PX_PER_POINT = 96 / 72;

export const MIN_ZOOM = 0.25;
export const MAX_ZOOM = 4;

/** The zoom levels that zoom in and zoom out step through, as fractions of 100%. */
export const ZOOM_STEPS: readonly number[] = [
  0.25, 0.33, 0.5, 0.67, 0.75, 0.8, 0.9, 1, 1.1, 1.25, 1.5, 1.75, 2, 2.5, 3, 4,
];

/** Two scales this close are the same zoom (so a scale computed from a step is still that step). */
const SAME = 1e-6;

export function scaleForZoom(zoom: number): number {
  return zoom * CSS_PX_PER_POINT;
}

export function zoomForScale(scale: number): number {
  return scale / CSS_PX_PER_POINT;
}

/** The zoom of `scale` as a whole percentage, for display ("125%"). */
export function zoomPercent(scale: number): number {
  return Math.round(zoomForScale(scale) * 100);
}

/** `scale` kept within 25%–400% (a scale that is not a finite positive number becomes 100%). */
export function clampZoom(scale: number): number {
  if (!Number.isFinite(scale) || scale <= 0) return CSS_PX_PER_POINT;
  return Math.min(scaleForZoom(MAX_ZOOM), Math.max(scaleForZoom(MIN_ZOOM), scale));
}

/**
 * The scale at which a page `pageWidthPt` wide fills `viewportWidthPx`, less `padding` CSS px on each
 * side; clamped to the zoom range.
 */
export function fitWidthScale(pageWidthPt: number, viewportWidthPx: number, padding = 0): number {
  return clampZoom(Math.max(0, viewportWidthPx - 2 * padding) / pageWidthPt);
}

/** The scale at which a whole page (width and height, in points) fits the viewport, less `padding` on each side. */
export function fitPageScale(
  page: { width: number; height: number },
  viewport: { width: number; height: number },
  padding = 0,
): number {
  const width = Math.max(0, viewport.width - 2 * padding) / page.width;
  const height = Math.max(0, viewport.height - 2 * padding) / page.height;
  return clampZoom(Math.min(width, height));
}

/** The next step above `scale` (from a zoom between steps, the nearest step above it); 400% stays. */
export function zoomIn(scale: number): number {
  const zoom = zoomForScale(clampZoom(scale));
  const next = ZOOM_STEPS.find((step) => step > zoom + SAME) ?? MAX_ZOOM;
  return scaleForZoom(next);
}

/** The next step below `scale` (from a zoom between steps, the nearest step below it); 25% stays. */
export function zoomOut(scale: number): number {
  const zoom = zoomForScale(clampZoom(scale));
  const next = ZOOM_STEPS.findLast((step) => step < zoom - SAME) ?? MIN_ZOOM;
  return scaleForZoom(next);
}
