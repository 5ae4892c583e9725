import * as pdfjs from "pdfjs-dist/legacy/build/pdf.mjs";
import { withPdfDocument } from "./pdf-text";

export interface Drawn {
  kind: "image" | "path";
  x: number;
  y: number;
  width: number;
  height: number;
  /** Displayed-space matrix of an image's unit square. */
  matrix: number[];
}

/** Images and stroked paths of a page, with their boxes as displayed, from pdf.js' operator list. */
export async function drawnOnPage(pdf: Uint8Array, pageNumber: number): Promise<Drawn[]> {
  return withPdfDocument(pdf, async (doc) => {
    const page = await doc.getPage(pageNumber);
    const { fnArray, argsArray } = await page.getOperatorList();
    const stack: number[][] = [];
    let ctm: number[] = page.getViewport({ scale: 1 }).transform;
    const drawn: Drawn[] = [];
    const box = (kind: Drawn["kind"], [x0 = 0, y0 = 0, x1 = 0, y1 = 0]: number[]) => {
      const points = [
        [x0, y0],
        [x1, y0],
        [x0, y1],
        [x1, y1],
      ];
      for (const point of points) pdfjs.Util.applyTransform(point, ctm); // in place
      const xs = points.map(([x = Number.NaN]) => x);
      const ys = points.map(([, y = Number.NaN]) => y);
      const x = Math.min(...xs);
      const y = Math.min(...ys);
      drawn.push({ kind, x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y, matrix: ctm });
    };
    fnArray.forEach((fn, index) => {
      const args = argsArray[index];
      if (fn === pdfjs.OPS.save) stack.push(ctm);
      else if (fn === pdfjs.OPS.restore) ctm = stack.pop() ?? ctm;
      else if (fn === pdfjs.OPS.transform) ctm = pdfjs.Util.transform(ctm, args);
      else if (fn === pdfjs.OPS.paintImageXObject || fn === pdfjs.OPS.paintInlineImageXObject)
        box("image", [0, 0, 1, 1]);
      else if (fn === pdfjs.OPS.constructPath && args[2]) box("path", Array.from(args[2] as Float32Array));
    });
    return drawn;
  });
}
