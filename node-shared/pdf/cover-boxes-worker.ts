/**
 * Covers text tags in a PDF in a worker thread (started by `cover-boxes.ts`): loading and rewriting a large PDF
 * takes long enough to stall Electron's main process.
 *
 * The build bundles this file beside main's bundle; from source it runs through tsx (worker-source.ts).
 */
import { parentPort } from "node:worker_threads";
import { type CoverRequest, writeCoveredPdf } from "./covered-pdf";

export type CoverReply = { ok: true; addedBytes: number } | { ok: false; message: string };

/** What the worker posts: "ready" once loaded, then one reply per request. */
export type CoverWorkerMessage = "ready" | CoverReply;

if (parentPort !== null) {
  // pdf-lib reports every object it cannot parse on the console; the caller hears of problems in the reply.
  console.log = () => {};
  console.warn = () => {};
}
parentPort?.on("message", (request: CoverRequest) => {
  writeCoveredPdf(request).then(
    ({ addedBytes }) => parentPort?.postMessage({ ok: true, addedBytes } satisfies CoverReply),
    (error: unknown) =>
      parentPort?.postMessage({
        ok: false,
        message: error instanceof Error ? error.message : String(error),
      } satisfies CoverReply),
  );
});
parentPort?.postMessage("ready");
