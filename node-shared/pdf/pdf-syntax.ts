import type { PdfChars, PdfText } from "./pdf-text";

/**
 * Just enough of PDF's syntax (ISO 32000-1, 7.2–7.3) to read cross-reference data from a file read as text (one
 * character a byte; a string, or a PdfText over a large file): object headers, dictionaries as text, direct
 * numbers and arrays, stream data.
 */
const whitespace = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);

/** What `\s` matches in a string of bytes (the object headers below are read as the regular expressions did). */
const isSpace = (code: number) => (code >= 0x09 && code <= 0x0d) || code === 0x20 || code === 0xa0;
const isDigit = (code: number) => code >= 0x30 && code <= 0x39;
/** What `\w` matches, for `\b`. */
const isWordChar = (code: number) =>
  isDigit(code) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a) || code === 0x5f;

/** The whole file as a string of bytes (one character a byte), which regular expressions can read. */
export function asLatin1(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1");
}

export interface ObjectHeader {
  /** Where the header starts (its object number's first digit). */
  index: number;
  number: number;
  generation: number;
  /** Just after `obj`. */
  end: number;
}

/** The header `<number> <generation> obj` that starts exactly at `at` (as /(\d+)\s+(\d+)\s+obj\b/y), or null. */
export function objectHeaderAt(text: PdfChars, at: number): ObjectHeader | null {
  let cursor = at;
  const run = (test: (code: number) => boolean) => {
    const from = cursor;
    while (cursor < text.length && test(text.charCodeAt(cursor))) cursor += 1;
    return cursor > from;
  };
  const numberStart = cursor;
  if (!run(isDigit)) return null;
  const numberEnd = cursor;
  if (!run(isSpace)) return null;
  const generationStart = cursor;
  if (!run(isDigit)) return null;
  const generationEnd = cursor;
  if (!run(isSpace) || !text.startsWith("obj", cursor)) return null;
  const end = cursor + 3;
  if (end < text.length && isWordChar(text.charCodeAt(end))) return null;
  return {
    index: numberStart,
    number: Number(text.slice(numberStart, numberEnd)),
    generation: Number(text.slice(generationStart, generationEnd)),
    end,
  };
}

/**
 * Every object header in the file, in order, as the global /(?<![\d])(\d+)\s+(\d+)\s+obj\b/g finds them: each
 * `obj` is read backwards to its two numbers, so no window of the file ever has to be one string.
 */
export function* objectHeaders(text: PdfChars): Generator<ObjectHeader> {
  for (let keyword = text.indexOf("obj"); keyword >= 0; keyword = text.indexOf("obj", keyword + 3)) {
    if (keyword + 3 < text.length && isWordChar(text.charCodeAt(keyword + 3))) continue;
    let at = keyword - 1;
    const back = (test: (code: number) => boolean) => {
      const from = at;
      while (at >= 0 && test(text.charCodeAt(at))) at -= 1;
      return at < from;
    };
    if (!back(isSpace)) continue;
    const generationEnd = at + 1;
    if (!back(isDigit)) continue;
    const generationStart = at + 1;
    if (!back(isSpace)) continue;
    const numberEnd = at + 1;
    if (!back(isDigit)) continue;
    const numberStart = at + 1;
    yield {
      index: numberStart,
      number: Number(text.slice(numberStart, numberEnd)),
      generation: Number(text.slice(generationStart, generationEnd)),
      end: keyword + 3,
    };
  }
}

/** The number of the object whose header starts at `offset` (whitespace before it allowed), or null. */
export function objectNumberAt(text: PdfChars, offset: number): number | null {
  return objectHeaderAt(text, skipWhitespace(text, offset))?.number ?? null;
}

/** The dictionary that starts at `open` (the first `<`), up to its matching `>>`, as text. */
export function dictionaryAt(text: PdfChars, open: number): string | null {
  if (!text.startsWith("<<", open)) return null;
  let depth = 0;
  let at = open;
  // No real dictionary in these places is a megabyte long; an unclosed one is not read to the end of the file.
  const end = Math.min(text.length, open + 1024 * 1024);
  while (at < end) {
    if (text.charCodeAt(at) === 0x28) {
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

function skipLiteralString(text: PdfChars, open: number): number {
  let depth = 0;
  let at = open;
  while (at < text.length) {
    const char = text.charCodeAt(at);
    if (char === 0x5c) at += 2;
    else {
      if (char === 0x28) depth += 1;
      else if (char === 0x29) {
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

export function arrayEntry(dictionary: string, key: string): number[] | null {
  const match = new RegExp(`/${key}\\s*\\[([^\\]]*)\\]`).exec(dictionary);
  if (match?.[1] === undefined) return null;
  return match[1]
    .trim()
    .split(/\s+/)
    .filter((token) => token !== "")
    .map(Number);
}

/** The stream data of the object whose dictionary is `dictionary`, starting right after its `stream` keyword. */
export function streamData(text: PdfText, dictionaryEnd: number, dictionary: string): Uint8Array {
  const start = streamDataStart(text, dictionaryEnd);
  if (start === null) throw new Error(`no stream data after the dictionary ending at ${dictionaryEnd}`);
  const length = integerEntry(dictionary, "Length");
  const end =
    length !== null && text.startsWith("endstream", skipWhitespace(text, start + length))
      ? start + length
      : text.indexOf("endstream", start);
  if (end < start) throw new Error(`the stream at ${start} has no end`);
  return text.read(start, end);
}

/** Where the data starts after the dictionary ending at `dictionaryEnd` (as /\s*stream(\r\n|\n|\r)/y), or null. */
export function streamDataStart(text: PdfChars, dictionaryEnd: number): number | null {
  let at = skipSpaces(text, dictionaryEnd);
  if (!text.startsWith("stream", at)) return null;
  at += 6;
  if (text.startsWith("\r\n", at)) return at + 2;
  const eol = text.charCodeAt(at);
  return eol === 0x0a || eol === 0x0d ? at + 1 : null;
}

/** Past the characters that `\s` matches, from `from` (as `\s*` does). */
export function skipSpaces(text: PdfChars, from: number): number {
  let at = from;
  while (at < text.length && isSpace(text.charCodeAt(at))) at += 1;
  return at;
}

export function skipWhitespace(text: PdfChars, from: number): number {
  let at = from;
  while (at < text.length && whitespace.has(text.charCodeAt(at))) at += 1;
  return at;
}

/** The largest object number a PDF may use (ISO 32000-1, C.2): new objects are numbered below it. */
export const maxObjectNumber = 8_388_607;
