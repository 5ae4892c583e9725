/**
 * Builds a final PDF in a worker thread (started by `final-pdf-job.ts`): parsing, stamping and sealing a large
 * PDF takes long enough to stall the thread that asked, which is the sandbox's HTTP server and, in the app,
 * Electron's main process.
 */
import { parentPort } from "node:worker_threads";
import { writeFileAtomic } from "../../node-shared/files/atomic-write";
import { readOriginalFile } from "../../node-shared/pdf/read-original";
import { buildFinalPdf } from "./build-final-pdf";
import type { FinalPdfReply, FinalPdfRequest } from "./final-pdf-job";
import { loadOrCreateSealCertificate } from "./seal/sandbox-certificate";

async function answerFinalPdfRequest(request: FinalPdfRequest): Promise<FinalPdfReply> {
  try {
    const seal = await loadOrCreateSealCertificate(request.sealFolder);
    // The original's large streams stay in its file: the worker holds the file's structure, not its scans.
    const original = readOriginalFile(request.originalFile);
    try {
      const final = await buildFinalPdf(original, request.fields, request.audit, seal);
      if (request.outputFile !== null) await writeFileAtomic(request.outputFile, (handle) => final.writeTo(handle));
      const { length, sha256, signedContentSha256, signedContentLength } = final;
      return { ok: true, length, sha256, signedContentSha256, signedContentLength };
    } finally {
      original.close();
    }
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

parentPort?.on("message", (request: FinalPdfRequest) => {
  void answerFinalPdfRequest(request).then((reply) => {
    parentPort?.postMessage(reply);
  });
});
