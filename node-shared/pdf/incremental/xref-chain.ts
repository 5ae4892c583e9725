import {
  arrayEntry,
  dictionaryAt,
  integerEntry,
  maxObjectNumber,
  objectNumberAt,
  skipWhitespace,
  streamData,
} from "../pdf-syntax";
import { PdfText } from "../pdf-text";
import { decodeFlate } from "./stream-decoding";
import type { XrefEntry } from "./xref-entry";
import { reconstructEntries } from "./xref-rebuild";

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

export type { XrefEntry } from "./xref-entry";

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

function rootOf(dictionary: string): number | null {
  const match = /\/Root\s+(\d+)\s+\d+\s+R\b/.exec(dictionary);
  return match?.[1] === undefined ? null : Number(match[1]);
}

/** The offset the file's last `startxref` names. */
function lastStartxref(text: PdfText): number | null {
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

function readTable(text: PdfText, offset: number): Section {
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

function readStream(text: PdfText, offset: number): Section {
  const open = text.indexOf("<<", offset);
  const dictionary = open < 0 ? null : dictionaryAt(text, open);
  if (dictionary === null || !/\/Type\s*\/XRef\b/.test(dictionary)) {
    throw new Error(`no cross-reference stream at ${offset}`);
  }
  const data = decodeFlate(streamData(text, open + dictionary.length, dictionary), dictionary);
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

function readSection(text: PdfText, offset: number): Section {
  if (offset < 0 || offset >= text.length) throw new Error(`a cross-reference offset (${offset}) is outside the file`);
  const start = skipWhitespace(text, offset);
  if (text.startsWith("xref", start)) return readTable(text, start);
  if (objectNumberAt(text, start) !== null) return readStream(text, start);
  throw new Error(`no cross-reference section at ${offset}`);
}

function brokenChain(text: PdfText, problem: string): XrefChain {
  const entries = reconstructEntries(text);
  const size = usableSize(0, entries);
  const startxref = lastStartxref(text) ?? 0;
  const kind: XrefKind = [...entries.values()].some((entry) => entry.type === "compressed") ? "stream" : "table";
  return { kind, startxref, size, entries, intact: false, problem, root: null };
}

/** Reads and checks the chain; a chain that cannot be followed is rebuilt from the objects found in the file. */
export function readXrefChain(file: Uint8Array | PdfText): XrefChain {
  const text = file instanceof PdfText ? file : PdfText.of(file);
  const startxref = lastStartxref(text);
  if (startxref === null) return brokenChain(text, "the file has no startxref");
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
      const section = readSection(text, offset);
      kind ??= section.kind;
      root ??= section.root;
      size = Math.max(size, section.size ?? 0);
      for (const [number, entry] of section.entries) if (!entries.has(number)) entries.set(number, entry);
      // A hybrid file's stream holds what its table leaves out; it ranks before the table's /Prev.
      if (section.xrefStm !== null) {
        const hidden = readSection(text, section.xrefStm);
        for (const [number, entry] of hidden.entries) if (!entries.has(number)) entries.set(number, entry);
      }
      if (section.prev !== null) pending.push(section.prev);
    }
  } catch (error) {
    return brokenChain(text, error instanceof Error ? error.message : String(error));
  }
  const problem = entryProblem(text, entries);
  if (problem !== null) return brokenChain(text, problem);
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

function entryProblem(text: PdfText, entries: Map<number, XrefEntry>): string | null {
  for (const [number, entry] of entries) {
    if (entry.type === "offset") {
      if (objectNumberAt(text, entry.offset) !== number) return `object ${number} is not at offset ${entry.offset}`;
    } else if (entries.get(entry.stream)?.type !== "offset") {
      return `object ${number} is in object stream ${entry.stream}, which is not in the file`;
    }
  }
  return null;
}
