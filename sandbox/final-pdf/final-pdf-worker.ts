/**
 * Builds a final PDF in a worker thread (started by `final-pdf-job.ts`): parsing, stamping and sealing a large
 * PDF takes long enough to stall the thread that asked, which is the sandbox's HTTP server and, in the app,
 * Electron's main process.
 */
import { parentPort } from "node:worker_threads";
import { buildFinalPdf } from "./build-final-pdf";
import type { FinalPdfReply, FinalPdfRequest } from "./final-pdf-job";
import { loadOrCreateSealCertificate } from "./seal/sandbox-certificate";

export async function answerFinalPdfRequest(request: FinalPdfRequest): Promise<FinalPdfReply> {
  try {
    const seal = await loadOrCreateSealCertificate(request.sealFolder);
    const final = await buildFinalPdf(request.original, request.fields, request.audit, seal);
    return { ok: true, ...final };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

parentPort?.on("message", (request: FinalPdfRequest) => {
  void answerFinalPdfRequest(request).then((reply) => {
    parentPort?.postMessage(reply, reply.ok ? [reply.bytes.buffer as ArrayBuffer] : []);
  });
});
