import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import { type ByteRange, OriginalPdf } from "./original-pdf";
import { dictionaryAt, integerEntry, objectHeaders, skipWhitespace, streamDataStart } from "./pdf-syntax";

/**
 * Reads a PDF from its file but for the data of its large streams (scanned pages, images), which stay in the file:
 * neither the page geometry nor a final PDF (whose updates only append) needs them, and a 50 MB scan then costs
 * its few kilobytes of structure rather than 50 MB in the process that reads it. Unread data is read later from
 * the file by whatever needs it (original-pdf.ts); whether pdf-lib's parse can do without it is checked
 * (load-original.ts), so a stream misjudged here costs memory, never correctness.
 */

/** Stream data shorter than this is read like the rest of the file. */
const minUnreadBytes = 64 * 1024;
/** How far the file is read ahead while looking for the next stream. */
const readAheadBytes = 64 * 1024;
/** Unread ranges are whole pages of memory: a page partly written would be resident anyway. */
const pageBytes = 4096;
/** A WebAssembly memory grows by pages of 64 KiB. */
const wasmPageBytes = 64 * 1024;
/** The most of a stream's dictionary looked at, before its `stream` keyword. */
const dictionaryWindowBytes = 16 * 1024;

/**
 * `length` zero bytes in memory the kernel maps only when first written: what is never written is never resident.
 * A WebAssembly memory is always its own mapping; Buffer.alloc's calloc may reuse (and clear) heap memory instead.
 */
function untouchedZeros(length: number): Buffer {
  const pages = Math.ceil(length / wasmPageBytes);
  return Buffer.from(new WasmMemory({ initial: pages, maximum: pages }).buffer, 0, length);
}

/** The one part of the WebAssembly API used here: its types come with the DOM's library, not Node's. */
type WasmMemoryConstructor = new (descriptor: { initial: number; maximum: number }) => { buffer: ArrayBuffer };
const WasmMemory = (globalThis as unknown as { WebAssembly: { Memory: WasmMemoryConstructor } }).WebAssembly.Memory;

function readExactly(fd: number, target: Buffer, targetOffset: number, length: number, position: number): void {
  let done = 0;
  while (done < length) {
    const read = readSync(fd, target, targetOffset + done, length - done, position + done);
    if (read === 0) throw new Error("The PDF file ended before its size (it changed while it was being read).");
    done += read;
  }
}

/**
 * The data of the stream whose `stream` keyword is at `keyword`, when it is large enough to leave unread: the
 * dictionary before the keyword (read already) gives a direct /Length, the file has `endstream` right after that
 * many bytes, and the stream is not one a reader decodes to find objects (cross-reference and object streams).
 */
function largeStreamData(fd: number, bytes: Buffer, keyword: number): ByteRange | null {
  const windowStart = Math.max(0, keyword - dictionaryWindowBytes);
  const before = bytes.toString("latin1", windowStart, keyword + 16);
  let last = null;
  for (const header of objectHeaders(before.slice(0, keyword - windowStart))) last = header;
  if (last === null) return null;
  const open = skipWhitespace(before, last.end);
  const dictionary = dictionaryAt(before, open);
  if (dictionary === null || /ObjStm|XRef/.test(dictionary)) return null;
  if (skipWhitespace(before, open + dictionary.length) !== keyword - windowStart) return null;
  const start = streamDataStart(before, open + dictionary.length);
  const length = integerEntry(dictionary, "Length");
  if (start === null || length === null || length < minUnreadBytes) return null;
  const dataStart = windowStart + start;
  const after = Buffer.alloc(64);
  const dataEnd = dataStart + length;
  if (dataEnd + "endstream".length > bytes.length) return null;
  readExactly(fd, after, 0, Math.min(after.length, bytes.length - dataEnd), dataEnd);
  const tail = after.toString("latin1");
  return tail.startsWith("endstream", skipWhitespace(tail, 0)) ? { start: dataStart, end: dataEnd } : null;
}

/** The original PDF in `file`, its large streams' data left unread (see above). */
export function readOriginalFile(file: string): OriginalPdf {
  const fd = openSync(file, "r");
  try {
    const size = fstatSync(fd).size;
    const bytes = untouchedZeros(size);
    const unread: ByteRange[] = [];
    /** [0, done) is read into `bytes` or left unread. */
    let done = 0;
    const readTo = (end: number) => {
      readExactly(fd, bytes, done, end - done, done);
      done = end;
    };
    const leaveUnreadTo = (end: number) => {
      unread.push({ start: done, end });
      done = end;
    };
    let searchFrom = 0;
    while (done < size) {
      readTo(Math.min(size, done + readAheadBytes));
      for (;;) {
        const found = bytes.subarray(searchFrom, done).indexOf("stream", 0, "latin1");
        if (found < 0) {
          // A keyword cut at the end of what is read is found again from the next read.
          searchFrom = Math.max(searchFrom, done - "stream".length + 1);
          break;
        }
        const keyword = searchFrom + found;
        searchFrom = keyword + "stream".length;
        if (keyword + 16 > done && done < size) readTo(Math.min(size, keyword + 16));
        if (bytes.toString("latin1", Math.max(0, keyword - 3), keyword) === "end") continue;
        // A stream whose end is in sight is small: not worth reading its dictionary.
        const end = bytes.subarray(keyword, done).indexOf("endstream", 0, "latin1");
        if (end >= 0 && end < minUnreadBytes) continue;
        const data = largeStreamData(fd, bytes, keyword);
        if (data === null) continue;
        const unreadStart = Math.ceil(Math.max(data.start, done) / pageBytes) * pageBytes;
        const unreadEnd = Math.floor(data.end / pageBytes) * pageBytes;
        if (unreadEnd - unreadStart < minUnreadBytes) continue;
        readTo(unreadStart);
        leaveUnreadTo(unreadEnd);
        searchFrom = data.end;
        break;
      }
    }
    return OriginalPdf.ofFile(bytes, unread, fd);
  } catch (error) {
    closeSync(fd);
    throw error;
  }
}
