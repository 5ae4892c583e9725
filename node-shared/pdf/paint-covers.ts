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

/** A rectangle to paint, in "#rrggbb" (CoverColorSchema). */
export interface ColoredRect extends UserRect {
  color: string;
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

const channel = (color: string, at: number) => Number.parseInt(color.slice(at, at + 2), 16) / 255;

/**
 * Paints each rectangle in its colour, after everything the page draws: the page's content must have been isolated
 * first (PdfForUpdate.isolate), so that no clip, matrix or colour it leaves set moves or tints a cover.
 *
 * The colour is the one the page paints under the tag, as the detector found it (a table cell's shading, a
 * highlight), else white; under an image or a gradient it is white too, as nothing says which colour shows there.
 */
export function paintCovers(page: PDFPage, rects: readonly ColoredRect[]): void {
  if (rects.length === 0) return;
  page.pushOperators(
    pushGraphicsState(),
    ...rects.flatMap((rect) => [
      setFillingRgbColor(channel(rect.color, 1), channel(rect.color, 3), channel(rect.color, 5)),
      rectangle(rect.x, rect.y, rect.width, rect.height),
      fill(),
    ]),
    popGraphicsState(),
  );
}
