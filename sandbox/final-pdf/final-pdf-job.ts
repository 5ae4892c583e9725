import { Worker } from "node:worker_threads";
import { reportWorkerFallback } from "../../node-shared/worker-fallback";
import { workerSource } from "../../node-shared/worker-source";
import type { AuditTrail, FinalPdf, StampedField } from "./build-final-pdf";

export interface FinalPdfRequest {
  /** The original PDF's path: the worker reads it, so its bytes are never copied between threads. */
  originalFile: string;
  fields: StampedField[];
  audit: AuditTrail;
  /** The folder of the seal's certificate (see seal/sandbox-certificate.ts). */
  sealFolder: string;
  /** Where the worker writes the final PDF (atomically); none for a trial, whose result is only checked. */
  outputFile: string | null;
}

/** What the final PDF is, once written (or, for a trial, would be). */
export type FinalPdfFacts = Pick<FinalPdf, "length" | "sha256" | "signedContentSha256" | "signedContentLength">;

export type FinalPdfReply = ({ ok: true } & FinalPdfFacts) | { ok: false; message: string };

/** A file that takes longer than this to finalize is given up on (the worker is ended). */
const timeLimitMs = 120_000;
/** A worker left unused for this long is ended, giving back its heap and code. */
const idleWorkerMs = 30_000;

/**
 * At most one worker waits between jobs: starting one costs more memory than most jobs (its isolate and the
 * 2 MB of code it compiles, about 8 MB of the process's resident memory, against about 1 MB for the trial of a
 * 50 MB scan), so back-to-back jobs (an upload's trial, then its document's final PDF) share one. Jobs that
 * overlap each get a worker of their own, ended after unless none is waiting.
 */
let idle: { worker: Worker; timer: NodeJS.Timeout; onExit: () => void } | null = null;
let started = 0;

/** Ends the waiting worker, if any (benchmarks measure a job on a worker of its own with it). */
export async function endIdleFinalPdfWorker(): Promise<void> {
  const waiting = idle;
  idle = null;
  if (waiting === null) return;
  clearTimeout(waiting.timer);
  await waiting.worker.terminate();
}

/** How many final-PDF workers this process has started (for tests). */
export function finalPdfWorkersStarted(): number {
  return started;
}

function takeWorker(): Worker {
  if (idle !== null) {
    const { worker, timer, onExit } = idle;
    idle = null;
    clearTimeout(timer);
    // Its waiting's own listener goes with the waiting: a worker reused a thousand times keeps none of them.
    worker.off("exit", onExit);
    worker.ref();
    return worker;
  }
  const { url, options } = workerSource(
    new URL("./final-pdf-worker.mjs", import.meta.url),
    new URL("./final-pdf-worker.ts", import.meta.url),
  );
  started += 1;
  // A small young generation: shaping text makes many short-lived objects, and V8 otherwise lets the nursery grow
  // (8 MB more resident per worker, measured) rather than collect it.
  return new Worker(url, { ...options, resourceLimits: { maxOldGenerationSizeMb: 2048, maxYoungGenerationSizeMb: 2 } });
}

/** A worker that answered its job waits for the next one (unless one waits already); nothing keeps the process alive. */
function giveBack(worker: Worker): void {
  if (idle !== null) {
    void worker.terminate();
    return;
  }
  worker.unref();
  // A waiting worker that ends (out of memory, say) is simply not reused.
  const onExit = () => {
    if (idle === waiting) {
      clearTimeout(waiting.timer);
      idle = null;
    }
  };
  const waiting = {
    worker,
    timer: setTimeout(() => {
      if (idle === waiting) idle = null;
      void worker.terminate();
    }, idleWorkerMs).unref(),
    onExit,
  };
  idle = waiting;
  worker.once("exit", onExit);
}

/**
 * Builds the final PDF in a worker thread (one per job at a time, reused by the next job; see above), with its
 * heap bounded apart from the process's; the worker reads the original and writes the result itself, so no file's
 * bytes cross threads. Throws an Error with buildFinalPdf's message when it fails. A worker that fails, stops or
 * runs out of time is ended, never reused.
 */
export function buildFinalPdfOffThread(request: FinalPdfRequest): Promise<FinalPdfFacts> {
  const worker = takeWorker();
  return new Promise<FinalPdfFacts>((resolve, reject) => {
    let settled = false;
    const onMessage = (reply: FinalPdfReply) => {
      settle(true, () => (reply.ok ? resolve(reply) : reject(new Error(reply.message))));
    };
    const onError = (error: Error) =>
      settle(false, () => {
        reportWorkerFallback("the final PDF's worker", error.message, "the document is not finished");
        reject(error);
      });
    const onExit = () => settle(false, () => reject(new Error("the final PDF's worker stopped unexpectedly")));
    const settle = (reusable: boolean, action: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      worker.off("message", onMessage);
      worker.off("error", onError);
      worker.off("exit", onExit);
      if (reusable) giveBack(worker);
      else void worker.terminate();
      action();
    };
    const timer = setTimeout(
      () =>
        settle(false, () => reject(new Error(`making the final PDF took longer than ${timeLimitMs / 1000} seconds`))),
      timeLimitMs,
    );
    worker.once("message", onMessage);
    worker.once("error", onError);
    worker.once("exit", onExit);
    worker.postMessage(request);
  });
}
