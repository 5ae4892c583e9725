import { concatTransformationMatrix, type PDFPage, popGraphicsState, pushGraphicsState } from "pdf-lib";
import { displayedToUser, type PageGeometry, type Size } from "../../common/coordinates";

/**
 * A field box's own frame: origin at the box's bottom-left corner as displayed, x to the right and y up as
 * displayed, in points. Whatever is drawn in this frame reads upright on screen, whatever the page's /Rotate.
 * The matrix maps frame coordinates to PDF user space: [a, b, c, d, e, f] of a `cm` operator.
 */
export type FrameMatrix = readonly [number, number, number, number, number, number];

/** The frame of a box whose top-left corner is at (x, y) in displayed coordinates, mapped with displayedToUser. */
export function boxFrame(page: PageGeometry, x: number, y: number, size: Size): FrameMatrix {
  const bottomLeft = { x, y: y + size.height };
  const origin = displayedToUser(page, bottomLeft);
  const right = displayedToUser(page, { x: bottomLeft.x + 1, y: bottomLeft.y });
  const up = displayedToUser(page, { x: bottomLeft.x, y: bottomLeft.y - 1 });
  return [right.x - origin.x, right.y - origin.y, up.x - origin.x, up.y - origin.y, origin.x, origin.y];
}

/**
 * Runs `draw` with the box's frame as the current transformation matrix (inside q … Q). An existing page's own
 * content cannot displace it: the first drawing on a loaded page makes pdf-lib enclose that content in q … Q
 * (PDFPageLeaf.normalize, autoNormalizeCTM), even when it leaves its matrix changed.
 */
export function drawInFrame(page: PDFPage, frame: FrameMatrix, draw: () => void): void {
  page.pushOperators(pushGraphicsState(), concatTransformationMatrix(...frame));
  try {
    draw();
  } finally {
    page.pushOperators(popGraphicsState());
  }
}
