/**
 * The one mapping between API coordinates and PDF user space (API-NOTES.md, "Numbering and coordinates").
 *
 * API coordinates are PDF points measured from the top-left corner of the page *as displayed*: the
 * CropBox after the page's /Rotate is applied; (x, y) is the top-left corner of a field's box.
 * PDF user space has its origin at the bottom-left of the unrotated page, y up.
 */

export type Rotation = 0 | 90 | 180 | 270;

export interface PageGeometry {
  /** CropBox in user space: [left, bottom, right, top]. */
  cropBox: [number, number, number, number];
  /** The page's /Rotate, normalised to 0, 90, 180 or 270 (clockwise when displayed). */
  rotation: Rotation;
}

export interface Point {
  x: number;
  y: number;
}

export interface Size {
  width: number;
  height: number;
}

export function normaliseRotation(degrees: number): Rotation {
  const turned = (((Math.round(degrees / 90) * 90) % 360) + 360) % 360;
  return turned as Rotation;
}

/** A page's geometry from what pdf.js reports of it: `view` (its CropBox) and `rotate`. */
export function pageGeometryOf(page: { view: readonly number[]; rotate: number }): PageGeometry {
  const [left = 0, bottom = 0, right = 0, top = 0] = page.view;
  return { cropBox: [left, bottom, right, top], rotation: normaliseRotation(page.rotate) };
}

/** The page's size as displayed (width and height swap for 90 and 270). */
export function displayedSize(page: PageGeometry): Size {
  const [left, bottom, right, top] = page.cropBox;
  const width = right - left;
  const height = top - bottom;
  return page.rotation === 90 || page.rotation === 270 ? { width: height, height: width } : { width, height };
}

/** A point in displayed coordinates (top-left origin, y down) to user space. */
export function displayedToUser(page: PageGeometry, point: Point): Point {
  const [left, bottom, right, top] = page.cropBox;
  const width = right - left;
  const height = top - bottom;
  switch (page.rotation) {
    case 0:
      return { x: left + point.x, y: bottom + height - point.y };
    case 90:
      return { x: left + point.y, y: bottom + point.x };
    case 180:
      return { x: left + width - point.x, y: bottom + point.y };
    case 270:
      return { x: left + width - point.y, y: bottom + height - point.x };
  }
}

/** A point in user space to displayed coordinates: the inverse of displayedToUser. */
export function userToDisplayed(page: PageGeometry, point: Point): Point {
  const [left, bottom, right, top] = page.cropBox;
  const width = right - left;
  const height = top - bottom;
  const u = point.x - left;
  const v = point.y - bottom;
  switch (page.rotation) {
    case 0:
      return { x: u, y: height - v };
    case 90:
      return { x: v, y: u };
    case 180:
      return { x: width - u, y: v };
    case 270:
      return { x: height - v, y: width - u };
  }
}

/** Whether a box at `topLeft` of `size` lies entirely on the displayed page. */
export function boxFitsPage(page: PageGeometry, topLeft: Point, size: Size): boolean {
  const shown = displayedSize(page);
  return (
    Number.isFinite(topLeft.x) &&
    Number.isFinite(topLeft.y) &&
    topLeft.x >= 0 &&
    topLeft.y >= 0 &&
    topLeft.x + size.width <= shown.width + 1e-9 &&
    topLeft.y + size.height <= shown.height + 1e-9
  );
}

/** API y measured from the top (default) or from the bottom of the displayed page, for accounts that read it so. */
export type CoordinateOrigin = "top-left" | "bottom-left";

/** Converts a box's y between the app's internal top-left form and an account's wire origin (symmetric). */
export function flipBoxY(page: PageGeometry, y: number, boxHeight: number, origin: CoordinateOrigin): number {
  if (origin === "top-left") return y;
  return displayedSize(page).height - y - boxHeight;
}
