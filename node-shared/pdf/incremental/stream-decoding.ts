import { inflateSync, constants as zlib } from "node:zlib";
import { dictionaryAt, integerEntry, objectHeaders, skipWhitespace, streamData } from "../pdf-syntax";
import type { PdfText } from "../pdf-text";

/**
 * The most a cross-reference or object stream may decode to: 8,388,607 objects (the PDF limit) of 7 bytes. Beyond
 * it the data is refused rather than inflated: a small file can hold gigabytes of zeros, and Buffers lie outside
 * the worker's bounded heap.
 */
const maxDecodedBytes = 64 * 1024 * 1024;

/** Flate data with PNG predictors (7.4.4.4), as cross-reference and object streams use them. */
export function decodeFlate(data: Uint8Array, dictionary: string): Uint8Array {
  const filter = /\/Filter\s*\[?\s*\/(\w+)/.exec(dictionary)?.[1];
  let decoded: Uint8Array;
  if (filter === undefined) decoded = data;
  else if (filter === "FlateDecode" || filter === "Fl") {
    try {
      decoded = inflateSync(data, { finishFlush: zlib.Z_SYNC_FLUSH, maxOutputLength: maxDecodedBytes });
    } catch (error) {
      throw new Error(`a stream does not inflate within ${maxDecodedBytes / 1024 / 1024} MB`, { cause: error });
    }
  } else throw new Error(`streams filtered with /${filter} are not read`);
  const predictor = integerEntry(dictionary, "Predictor") ?? 1;
  if (predictor < 10) return decoded;
  return undoPngPredictor(decoded, integerEntry(dictionary, "Columns") ?? 1);
}

function undoPngPredictor(data: Uint8Array, columns: number): Uint8Array {
  const rows = Math.floor(data.length / (columns + 1));
  const out = new Uint8Array(rows * columns);
  for (let row = 0; row < rows; row += 1) {
    const filter = data[row * (columns + 1)];
    for (let column = 0; column < columns; column += 1) {
      const raw = data[row * (columns + 1) + 1 + column] ?? 0;
      const left = column > 0 ? (out[row * columns + column - 1] ?? 0) : 0;
      const up = row > 0 ? (out[(row - 1) * columns + column] ?? 0) : 0;
      const upLeft = row > 0 && column > 0 ? (out[(row - 1) * columns + column - 1] ?? 0) : 0;
      let predicted = 0;
      if (filter === 1) predicted = left;
      else if (filter === 2) predicted = up;
      else if (filter === 3) predicted = (left + up) >> 1;
      else if (filter === 4) {
        const estimate = left + up - upLeft;
        const [a, b, c] = [Math.abs(estimate - left), Math.abs(estimate - up), Math.abs(estimate - upLeft)];
        predicted = a <= b && a <= c ? left : b <= c ? up : upLeft;
      }
      out[row * columns + column] = (raw + predicted) & 0xff;
    }
  }
  return out;
}

/**
 * Refuses a file whose cross-reference or object streams inflate beyond what any real file needs: the PDF library
 * that loads the file decodes every one of them whole, outside the worker's bounded heap.
 */
export function refuseInflationBombs(text: PdfText): void {
  for (const header of objectHeaders(text)) {
    const open = skipWhitespace(text, header.end);
    if (!text.startsWith("<<", open) || !/\/Type\s*\/(ObjStm|XRef)\b/.test(text.slice(open, open + 1024))) continue;
    const dictionary = dictionaryAt(text, open);
    if (dictionary === null) continue;
    let data: Uint8Array;
    try {
      data = streamData(text, open + dictionary.length, dictionary);
    } catch {
      continue;
    }
    const filter = /\/Filter\s*\[?\s*\/(\w+)/.exec(dictionary)?.[1];
    if (filter !== "FlateDecode" && filter !== "Fl") continue;
    try {
      inflateSync(data, { finishFlush: zlib.Z_SYNC_FLUSH, maxOutputLength: maxDecodedBytes });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ERR_BUFFER_TOO_LARGE") {
        throw new Error(`object ${header.number} inflates to more than ${maxDecodedBytes / 1024 / 1024} MB`);
      }
    }
  }
}
