import { cmyk, PDFDocument, rgb } from "pdf-lib";
import type { PageGeometry } from "../../common/coordinates";
import { makePdf } from "./pdf-fixtures";

/** A marked square on a page: user-space box [left, bottom, right, top] and the colour it must show. */
export interface Mark {
  box: [number, number, number, number];
  colour: "red" | "blue" | "green";
}

/** Page 1 plain (its mark in CMYK, drawn through pdf.js's ICC support, i.e. its wasm), 2 rotated, 3 cropped. */
export const geometries: PageGeometry[] = [
  { cropBox: [0, 0, 612, 792], rotation: 0 },
  { cropBox: [0, 0, 612, 792], rotation: 90 },
  { cropBox: [50, 100, 450, 700], rotation: 0 },
];
export const marks: Mark[] = [
  { box: [100, 600, 160, 660], colour: "red" },
  { box: [100, 600, 160, 660], colour: "blue" },
  { box: [150, 500, 210, 560], colour: "green" },
];

export const looksLike: Record<Mark["colour"], (pixel: number[]) => boolean> = {
  red: ([red = 0, green = 0, blue = 0]) => red > 150 && green < 100 && blue < 100,
  blue: ([red = 0, green = 0, blue = 0]) => blue > 150 && red < 80 && green < 80,
  green: ([red = 0, green = 0, blue = 0]) => green > 100 && red < 80 && blue < 80,
};

export async function markedPdf(): Promise<Uint8Array> {
  const document = await PDFDocument.load(
    await makePdf([{}, { rotate: 90 }, { cropBox: geometries[2]?.cropBox ?? [0, 0, 0, 0] }]),
  );
  const colours = { red: cmyk(0, 1, 1, 0), blue: rgb(0, 0, 1), green: rgb(0, 0.6, 0) };
  document.getPages().forEach((page, index) => {
    const mark = marks[index];
    if (mark === undefined) return;
    const [left, bottom, right, top] = mark.box;
    page.drawRectangle({ x: left, y: bottom, width: right - left, height: top - bottom, color: colours[mark.colour] });
  });
  return document.save();
}
