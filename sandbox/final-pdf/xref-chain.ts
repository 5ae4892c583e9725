import { inflateSync, constants as zlib } from "node:zlib";

/**
 * Reads a PDF's cross-reference chain from its last `startxref` (ISO 32000-1, 7.5.4 and 7.5.8): tables, streams,
 * hybrid files (/XRefStm) and earlier update sections (/Prev), then checks that every entry in use points at its
 * object. An incremental update appends to this chain, so it must know the chain's kind, where it starts, the
 * highest object number, and whether readers can follow it at all.
 *
 * Hand-written because no maintained JavaScript PDF library exposes its cross-reference reader: pdf-lib scans
 * objects in file order and ignores the cross-reference data entirely; pdf.js keeps its reader inside its worker.
 */
export type XrefKind = "table" | "stream";

/** Where an object lives: at a byte offset, or as the `index`th object of object stream `stream`. */
export type XrefEntry =
  | { type: "offset"; offset: number; generation: number }
  | { type: "compressed"; stream: number; index: number };

export interface XrefChain {
  /** The kind of the newest section: an update appends one of the same kind. */
  kind: XrefKind;
  /** The offset the last `startxref` gives, for the update's /Prev. */
  startxref: number;
  /** One more than the highest object number in use or declared (/Size). */
  size: number;
  /** Every object in use, newest definition first. */
  entries: Map<number, XrefEntry>;
  /** Every section was found where the chain says and every entry points at its object. */
  intact: boolean;
  /** Why not, for the log: the first problem found. */
  problem: string | null;
  /** The object number of the catalog the newest trailer names (/Root), when it names one. */
  root: number | null;
}

const whitespace = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);
const objectHeader = /(\d+)\s+(\d+)\s+obj\b/y;

/** The whole file as a string of bytes (one character a byte), which regular expressions can read. */
export function asLatin1(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1");
}

/** The number of the object whose header starts at `offset` (whitespace before it allowed), or null. */
export function objectNumberAt(text: string, offset: number): number | null {
  let at = offset;
  while (at < text.length && whitespace.has(text.charCodeAt(at))) at += 1;
  objectHeader.lastIndex = at;
  const match = objectHeader.exec(text);
  return match?.[1] === undefined ? null : Number(match[1]);
}

/** The dictionary that starts at `open` (the first `<`), up to its matching `>>`, as text. */
export function dictionaryAt(text: string, open: number): string | null {
  if (!text.startsWith("<<", open)) return null;
  let depth = 0;
  let at = open;
  // No real dictionary in these places is a megabyte long; an unclosed one is not read to the end of the file.
  const end = Math.min(text.length, open + 1024 * 1024);
  while (at < end) {
    const char = text[at];
    if (char === "(") {
      at = skipLiteralString(text, at);
      continue;
    }
    if (text.startsWith("<<", at)) {
      depth += 1;
      at += 2;
      continue;
    }
    if (text.startsWith(">>", at)) {
      depth -= 1;
      at += 2;
      if (depth === 0) return text.slice(open, at);
      continue;
    }
    at += 1;
  }
  return null;
}

function skipLiteralString(text: string, open: number): number {
  let depth = 0;
  let at = open;
  while (at < text.length) {
    const char = text[at];
    if (char === "\\") at += 2;
    else {
      if (char === "(") depth += 1;
      else if (char === ")") {
        depth -= 1;
        if (depth === 0) return at + 1;
      }
      at += 1;
    }
  }
  return at;
}

/** A direct integer entry of a dictionary's text, or null (nested dictionaries are not told apart: none here). */
export function integerEntry(dictionary: string, key: string): number | null {
  const match = new RegExp(`/${key}\\s+(-?\\d+)(?![\\d.\\s]*\\s+R\\b)`).exec(dictionary);
  return match?.[1] === undefined ? null : Number(match[1]);
}

function arrayEntry(dictionary: string, key: string): number[] | null {
  const match = new RegExp(`/${key}\\s*\\[([^\\]]*)\\]`).exec(dictionary);
  if (match?.[1] === undefined) return null;
  return match[1]
    .trim()
    .split(/\s+/)
    .filter((token) => token !== "")
    .map(Number);
}

function rootOf(dictionary: string): number | null {
  const match = /\/Root\s+(\d+)\s+\d+\s+R\b/.exec(dictionary);
  return match?.[1] === undefined ? null : Number(match[1]);
}

/** The offset the file's last `startxref` names. */
export function lastStartxref(text: string): number | null {
  const at = text.lastIndexOf("startxref");
  if (at < 0) return null;
  const match = /^startxref\s+(\d+)/.exec(text.slice(at, at + 40));
  return match?.[1] === undefined ? null : Number(match[1]);
}

interface Section {
  kind: XrefKind;
  root: number | null;
  entries: [number, XrefEntry][];
  prev: number | null;
  xrefStm: number | null;
  size: number | null;
}

function readTable(text: string, offset: number): Section {
  const trailerAt = text.indexOf("trailer", offset);
  if (trailerAt < 0) throw new Error(`the cross-reference table at ${offset} has no trailer`);
  const tokens = text
    .slice(offset + 4, trailerAt)
    .trim()
    .split(/\s+/);
  const entries: [number, XrefEntry][] = [];
  let at = 0;
  while (at + 1 < tokens.length) {
    const first = Number(tokens[at]);
    const count = Number(tokens[at + 1]);
    if (!Number.isInteger(first) || !Number.isInteger(count) || count < 0) {
      throw new Error(`the cross-reference table at ${offset} has a damaged subsection`);
    }
    at += 2;
    for (let index = 0; index < count; index += 1, at += 3) {
      const [position, generation, use] = [tokens[at], tokens[at + 1], tokens[at + 2]];
      if (use === "n") {
        entries.push([first + index, { type: "offset", offset: Number(position), generation: Number(generation) }]);
      } else if (use !== "f") throw new Error(`the cross-reference table at ${offset} has a damaged entry`);
    }
  }
  const dictionary = dictionaryAt(text, text.indexOf("<<", trailerAt));
  if (dictionary === null) throw new Error(`the trailer at ${trailerAt} is not a dictionary`);
  return {
    kind: "table",
    root: rootOf(dictionary),
    entries,
    prev: integerEntry(dictionary, "Prev"),
    xrefStm: integerEntry(dictionary, "XRefStm"),
    size: integerEntry(dictionary, "Size"),
  };
}

/** The stream data of the object whose dictionary is `dictionary`, starting right after its `stream` keyword. */
function streamData(bytes: Uint8Array, text: string, dictionaryEnd: number, dictionary: string): Uint8Array {
  const keyword = /\s*stream(\r\n|\n|\r)/y;
  keyword.lastIndex = dictionaryEnd;
  const match = keyword.exec(text);
  if (match === null) throw new Error(`no stream data after the dictionary ending at ${dictionaryEnd}`);
  const start = keyword.lastIndex;
  const length = integerEntry(dictionary, "Length");
  const end =
    length !== null && text.startsWith("endstream", skipWhitespace(text, start + length))
      ? start + length
      : text.indexOf("endstream", start);
  if (end < start) throw new Error(`the stream at ${start} has no end`);
  return bytes.subarray(start, end);
}

function skipWhitespace(text: string, from: number): number {
  let at = from;
  while (at < text.length && whitespace.has(text.charCodeAt(at))) at += 1;
  return at;
}

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

function readStream(bytes: Uint8Array, text: string, offset: number): Section {
  const open = text.indexOf("<<", offset);
  const dictionary = open < 0 ? null : dictionaryAt(text, open);
  if (dictionary === null || !/\/Type\s*\/XRef\b/.test(dictionary)) {
    throw new Error(`no cross-reference stream at ${offset}`);
  }
  const data = decodeFlate(streamData(bytes, text, open + dictionary.length, dictionary), dictionary);
  const widths = arrayEntry(dictionary, "W");
  const size = integerEntry(dictionary, "Size");
  if (widths === null || widths.length !== 3 || size === null) {
    throw new Error(`the cross-reference stream at ${offset} lacks /W or /Size`);
  }
  const index = arrayEntry(dictionary, "Index") ?? [0, size];
  const rowWidth = widths.reduce((total, width) => total + width, 0);
  if (rowWidth <= 0 || widths.some((width) => !Number.isInteger(width) || width < 0 || width > 8)) {
    throw new Error(`the cross-reference stream at ${offset} has impossible /W widths`);
  }
  const entries: [number, XrefEntry][] = [];
  let row = 0;
  const field = (start: number, width: number, fallback: number) => {
    if (width === 0) return fallback;
    let value = 0;
    for (let at = 0; at < width; at += 1) value = value * 256 + (data[start + at] ?? 0);
    return value;
  };
  for (let pair = 0; pair + 1 < index.length; pair += 2) {
    const first = index[pair] ?? 0;
    const count = index[pair + 1] ?? 0;
    for (let number = first; number < first + count; number += 1, row += 1) {
      const start = row * rowWidth;
      if (start + rowWidth > data.length) throw new Error(`the cross-reference stream at ${offset} is short`);
      const [w0 = 0, w1 = 0, w2 = 0] = widths;
      const type = field(start, w0, 1);
      const second = field(start + w0, w1, 0);
      const third = field(start + w0 + w1, w2, 0);
      if (type === 1) entries.push([number, { type: "offset", offset: second, generation: third }]);
      else if (type === 2) entries.push([number, { type: "compressed", stream: second, index: third }]);
    }
  }
  return {
    kind: "stream",
    root: rootOf(dictionary),
    entries,
    prev: integerEntry(dictionary, "Prev"),
    xrefStm: null,
    size,
  };
}

function readSection(bytes: Uint8Array, text: string, offset: number): Section {
  if (offset < 0 || offset >= text.length) throw new Error(`a cross-reference offset (${offset}) is outside the file`);
  const start = skipWhitespace(text, offset);
  if (text.startsWith("xref", start)) return readTable(text, start);
  if (objectNumberAt(text, start) !== null) return readStream(bytes, text, start);
  throw new Error(`no cross-reference section at ${offset}`);
}

function brokenChain(text: string, bytes: Uint8Array, problem: string): XrefChain {
  const entries = reconstructEntries(bytes, text);
  const size = usableSize(0, entries);
  const startxref = lastStartxref(text) ?? 0;
  const kind: XrefKind = [...entries.values()].some((entry) => entry.type === "compressed") ? "stream" : "table";
  return { kind, startxref, size, entries, intact: false, problem, root: null };
}

/** Reads and checks the chain; a chain that cannot be followed is rebuilt from the objects found in the file. */
export function readXrefChain(bytes: Uint8Array, text = asLatin1(bytes)): XrefChain {
  const startxref = lastStartxref(text);
  if (startxref === null) return brokenChain(text, bytes, "the file has no startxref");
  const entries = new Map<number, XrefEntry>();
  let size = 0;
  let kind: XrefKind | null = null;
  let root: number | null = null;
  const visited = new Set<number>();
  const pending: number[] = [startxref];
  try {
    while (pending.length > 0) {
      const offset = pending.shift() as number;
      // Readers (qpdf among them) give up on a chain that comes back to a section and rebuild the file.
      if (visited.has(offset)) throw new Error(`the cross-reference chain loops back to ${offset}`);
      visited.add(offset);
      const section = readSection(bytes, text, offset);
      kind ??= section.kind;
      root ??= section.root;
      size = Math.max(size, section.size ?? 0);
      for (const [number, entry] of section.entries) if (!entries.has(number)) entries.set(number, entry);
      // A hybrid file's stream holds what its table leaves out; it ranks before the table's /Prev.
      if (section.xrefStm !== null) {
        const hidden = readSection(bytes, text, section.xrefStm);
        for (const [number, entry] of hidden.entries) if (!entries.has(number)) entries.set(number, entry);
      }
      if (section.prev !== null) pending.push(section.prev);
    }
  } catch (error) {
    return brokenChain(text, bytes, error instanceof Error ? error.message : String(error));
  }
  const problem = entryProblem(text, entries);
  if (problem !== null) return brokenChain(text, bytes, problem);
  return {
    kind: kind ?? "table",
    startxref,
    size: usableSize(size, entries),
    entries,
    intact: true,
    problem: null,
    root,
  };
}

/** The largest object number a PDF may use (ISO 32000-1, C.2): new objects are numbered below it. */
export const maxObjectNumber = 8_388_607;

/**
 * One more than the highest object number in use; a declared /Size larger than that is kept only while it is a
 * number a PDF can hold (a hostile /Size would push the update's new objects out of every reader's range).
 */
function usableSize(declared: number, entries: Map<number, XrefEntry>): number {
  let used = 0;
  for (const number of entries.keys()) used = Math.max(used, number + 1);
  if (used > maxObjectNumber) throw new Error(`the file numbers an object beyond ${maxObjectNumber}`);
  return declared <= maxObjectNumber ? Math.max(declared, used) : used;
}

function entryProblem(text: string, entries: Map<number, XrefEntry>): string | null {
  for (const [number, entry] of entries) {
    if (entry.type === "offset") {
      if (objectNumberAt(text, entry.offset) !== number) return `object ${number} is not at offset ${entry.offset}`;
    } else if (entries.get(entry.stream)?.type !== "offset") {
      return `object ${number} is in object stream ${entry.stream}, which is not in the file`;
    }
  }
  return null;
}

/**
 * Every object found by scanning the file, the last definition of each number winning (as in an update), and the
 * objects of every object stream found, as readers rebuild a damaged file (pdf.js: XRef.indexObjects).
 */
function reconstructEntries(bytes: Uint8Array, text: string): Map<number, XrefEntry> {
  const entries = new Map<number, XrefEntry>();
  const headers = /(?<![\d])(\d+)\s+(\d+)\s+obj\b/g;
  const streams: { number: number; offset: number }[] = [];
  for (let match = headers.exec(text); match !== null; match = headers.exec(text)) {
    const number = Number(match[1]);
    // Object 0 heads the free list; no object may have its number.
    if (number < 1 || number > maxObjectNumber) continue;
    entries.set(number, { type: "offset", offset: match.index, generation: Number(match[2]) });
    const open = skipWhitespace(text, headers.lastIndex);
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
      const data = decodeFlate(streamData(bytes, text, offset + dictionary.length, dictionary), dictionary);
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

/**
 * Refuses a file whose cross-reference or object streams inflate beyond what any real file needs: the PDF library
 * that loads the file decodes every one of them whole, outside the worker's bounded heap.
 */
export function refuseInflationBombs(bytes: Uint8Array, text = asLatin1(bytes)): void {
  const headers = /(?<![\d])(\d+)\s+(\d+)\s+obj\b/g;
  for (let match = headers.exec(text); match !== null; match = headers.exec(text)) {
    const open = skipWhitespace(text, headers.lastIndex);
    if (!text.startsWith("<<", open) || !/\/Type\s*\/(ObjStm|XRef)\b/.test(text.slice(open, open + 1024))) continue;
    const dictionary = dictionaryAt(text, open);
    if (dictionary === null) continue;
    let data: Uint8Array;
    try {
      data = streamData(bytes, text, open + dictionary.length, dictionary);
    } catch {
      continue;
    }
    const filter = /\/Filter\s*\[?\s*\/(\w+)/.exec(dictionary)?.[1];
    if (filter !== "FlateDecode" && filter !== "Fl") continue;
    try {
      inflateSync(data, { finishFlush: zlib.Z_SYNC_FLUSH, maxOutputLength: maxDecodedBytes });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ERR_BUFFER_TOO_LARGE") {
        throw new Error(`object ${match[1]} inflates to more than ${maxDecodedBytes / 1024 / 1024} MB`);
      }
    }
  }
}
