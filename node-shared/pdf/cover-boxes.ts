import { createReadStream } from "node:fs";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { z } from "zod";
import { type FoundCover, FoundCoverSchema } from "../../common/found-fields";
import { writeFileAtomic } from "../files/atomic-write";
import { reportWorkerFallback } from "../worker-fallback";
import { workerSource } from "../worker-source";
import type { CoverWorkerMessage } from "./cover-boxes-worker";
import type { CoverRequest } from "./covered-pdf";

/**
 * Covers the text tags a person accepted (issue 34) in the uploaded PDF, so that recipients never see
 * `{{signature, r1}}`: the source's exact bytes, then one incremental update that paints each tag's box in the page's colour under it
 * (paint-covers.ts), after the page's own content. Signatures the source carries stay valid: their prefix is kept.
 */

const CoversSchema = z.array(z.object({ page: z.int().min(1), rect: FoundCoverSchema }));

export interface CoverOptions {
  /** The work is abandoned (its worker ended) after this long. */
  timeLimitMs?: number;
}

const defaultTimeLimitMs = 60_000;

/** Why covering failed: it took too long, or the file or the covers could not be used (the message says which). */
export class CoverBoxesError extends Error {
  constructor(
    readonly reason: "tooSlow" | "failed",
    detail: string,
    options?: ErrorOptions,
  ) {
    super(`Could not cover the text tags in the PDF: ${detail.replace(/\.$/, "")}.`, options);
    this.name = "CoverBoxesError";
  }
}

/** Set when a worker could not even load (a runtime without worker support for the app's files). */
let inProcess = false;

function tooSlow(timeLimitMs: number): CoverBoxesError {
  return new CoverBoxesError("tooSlow", `it took longer than ${timeLimitMs / 1000} seconds`);
}

async function coverInProcess(request: CoverRequest, timeLimitMs: number): Promise<void> {
  // Loaded only here: pdf-lib and the writer stay out of main's start (they run in the worker).
  const { writeCoveredPdf } = await import("./covered-pdf");
  // This thread cannot be interrupted: past the limit, the work ends without writing the target.
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(tooSlow(timeLimitMs)), timeLimitMs);
  try {
    await writeCoveredPdf(request, controller.signal);
  } finally {
    clearTimeout(timer);
  }
}

/** One worker per job, ended when it answers, fails or runs out of time: covering is rare (an upload with tags). */
function coverInWorker(request: CoverRequest, timeLimitMs: number): Promise<void> {
  const { url, options } = workerSource(
    new URL("./cover-boxes-worker.mjs", import.meta.url),
    new URL("./cover-boxes-worker.ts", import.meta.url),
  );
  // A hostile file may try to exhaust memory: the worker's heap is bounded apart from the process's.
  const worker = new Worker(url, { ...options, resourceLimits: { maxOldGenerationSizeMb: 2048 } });
  return new Promise<void>((resolve, reject) => {
    let loaded = false;
    let settled = false;
    const settle = (action: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      action();
    };
    const timer = setTimeout(() => settle(() => reject(tooSlow(timeLimitMs))), timeLimitMs);
    worker.on("message", (message: CoverWorkerMessage) => {
      if (message === "ready") {
        loaded = true;
        worker.postMessage(request);
      } else settle(() => (message.ok ? resolve() : reject(new CoverBoxesError("failed", message.message))));
    });
    worker.once("error", (error) => {
      if (loaded) {
        settle(() => reject(new CoverBoxesError("failed", error.message, { cause: error })));
        return;
      }
      // Covering in this thread is slower to interrupt but still correct: better than tags left visible.
      reportWorkerFallback("the tag cover's worker", error.message, "covering in-process");
      inProcess = true;
      settle(() => coverInProcess(request, timeLimitMs).then(resolve, reject));
    });
    // Out of memory ends the worker: for the person this is a file that cannot be covered.
    worker.once("exit", () => settle(() => reject(new CoverBoxesError("failed", "its worker stopped unexpectedly"))));
  });
}

/** `target` as an exact copy of `source`, written atomically (nothing to cover). */
async function copyWhole(source: string, target: string): Promise<void> {
  if (path.resolve(source) === path.resolve(target)) return;
  await writeFileAtomic(target, async (handle) => {
    for await (const chunk of createReadStream(source)) await handle.write(chunk as Buffer);
  });
}

/**
 * Writes to `target` the PDF of `source` followed by ONE incremental update painting each cover's rectangle (in
 * displayed points of its page, top-left origin: FoundCover) in its colour (white if none), off this thread (cover-boxes-worker.ts) and
 * within a time limit. No covers: `target` is a byte copy. `target` may be `source`; it is replaced atomically.
 * Throws a CoverBoxesError (an Error with an English message) when the covers or the file cannot be used, or the
 * work takes too long; the target is then left as it was.
 */
export async function coverBoxes(
  source: string,
  target: string,
  covers: readonly { page: number; rect: FoundCover }[],
  options: CoverOptions = {},
): Promise<void> {
  const parsed = CoversSchema.safeParse(covers);
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    const where = issue === undefined ? "" : ` at ${issue.path.join(".")}: ${issue.message}`;
    throw new CoverBoxesError("failed", `the covers are not valid${where}`);
  }
  if (parsed.data.length === 0) {
    await copyWhole(source, target);
    return;
  }
  const request: CoverRequest = { source, target, covers: parsed.data };
  const timeLimitMs = options.timeLimitMs ?? defaultTimeLimitMs;
  try {
    await (inProcess ? coverInProcess(request, timeLimitMs) : coverInWorker(request, timeLimitMs));
  } catch (error) {
    if (error instanceof CoverBoxesError) throw error;
    throw new CoverBoxesError("failed", error instanceof Error ? error.message : String(error), { cause: error });
  }
}
