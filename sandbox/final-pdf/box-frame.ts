import { concatTransformationMatrix, type PDFPage, popGraphicsState, pushGraphicsState } from "pdf-lib";
import { displayedToUser, normaliseRotation, type PageGeometry, type Size } from "../../common/coordinates";

/**
 * A field box's own frame: origin at the box's bottom-left corner as displayed, x to the right and y up as
 * displayed, in points. Whatever is drawn in this frame reads upright on screen, whatever the page's /Rotate.
 * The matrix maps frame coordinates to PDF user space: [a, b, c, d, e, f] of a `cm` operator.
 */
export type FrameMatrix = readonly [number, number, number, number, number, number];

type Edges = [left: number, bottom: number, right: number, top: number];

function edges(box: { x: number; y: number; width: number; height: number }): Edges {
  const xs = [box.x, box.x + box.width];
  const ys = [box.y, box.y + box.height];
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

/** The page's geometry as viewers display it: the CropBox (normalised, clipped to the MediaBox) and /Rotate. */
export function pageGeometry(page: PDFPage): PageGeometry {
  const crop = edges(page.getCropBox());
  const media = edges(page.getMediaBox());
  const clipped: Edges = [
    Math.max(crop[0], media[0]),
    Math.max(crop[1], media[1]),
    Math.min(crop[2], media[2]),
    Math.min(crop[3], media[3]),
  ];
  const usable = clipped[2] > clipped[0] && clipped[3] > clipped[1];
  return { cropBox: usable ? clipped : crop, rotation: normaliseRotation(page.getRotation().angle) };
}

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
