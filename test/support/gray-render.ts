/**
 * Pages rendered by Poppler (pdftoppm -gray), an independent renderer, as 8-bit grey pixels for tests: at 72 dpi a
 * pixel is a point of the page as displayed (CropBox after /Rotate), the API's coordinates.
 */
import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import { promisify } from "node:util";
import { gunzipSync } from "node:zlib";

const run = promisify(execFile);

export interface Gray {
  width: number;
  height: number;
  /** Row by row from the top-left, 0 black to 255 white. */
  pixels: Uint8Array;
}

/** A binary PGM (P5, 8-bit), as pdftoppm -gray writes it. */
export function parsePgm(data: Buffer): Gray {
  const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(data.subarray(0, 40).toString("latin1"));
  if (header === null) throw new Error("Not an 8-bit binary PGM.");
  const [whole, width, height] = header;
  return { width: Number(width), height: Number(height), pixels: new Uint8Array(data.subarray(whole.length)) };
}

/** Page `page` (1-based) of the PDF file `pdf` as pdftoppm writes it at `dpi` (PPM, or PGM with `-gray`). */
export async function pdftoppmPage(pdf: string, page: number, dpi: number, gray: boolean): Promise<Buffer> {
  const { stdout } = await run(
    "pdftoppm",
    [...(gray ? ["-gray"] : []), "-cropbox", "-r", String(dpi), "-f", String(page), "-l", String(page), pdf],
    { encoding: "buffer", maxBuffer: 64 * 1024 * 1024 },
  );
  return stdout;
}

/** Page `page` (1-based) of the PDF file `pdf`, rendered at `dpi`. */
export async function renderGray(pdf: string, page: number, dpi: number): Promise<Gray> {
  return parsePgm(await pdftoppmPage(pdf, page, dpi, true));
}

/** A gzipped PGM reference image. */
export async function readGray(pgmGz: string): Promise<Gray> {
  return parsePgm(gunzipSync(await readFile(pgmGz)));
}
