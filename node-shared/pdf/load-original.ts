import {
  type LoadOptions,
  type PDFContext,
  PDFDocument,
  PDFName,
  PDFNumber,
  type PDFObject,
  PDFObjectParser,
  PDFRawStream,
} from "pdf-lib";
import type { ByteRange, OriginalPdf } from "./original-pdf";

/**
 * pdf-lib over an original whose large streams' data were left unread (zeros; see original-pdf.ts). pdf-lib never
 * reads the data of a stream whose /Length is a direct number followed by `endstream`: it moves past it. So a
 * parse gives what the file's own bytes would give exactly when every unread byte it went over lies in such data;
 * otherwise the bytes it needed are read from the file and it parses again.
 */

/** The data pdf-lib stepped over by its /Length without reading it, as a range of the original, or null. */
function steppedOver(original: OriginalPdf, object: PDFObject): ByteRange | null {
  if (!(object instanceof PDFRawStream)) return null;
  const length = object.dict.get(PDFName.of("Length"));
  if (!(length instanceof PDFNumber) || length.asNumber() !== object.contents.length) return null;
  const start = original.offsetOf(object.contents);
  return start === null ? null : { start, end: start + object.contents.length };
}

/**
 * The unread ranges that meet [start, end) outside every range of `skipped` (sorted by start, none overlapping: the
 * data of streams parsed one after the other).
 */
function unreadOutside(original: OriginalPdf, start: number, end: number, skipped: ByteRange[]): ByteRange[] {
  const inSkipped = (range: ByteRange) => {
    // The last skipped range that starts at or before this one is the only one that can hold it.
    let low = 0;
    let high = skipped.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      if ((skipped[middle] as ByteRange).start <= range.start) low = middle + 1;
      else high = middle - 1;
    }
    const holder = skipped[high];
    return holder !== undefined && range.end <= holder.end;
  };
  return original.unreadRanges.filter((range) => range.start < end && start < range.end && !inSkipped(range));
}

/** Loads the document with pdf-lib, reading from the file whatever unread part its parse could not step over. */
export async function loadOriginal(original: OriginalPdf, options: LoadOptions = {}): Promise<PDFDocument> {
  const load = () => PDFDocument.load(original.bytes, { updateMetadata: false, ...options });
  if (original.unreadRanges.length > 0) {
    try {
      const doc = await load();
      const skipped: ByteRange[] = [];
      for (const [, object] of doc.context.enumerateIndirectObjects()) {
        const range = steppedOver(original, object);
        if (range !== null) skipped.push(range);
      }
      skipped.sort((a, b) => a.start - b.start);
      if (unreadOutside(original, 0, original.length, skipped).length === 0) return doc;
    } catch {
      // Parsed again below, on the file's own bytes, for its own error.
    }
    original.fill(0, original.length);
  }
  return load();
}

/**
 * The object whose definition starts at `start` (just after its `obj`), parsed as pdf-lib parses it, from the
 * file's own bytes wherever the parse reads them.
 */
export function parseObjectAt(original: OriginalPdf, start: number, context: PDFContext): PDFObject {
  for (;;) {
    const parser = PDFObjectParser.forBytes(original.bytes.subarray(start), context);
    // pdf-lib keeps its parser's position to itself; it is where the parse stopped reading, or failed.
    const end = () => start + (parser as unknown as { bytes: { offset(): number } }).bytes.offset() + 1;
    let object: PDFObject;
    try {
      object = parser.parseObject();
    } catch (error) {
      const needed = unreadOutside(original, start, end(), []);
      if (needed.length === 0) throw error;
      for (const range of needed) original.fill(range.start, range.end);
      continue;
    }
    const skipped = steppedOver(original, object);
    const needed = unreadOutside(original, start, end(), skipped === null ? [] : [skipped]);
    if (needed.length === 0) return object;
    for (const range of needed) original.fill(range.start, range.end);
  }
}
