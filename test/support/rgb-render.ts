/**
 * Pages rendered in colour by Poppler (pdftoppm), an independent renderer: at 72 dpi a pixel is a point of the page
 * as displayed (CropBox after /Rotate), the API's coordinates.
 */
import { pdftoppmPage } from "./gray-render";

export interface Rgb {
  width: number;
  height: number;
  /** Row by row from the top-left, three bytes (red, green, blue) a pixel. */
  pixels: Uint8Array;
}

/** Page `page` (1-based) of the PDF file `pdf`, rendered at `dpi`, from pdftoppm's binary 8-bit PPM (P6). */
export async function renderRgb(pdf: string, page: number, dpi: number): Promise<Rgb> {
  const data = await pdftoppmPage(pdf, page, dpi, false);
  const header = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(data.subarray(0, 40).toString("latin1"));
  if (header === null) throw new Error("Not an 8-bit binary PPM.");
  const [whole, width, height] = header;
  return { width: Number(width), height: Number(height), pixels: new Uint8Array(data.subarray(whole.length)) };
}

/** The pixel at (x, y) as "#rrggbb". */
function pixelAt(image: Rgb, x: number, y: number): string {
  const at = (y * image.width + x) * 3;
  return `#${[0, 1, 2].map((channel) => (image.pixels[at + channel] ?? 0).toString(16).padStart(2, "0")).join("")}`;
}

/** Every pixel wholly inside the rectangle (72 dpi: a pixel a point), as "#rrggbb", with how often each shows. */
export function colorsInside(
  image: Rgb,
  rect: { x: number; y: number; width: number; height: number },
): Map<string, number> {
  const counts = new Map<string, number>();
  for (let y = Math.ceil(rect.y); y + 1 <= Math.floor(rect.y + rect.height); y += 1) {
    for (let x = Math.ceil(rect.x); x + 1 <= Math.floor(rect.x + rect.width); x += 1) {
      const color = pixelAt(image, x, y);
      counts.set(color, (counts.get(color) ?? 0) + 1);
    }
  }
  return counts;
}
