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

/**
 * Builds the final PDF in a worker thread of its own, one per job (finalizing is rare next to other requests), with
 * its heap bounded apart from the process's; the worker reads the original and writes the result itself, so no
 * file's bytes cross threads. Throws an Error with buildFinalPdf's message when it fails.
 */
export function buildFinalPdfOffThread(request: FinalPdfRequest): Promise<FinalPdfFacts> {
  const { url, options } = workerSource(
    new URL("./final-pdf-worker.mjs", import.meta.url),
    new URL("./final-pdf-worker.ts", import.meta.url),
  );
  const worker = new Worker(url, { ...options, resourceLimits: { maxOldGenerationSizeMb: 2048 } });
  return new Promise<FinalPdfFacts>((resolve, reject) => {
    let settled = false;
    const settle = (action: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      action();
    };
    const timer = setTimeout(
      () => settle(() => reject(new Error(`making the final PDF took longer than ${timeLimitMs / 1000} seconds`))),
      timeLimitMs,
    );
    worker.once("message", (reply: FinalPdfReply) =>
      settle(() => (reply.ok ? resolve(reply) : reject(new Error(reply.message)))),
    );
    worker.once("error", (error) =>
      settle(() => {
        reportWorkerFallback("the final PDF's worker", error.message, "the document is not finished");
        reject(error);
      }),
    );
    worker.once("exit", () => settle(() => reject(new Error("the final PDF's worker stopped unexpectedly"))));
    worker.postMessage(request);
  });
}
