import { type PageGeometry, pageGeometryOf } from "../../common/coordinates";
import { defineMessages } from "../../common/i18n/define-messages";
import { phrase } from "../../common/i18n/phrase";
import { PageGeometrySchema, pageBounds } from "../../common/page-geometry-schema";
import type { GeometryReason, GeometryReply, GeometryRequest, RawPage } from "./page-geometry-worker";
import { PdfProblem } from "./pdf-problem";
import { PdfWorkerRunner } from "./pdf-worker-runner";
import { endsWithEofMarker } from "./sniff";

const messages = defineMessages({
  notPdf: { id: "pdf.read.notPdf", defaultMessage: "The file is not a PDF or Word document." },
  empty: { id: "pdf.read.empty", defaultMessage: "The file is empty." },
  truncated: {
    id: "pdf.read.truncated",
    defaultMessage: "The PDF is truncated or damaged: it does not end where a PDF must end.",
  },
  damaged: { id: "pdf.read.damaged", defaultMessage: "The PDF is damaged and cannot be read." },
  encrypted: {
    id: "pdf.read.encrypted",
    defaultMessage: "The PDF is encrypted or password-protected; upload an unprotected copy.",
  },
  noPages: { id: "pdf.read.noPages", defaultMessage: "The PDF has no pages." },
  tooManyPages: {
    id: "pdf.read.tooManyPages",
    defaultMessage: "The PDF has {count, number} pages; at most {max, number} can be used.",
  },
  tooSlow: {
    id: "pdf.read.tooSlow",
    defaultMessage:
      "Reading the PDF's pages took longer than {seconds, number} seconds; the file is too complex to use.",
  },
  badPageSize: {
    id: "pdf.read.badPageSize",
    defaultMessage:
      "Page {page, number, ::group-off} of the PDF has a size or position no real page has, so the file cannot be used.",
  },
});

/** Why a file cannot serve as a document: words for people (PdfProblem's), in English where they are logged. */
export const pdfProblems = {
  notPdf: phrase(messages.notPdf),
  empty: phrase(messages.empty),
  truncated: phrase(messages.truncated),
  damaged: phrase(messages.damaged),
  encrypted: phrase(messages.encrypted),
  noPages: phrase(messages.noPages),
  tooManyPages: (count: number) => phrase(messages.tooManyPages, { count, max: pageBounds.maxPages }),
  tooSlow: (seconds: number) => phrase(messages.tooSlow, { seconds }),
  badPageSize: (page: number) => phrase(messages.badPageSize, { page }),
} as const;

export interface InspectOptions {
  /** Reading the pages is abandoned (and the worker stopped) after this long. */
  timeLimitMs?: number;
}

const defaultTimeLimitMs = 60_000;

const reader = new PdfWorkerRunner<Omit<GeometryRequest, "id">, GeometryReply>({
  name: "the PDF reader",
  built: new URL("./page-geometry-worker.mjs", import.meta.url),
  source: new URL("./page-geometry-worker.ts", import.meta.url),
  // Loaded only here: pdf-lib and the reader's code stay out of main's start (they run in the worker).
  inProcess: () => import("./page-geometry-worker").then((module) => module.answerGeometryRequest),
  tooSlow: (timeLimitMs) => new PdfProblem(pdfProblems.tooSlow(timeLimitMs / 1000)),
  // Out of memory ends the worker: for the person this is a file that cannot be read.
  stopped: (cause) => new PdfProblem(pdfProblems.damaged, { cause }),
});

function refusal(reason: GeometryReason, pageCount: number | undefined): PdfProblem {
  if (reason === "tooManyPages") return new PdfProblem(pdfProblems.tooManyPages(pageCount ?? 0));
  return new PdfProblem(pdfProblems[reason]);
}

function checkedGeometry(pages: RawPage[]): PageGeometry[] {
  return pages.map((raw, index) => {
    const parsed = PageGeometrySchema.safeParse(pageGeometryOf(raw));
    if (!parsed.success) throw new PdfProblem(pdfProblems.badPageSize(index + 1));
    return parsed.data;
  });
}

/**
 * Page count and page geometry of the PDF at `file`, read off this thread (see page-geometry-worker.ts) in time
 * linear in the page count, within a time limit. An unreadable or unusable file throws a PdfProblem naming why;
 * every page returned has finite, bounded numbers.
 */
export async function inspectPdf(file: string, options: InspectOptions = {}): Promise<PageGeometry[]> {
  if (!(await endsWithEofMarker(file))) throw new PdfProblem(pdfProblems.truncated);
  const reply = await reader.run({ file, maxPages: pageBounds.maxPages }, options.timeLimitMs ?? defaultTimeLimitMs);
  if (!reply.ok) throw refusal(reply.reason, reply.pageCount);
  return checkedGeometry(reply.pages);
}
