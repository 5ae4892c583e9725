import { type PageGeometry, pageGeometryOf } from "../../common/coordinates";
import { PageGeometrySchema } from "../../common/page-geometry-schema";
import type { OpenedPdf } from "../pdf/load-pdf";

/** Pages asked of pdf.js at once: few enough that a page being drawn does not wait long behind them. */
const pagesPerBatch = 16;

/** One batch of pages read: `pages[i]` is page `first + i` (1-based), null where pdf.js could not read it. */
export interface PagesRead {
  first: number;
  pages: (PageGeometry | null)[];
}

/** A page's geometry from pdf.js, or null when pdf.js cannot read it or its size is not one a page can have. */
export async function readPage(document: OpenedPdf["document"], number: number): Promise<PageGeometry | null> {
  try {
    const parsed = PageGeometrySchema.safeParse(pageGeometryOf(await document.getPage(number)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Reads the geometry of pages `from` to the last of a PDF pdf.js has open, in page order, a batch at a time,
 * telling `onBatch` after each. Stops (before asking pdf.js for more) as soon as `stop()` is true.
 */
export async function readPages(
  document: OpenedPdf["document"],
  from: number,
  onBatch: (read: PagesRead) => void,
  stop: () => boolean,
): Promise<void> {
  for (let first = from; first <= document.numPages; first += pagesPerBatch) {
    if (stop()) return;
    const last = Math.min(document.numPages, first + pagesPerBatch - 1);
    const numbers = Array.from({ length: last - first + 1 }, (_, index) => first + index);
    const pages = await Promise.all(numbers.map((number) => readPage(document, number)));
    if (stop()) return;
    onBatch({ first, pages });
  }
}

/**
 * `pages` (null: not known) with a batch read put in, and the unreadable pages with those of the batch added;
 * `known` counts the pages settled either way.
 */
export function withPagesRead(
  pages: readonly (PageGeometry | null)[],
  unreadable: readonly number[],
  read: PagesRead,
): { pages: (PageGeometry | null)[]; unreadable: number[]; known: number } {
  const all = [...pages];
  const failed = new Set(unreadable);
  read.pages.forEach((page, index) => {
    if (page === null) failed.add(read.first + index);
    else all[read.first - 1 + index] ??= page;
  });
  const known = all.filter((page) => page !== null).length + failed.size;
  return { pages: all, unreadable: [...failed].sort((a, b) => a - b), known };
}
