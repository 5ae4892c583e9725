import type { PDFPage } from "pdf-lib";
import { normaliseRotation, type PageGeometry } from "../../../common/coordinates";

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
