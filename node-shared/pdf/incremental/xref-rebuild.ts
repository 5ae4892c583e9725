import {
  asLatin1,
  dictionaryAt,
  integerEntry,
  maxObjectNumber,
  objectHeaders,
  skipWhitespace,
  streamData,
} from "../pdf-syntax";
import type { PdfText } from "../pdf-text";
import { decodeFlate } from "./stream-decoding";
import type { XrefEntry } from "./xref-entry";

/**
 * Every object found by scanning the file, the last definition of each number winning (as in an update), and the
 * objects of every object stream found, as readers rebuild a damaged file (pdf.js: XRef.indexObjects).
 */
export function reconstructEntries(text: PdfText): Map<number, XrefEntry> {
  const entries = new Map<number, XrefEntry>();
  const streams: { number: number; offset: number }[] = [];
  for (const header of objectHeaders(text)) {
    const { number } = header;
    // Object 0 heads the free list; no object may have its number.
    if (number < 1 || number > maxObjectNumber) continue;
    entries.set(number, { type: "offset", offset: header.index, generation: header.generation });
    const open = skipWhitespace(text, header.end);
    // Only a dictionary that says so within its first kilobyte is read whole: reading every header's dictionary
    // to its end would take time quadratic in the size of a file full of unclosed `<<`.
    if (text.startsWith("<<", open) && /\/Type\s*\/ObjStm\b/.test(text.slice(open, open + 1024))) {
      streams.push({ number, offset: open });
    }
  }
  for (const { number, offset } of streams) {
    if ((entries.get(number) as { offset?: number } | undefined)?.offset === undefined) continue;
    try {
      const dictionary = dictionaryAt(text, offset);
      if (dictionary === null) continue;
      const data = decodeFlate(streamData(text, offset + dictionary.length, dictionary), dictionary);
      const count = integerEntry(dictionary, "N") ?? 0;
      const numbers = asLatin1(data.subarray(0, integerEntry(dictionary, "First") ?? 0))
        .trim()
        .split(/\s+/)
        .map(Number);
      for (let index = 0; index < count; index += 1) {
        const member = numbers[index * 2];
        if (member !== undefined && Number.isInteger(member) && !entries.has(member)) {
          entries.set(member, { type: "compressed", stream: number, index });
        }
      }
    } catch {
      // An object stream that cannot be read contributes nothing, as in readers that rebuild.
    }
  }
  return entries;
}
