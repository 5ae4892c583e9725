import { Worker } from "node:worker_threads";
import { type PageGeometry, pageGeometryOf } from "../../common/coordinates";
import { defineMessages } from "../../common/i18n/define-messages";
import { phrase } from "../../common/i18n/phrase";
import { PageGeometrySchema, pageBounds } from "../../common/page-geometry-schema";
import { reportWorkerFallback } from "../worker-fallback";
import { workerSource } from "../worker-source";
import type { GeometryReason, GeometryReply, GeometryRequest, RawPage, WorkerMessage } from "./page-geometry-worker";
import { PdfProblem } from "./pdf-problem";
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
/** A worker unused for this long is stopped, giving back pdf.js's memory. */
const idleWorkerMs = 30_000;

interface Job {
  request: GeometryRequest;
  timeLimitMs: number;
  resolve: (reply: GeometryReply) => void;
  reject: (error: Error) => void;
}

/**
 * One worker thread, reused, reading one PDF at a time: a PDF that takes too long is abandoned by ending the
 * worker, and the next job gets a fresh one. Nothing here keeps the process alive.
 */
class GeometryWorker {
  private worker: Worker | null = null;
  private readonly queue: Job[] = [];
  private running: Job | null = null;
  private timer: NodeJS.Timeout | null = null;
  private idleTimer: NodeJS.Timeout | null = null;
  private nextId = 1;
  /** Set when a worker could not even load (a runtime without worker support for the app's files). */
  private inProcess = false;

  read(file: string, timeLimitMs: number): Promise<GeometryReply> {
    return new Promise((resolve, reject) => {
      this.queue.push({
        request: { id: this.nextId++, file, maxPages: pageBounds.maxPages },
        timeLimitMs,
        resolve,
        reject,
      });
      this.pump();
    });
  }

  private pump(): void {
    if (this.running !== null) return;
    const job = this.queue.shift();
    if (job === undefined) {
      this.idleTimer = setTimeout(() => this.stop(), idleWorkerMs).unref();
      return;
    }
    if (this.idleTimer !== null) clearTimeout(this.idleTimer);
    this.running = job;
    if (this.inProcess) {
      // Loaded only here: pdf-lib and the reader's code stay out of main's start (they run in the worker).
      void import("./page-geometry-worker")
        .then(({ answerGeometryRequest }) => answerGeometryRequest(job.request))
        .then(
          (reply) => this.finish(job, () => job.resolve(reply)),
          (error: unknown) =>
            this.finish(job, () => job.reject(error instanceof Error ? error : new Error(String(error)))),
        );
      return;
    }
    const worker = this.ensureWorker();
    this.timer = setTimeout(() => {
      // The worker is busy with this file and cannot be interrupted: end it; the next job starts a new one.
      this.stop();
      this.finish(job, () => job.reject(new PdfProblem(pdfProblems.tooSlow(job.timeLimitMs / 1000))));
    }, job.timeLimitMs);
    worker.ref();
    worker.postMessage(job.request);
  }

  private ensureWorker(): Worker {
    if (this.worker !== null) return this.worker;
    // A hostile file may try to exhaust memory: the worker's heap is bounded apart from the process's.
    const { url, options } = workerSource(
      new URL("./page-geometry-worker.mjs", import.meta.url),
      new URL("./page-geometry-worker.ts", import.meta.url),
    );
    const worker = new Worker(url, { ...options, resourceLimits: { maxOldGenerationSizeMb: 1024 } });
    let loaded = false;
    worker.on("message", (message: WorkerMessage) => {
      const job = this.running;
      if (message === "ready") loaded = true;
      else if (job !== null && message.id === job.request.id) this.finish(job, () => job.resolve(message));
    });
    worker.once("error", (error) => {
      if (loaded || this.worker !== worker) return;
      // Reading in this thread is slower to interrupt but still correct: better than no PDF at all.
      reportWorkerFallback("the PDF reader", error.message, "reading in-process");
      this.inProcess = true;
      this.worker = null;
      const job = this.running;
      this.running = null;
      if (this.timer !== null) clearTimeout(this.timer);
      if (job !== null) this.queue.unshift(job);
      this.pump();
    });
    worker.on("error", (error) => this.failRunning(worker, error));
    worker.on("exit", () => this.failRunning(worker, new Error("The PDF reader stopped unexpectedly.")));
    this.worker = worker;
    return worker;
  }

  private failRunning(worker: Worker, error: Error): void {
    if (this.worker !== worker) return;
    this.worker = null;
    const job = this.running;
    // Out of memory ends the worker: for the person this is a file that cannot be read.
    if (job !== null) this.finish(job, () => job.reject(new PdfProblem(pdfProblems.damaged, { cause: error })));
  }

  private finish(job: Job, settle: () => void): void {
    if (this.running !== job) return;
    if (this.timer !== null) clearTimeout(this.timer);
    this.running = null;
    this.worker?.unref();
    settle();
    this.pump();
  }

  private stop(): void {
    const worker = this.worker;
    this.worker = null;
    void worker?.terminate();
  }
}

const reader = new GeometryWorker();

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
  const reply = await reader.read(file, options.timeLimitMs ?? defaultTimeLimitMs);
  if (!reply.ok) throw refusal(reply.reason, reply.pageCount);
  return checkedGeometry(reply.pages);
}
