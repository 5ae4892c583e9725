import { execFileSync } from "node:child_process";
import type { FieldType } from "../../common/field-boxes.ts";
import {
  type ExpectedDocument,
  type ExpectedField,
  type ExpectedNote,
  type ExpectedNoteKind,
  type ExpectedSource,
  keepOnPage,
} from "./expected-document.ts";

/** A tag a generator wrote: its text exactly as written, its page, and what the detector should make of it. */
export interface WrittenTag {
  text: string;
  page: number;
  expect: { field: FieldType; source: Exclude<ExpectedSource, "widget">; role: number } | { note: ExpectedNoteKind };
}

interface PopplerWord {
  line: number;
  text: string;
  xMin: number;
  yMin: number;
}

interface PopplerPageWords {
  width: number;
  height: number;
  words: PopplerWord[];
}

const entities: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&apos;": "'" };

/**
 * Poppler's words with their boxes, in displayed coordinates relative to the CropBox (`pdftotext -bbox-layout
 * -cropbox`). A word's box runs from its font's ascent to its descent; poppler starts a new word where the font or
 * size changes, so a tag written in two fonts is two words on one line.
 */
export function popplerWordsByPage(file: string): PopplerPageWords[] {
  const xhtml = execFileSync("pdftotext", ["-bbox-layout", "-cropbox", file, "-"], {
    encoding: "utf8",
    maxBuffer: 512 * 1024 * 1024,
  });
  const pages: PopplerPageWords[] = [];
  let line = 0;
  for (const row of xhtml.split("\n")) {
    const page = /<page width="([\d.]+)" height="([\d.]+)">/.exec(row);
    if (page !== null) pages.push({ width: Number(page[1]), height: Number(page[2]), words: [] });
    if (row.includes("<line ")) line += 1;
    const word = /<word xMin="([\d.-]+)" yMin="([\d.-]+)" xMax="[\d.-]+" yMax="[\d.-]+">(.*)<\/word>/.exec(row);
    if (word === null) continue;
    const text = (word[3] ?? "").replace(/&(amp|lt|gt|quot|apos);/g, (entity) => entities[entity] ?? entity);
    pages.at(-1)?.words.push({ line, text, xMin: Number(word[1]), yMin: Number(word[2]) });
  }
  return pages;
}

/**
 * Every run of consecutive words on one line (or wrapping onto the next) whose letters, spaces aside, are exactly
 * `text`'s, with the top-left of its words on the first line; where there is none,
 * whose letters are `text`'s in any order. Poppler gives right-to-left lines' words and letters in the order they
 * stand on the page (and mirrored brackets as drawn), so a tag there is known by its letters, not their order.
 */
function occurrences(words: PopplerWord[], text: string): { xMin: number; yMin: number }[] {
  const inOrder = runsSpelling(words, text.replace(/\s+/g, ""), (letters) => letters);
  return inOrder.length > 0 ? inOrder : runsSpelling(words, anyOrder(text), anyOrder);
}

/** The letters of a text, spaces aside, sorted, with a bracket and its mirror counted as one. */
function anyOrder(text: string): string {
  const unmirrored = text.replace(/\s+/g, "").replace(/[}]/g, "{").replace(/[)]/g, "(").replace(/[\]]/g, "[");
  return [...unmirrored].sort().join("");
}

function runsSpelling(
  words: PopplerWord[],
  wanted: string,
  spelling: (letters: string) => string,
): { xMin: number; yMin: number }[] {
  const found: { xMin: number; yMin: number }[] = [];
  for (let start = 0; start < words.length; start += 1) {
    let joined = "";
    let xMin = Number.POSITIVE_INFINITY;
    let yMin = Number.POSITIVE_INFINITY;
    for (let end = start; end < words.length && joined.length < wanted.length; end += 1) {
      const word = words[end];
      const startLine = words[start]?.line ?? -1;
      // A tag may wrap onto the next line once; its field goes at its first line's part.
      if (word === undefined || (word.line !== startLine && word.line !== startLine + 1)) break;
      joined += word.text;
      if (word.line !== startLine) continue;
      xMin = Math.min(xMin, word.xMin);
      yMin = Math.min(yMin, word.yMin);
    }
    if (spelling(joined) === wanted) found.push({ xMin, yMin });
  }
  return found;
}

/**
 * The expected answer for a tagged document: each written tag located by poppler (the union of its words' boxes,
 * top-left), in the order the generator lists it for repeated texts; fails when a tag is not found exactly as often
 * as written, or when the page holds a `{{` the generator did not declare.
 */
export function expectedFromTags(file: string, tags: WrittenTag[], roles: string[]): ExpectedDocument {
  const pages = popplerWordsByPage(file);
  const fields: ExpectedField[] = [];
  const notes: ExpectedNote[] = [];
  const used = new Map<string, number>();
  for (const tag of tags) {
    const page = pages[tag.page - 1];
    if (page === undefined) throw new Error(`${file}: no page ${tag.page}`);
    const key = `${tag.page}\u0000${tag.text}`;
    const index = used.get(key) ?? 0;
    used.set(key, index + 1);
    const spots = occurrences(page.words, tag.text);
    const declared = tags.filter((other) => other.page === tag.page && other.text === tag.text).length;
    if (spots.length !== declared) throw new Error(`${file} p${tag.page}: "${tag.text}" found ${spots.length}×`);
    const spot = spots[index];
    if (spot === undefined) throw new Error(`${file} p${tag.page}: "${tag.text}" #${index}`);
    if ("note" in tag.expect) {
      notes.push({ kind: tag.expect.note, page: tag.page, label: tag.text });
      continue;
    }
    const { x, y } = keepOnPage(tag.expect.field, page, spot.xMin, spot.yMin);
    fields.push({
      type: tag.expect.field,
      page: tag.page,
      x,
      y,
      role: tag.expect.role,
      source: tag.expect.source,
      label: tag.text,
    });
  }
  pages.forEach((page, index) => {
    const opened = page.words.filter((word) => word.text.includes("{{")).length;
    const declared = tags.filter((tag) => tag.page === index + 1).length;
    if (opened !== declared) throw new Error(`${file} p${index + 1}: ${opened} words open "{{", ${declared} tags`);
  });
  return { fields, notes, roles };
}

/** The unmoved top-left of a tag's only occurrence on a page, as poppler boxes it. */
export function popplerTagCorner(file: string, page: number, text: string): { x: number; y: number } {
  const spots = occurrences(popplerWordsByPage(file)[page - 1]?.words ?? [], text);
  const [spot] = spots;
  if (spot === undefined || spots.length !== 1) throw new Error(`${file} p${page}: "${text}" found ${spots.length}×`);
  return { x: spot.xMin, y: spot.yMin };
}
