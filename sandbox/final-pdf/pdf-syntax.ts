/**
 * Just enough of PDF's syntax (ISO 32000-1, 7.2–7.3) to read cross-reference data from a file held as a string of
 * bytes (one character a byte): object headers, dictionaries as text, direct numbers and arrays, stream data.
 */
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
export function streamData(bytes: Uint8Array, text: string, dictionaryEnd: number, dictionary: string): Uint8Array {
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

export function skipWhitespace(text: string, from: number): number {
  let at = from;
  while (at < text.length && whitespace.has(text.charCodeAt(at))) at += 1;
  return at;
}

/** The largest object number a PDF may use (ISO 32000-1, C.2): new objects are numbered below it. */
export const maxObjectNumber = 8_388_607;
