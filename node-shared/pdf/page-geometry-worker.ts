/**
 * Reads a PDF's page count and every page's view box and rotation, in a worker thread so that no PDF can
 * stall the process that asked (the sandbox, or Electron's main process). Started by `inspect-pdf.ts`.
 *
 * pdf.js decides whether a file can be read at all (it is what the renderer draws with). Its
 * `getPage(n)` walks the page tree from the root for every page, which is quadratic in a flat tree
 * (10,000 pages: 7 s; 20,000: 30 s), so the geometry of every page is read here in one pass over
 * pdf-lib's parsed objects, with pdf.js's own rules for boxes and rotation copied below. Whenever that
 * pass and pdf.js could disagree (a page count that does not match, a /Count that lies, pdf-lib unable
 * to parse, first or last page different), pdf.js's page-by-page answer is used instead. pdf-lib reads the file
 * without the data of its large streams (read-original.ts), which page geometry never needs: a 50 MB scan costs
 * its structure, not 50 MB.
 *
 * The build bundles this file beside main's bundle; from source it runs through tsx (worker-source.ts).
 */
import type { PDFDocument, PDFObject } from "pdf-lib";
import { PDFArray, PDFBool, PDFDict, PDFName, PDFNumber, PDFRef } from "pdf-lib";
import { loadOriginal } from "./load-original";
import { type OpenedPdf, openPdfJs, PdfJsRefusal } from "./open-pdfjs";
import { readOriginalFile } from "./read-original";
import { serveRequests } from "./serve-requests";

export interface GeometryRequest {
  id: number;
  file: string;
  maxPages: number;
}

export interface RawPage {
  view: number[];
  rotate: number;
}

export type GeometryReason = "damaged" | "encrypted" | "noPages" | "tooManyPages";

export type GeometryReply =
  | { id: number; ok: true; pages: RawPage[] }
  | { id: number; ok: false; reason: GeometryReason; pageCount?: number };

class Refusal extends Error {
  readonly reason: GeometryReason;
  readonly pageCount: number | undefined;
  constructor(reason: GeometryReason, pageCount?: number) {
    super(reason);
    this.reason = reason;
    this.pageCount = pageCount;
  }
}

async function inspect(file: string, maxPages: number): Promise<RawPage[]> {
  const { pdf, close } = await openPdfJs(file).catch((error: unknown) => {
    throw error instanceof PdfJsRefusal ? new Refusal(error.reason) : error;
  });
  try {
    if (pdf.numPages < 1) throw new Refusal("noPages");
    if (pdf.numPages > maxPages) throw new Refusal("tooManyPages", pdf.numPages);
    const fast = await pagesInOnePass(file, pdf.numPages).catch(() => null);
    if (fast !== null && (await agreesWithPdfJs(pdf, fast))) return fast;
    return await pagesOneByOne(pdf);
  } finally {
    await close();
  }
}

async function pageOf(pdf: OpenedPdf["pdf"], number: number): Promise<RawPage> {
  const page = await pdf.getPage(number).catch(() => {
    throw new Refusal("damaged");
  });
  return { view: [...page.view], rotate: page.rotate };
}

async function pagesOneByOne(pdf: OpenedPdf["pdf"]): Promise<RawPage[]> {
  const pages: RawPage[] = [];
  for (let number = 1; number <= pdf.numPages; number += 1) pages.push(await pageOf(pdf, number));
  return pages;
}

async function agreesWithPdfJs(pdf: OpenedPdf["pdf"], pages: RawPage[]): Promise<boolean> {
  for (const number of new Set([1, pdf.numPages])) {
    const expected = await pageOf(pdf, number);
    const actual = pages[number - 1];
    if (actual === undefined || actual.rotate !== expected.rotate) return false;
    if (actual.view.some((value, index) => value !== expected.view[index])) return false;
  }
  return true;
}

// ---- One pass over pdf-lib's objects, with pdf.js's rules (src/core/catalog.js getPageDict, src/core/page.js).

const letterSize = [0, 0, 612, 792];
const names = {
  pages: PDFName.of("Pages"),
  kids: PDFName.of("Kids"),
  count: PDFName.of("Count"),
  type: PDFName.of("Type"),
  page: PDFName.of("Page"),
  parent: PDFName.of("Parent"),
  mediaBox: PDFName.of("MediaBox"),
  cropBox: PDFName.of("CropBox"),
  rotate: PDFName.of("Rotate"),
};

/** The geometry of every page in page order, or null when this pass cannot be sure to match pdf.js. */
export async function pagesInOnePass(file: string, expectedCount: number): Promise<RawPage[] | null> {
  const original = readOriginalFile(file);
  try {
    const document = await loadOriginal(original, {
      ignoreEncryption: true,
      throwOnInvalidObject: false,
      // pdf-lib yields to the event loop every `parseSpeed` objects; nothing else runs in this thread.
      parseSpeed: Number.POSITIVE_INFINITY,
    });
    return pagesOf(document, expectedCount);
  } finally {
    original.close();
  }
}

function pagesOf(document: PDFDocument, expectedCount: number): RawPage[] | null {
  const { context } = document;
  const resolve = (value: PDFObject | undefined): PDFObject | undefined =>
    value instanceof PDFRef ? context.lookup(value) : value;

  const root = resolve(document.catalog.get(names.pages));
  if (!(root instanceof PDFDict)) return null;
  const leaves: PDFDict[] = [];
  const visited = new Set<PDFDict>();
  // Depth-first, kids in order; each node's /Count is checked against the leaves found under it, since
  // pdf.js numbers pages by skipping whole subtrees by their /Count.
  const walk = (node: PDFDict): boolean => {
    const stack: { node: PDFDict; next: number; kids: PDFArray; startLeaves: number }[] = [];
    const enter = (dict: PDFDict): boolean => {
      if (visited.has(dict)) return false;
      visited.add(dict);
      const kids = resolve(dict.get(names.kids));
      if (resolve(dict.get(names.type)) === names.page || !dict.has(names.kids)) {
        leaves.push(dict);
        return true;
      }
      if (!(kids instanceof PDFArray)) return false;
      stack.push({ node: dict, next: 0, kids, startLeaves: leaves.length });
      return true;
    };
    if (!enter(node)) return false;
    while (stack.length > 0) {
      const top = stack[stack.length - 1] as (typeof stack)[number];
      if (top.next < top.kids.size()) {
        const kid = resolve(top.kids.get(top.next));
        top.next += 1;
        if (!(kid instanceof PDFDict) || !enter(kid)) return false;
        continue;
      }
      stack.pop();
      const count = resolve(top.node.get(names.count));
      if (count instanceof PDFNumber && count.asNumber() !== leaves.length - top.startLeaves) return false;
      if (leaves.length > expectedCount) return false;
    }
    return true;
  };
  if (!walk(root) || leaves.length !== expectedCount) return null;

  const nearest = (leaf: PDFDict, key: PDFName): PDFObject | undefined => {
    const seen = new Set<PDFDict>();
    for (let dict: PDFObject | undefined = leaf; dict instanceof PDFDict && !seen.has(dict); ) {
      seen.add(dict);
      if (dict.has(key)) return resolve(dict.get(key));
      dict = resolve(dict.get(names.parent));
    }
    return undefined;
  };
  const box = (leaf: PDFDict, key: PDFName): number[] | null => {
    const value = nearest(leaf, key);
    if (!(value instanceof PDFArray) || value.size() !== 4) return null;
    const numbers = value.asArray().map((item) => resolve(item));
    if (!numbers.every((item) => item instanceof PDFNumber)) return null;
    const [x1, y1, x2, y2] = numbers.map((item) => (item as PDFNumber).asNumber()) as [number, number, number, number];
    const normal = [Math.min(x1, x2), Math.min(y1, y2), Math.max(x1, x2), Math.max(y1, y2)] as const;
    return normal[2] - normal[0] > 0 && normal[3] - normal[1] > 0 ? [...normal] : null;
  };
  return leaves.map((leaf) => {
    const mediaBox = box(leaf, names.mediaBox) ?? letterSize;
    const cropBox = box(leaf, names.cropBox) ?? mediaBox;
    return { view: viewOf(cropBox, mediaBox), rotate: rotationOf(nearest(leaf, names.rotate)) };
  });
}

function viewOf(cropBox: number[], mediaBox: number[]): number[] {
  const [c0, c1, c2, c3] = cropBox as [number, number, number, number];
  const [m0, m1, m2, m3] = mediaBox as [number, number, number, number];
  if (cropBox === mediaBox || (c0 === m0 && c1 === m1 && c2 === m2 && c3 === m3)) return mediaBox;
  const low = [Math.max(c0, m0), Math.max(c1, m1)] as const;
  const high = [Math.min(c2, m2), Math.min(c3, m3)] as const;
  if (low[0] > high[0] || low[1] > high[1]) return mediaBox;
  const intersection = [low[0], low[1], high[0], high[1]];
  return high[0] - low[0] > 0 && high[1] - low[1] > 0 ? intersection : mediaBox;
}

function rotationOf(value: PDFObject | undefined): number {
  if (value instanceof PDFBool) return 0;
  if (!(value instanceof PDFNumber)) return 0;
  const rotate = value.asNumber();
  if (rotate % 90 !== 0) return 0;
  if (rotate >= 360) return rotate % 360;
  if (rotate < 0) return ((rotate % 360) + 360) % 360;
  return rotate;
}

/** Answers one request; used in the worker thread, and in the calling thread where no worker can start. */
export async function answerGeometryRequest(request: GeometryRequest): Promise<GeometryReply> {
  try {
    return { id: request.id, ok: true, pages: await inspect(request.file, request.maxPages) };
  } catch (error) {
    if (error instanceof Refusal) {
      return { id: request.id, ok: false, reason: error.reason, pageCount: error.pageCount };
    }
    return { id: request.id, ok: false, reason: "damaged" };
  }
}

serveRequests(answerGeometryRequest);
