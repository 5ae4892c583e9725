import { fill, type PDFPage, popGraphicsState, pushGraphicsState, rectangle, setFillingRgbColor } from "pdf-lib";
import { displayedToUser, type PageGeometry } from "../../common/coordinates";
import type { FoundRect } from "../../common/found-fields";

/** A rectangle in PDF user space: (x, y) its bottom-left corner, y up. */
export interface UserRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The user-space bounding box of a rectangle given in the page's displayed coordinates (any /Rotate, any CropBox). */
export function displayedRectToUser(page: PageGeometry, rect: FoundRect): UserRect {
  const corners = [
    { x: rect.x, y: rect.y },
    { x: rect.x + rect.width, y: rect.y },
    { x: rect.x, y: rect.y + rect.height },
    { x: rect.x + rect.width, y: rect.y + rect.height },
  ].map((corner) => displayedToUser(page, corner));
  const xs = corners.map((corner) => corner.x);
  const ys = corners.map((corner) => corner.y);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}

/**
 * Paints each rectangle with the page's background, after everything the page draws: the page's content must have
 * been isolated first (PdfForUpdate.isolate), so that no clip, matrix or colour it leaves set moves or tints a cover.
 *
 * The background is taken to be white: what lies under a tag (a tint, a table's shading, a scanned sheet) is not
 * known without rendering the page, and text tags are typed in Word or LibreOffice, whose exports are white pages.
 */
export function paintCovers(page: PDFPage, rects: readonly UserRect[]): void {
  if (rects.length === 0) return;
  page.pushOperators(
    pushGraphicsState(),
    setFillingRgbColor(1, 1, 1),
    ...rects.flatMap((rect) => [rectangle(rect.x, rect.y, rect.width, rect.height), fill()]),
    popGraphicsState(),
  );
}
