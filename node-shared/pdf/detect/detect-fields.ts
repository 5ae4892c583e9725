import { type FieldsFound, FieldsFoundSchema } from "../../../common/found-fields";
import { pdfProblems } from "../inspect-pdf";
import { PdfProblem } from "../pdf-problem";
import { PdfWorkerRunner } from "../pdf-worker-runner";
import type { DetectReply, DetectRequest } from "./detect-fields-worker";

export interface DetectOptions {
  /** Detection is abandoned (and its worker stopped) after this long. */
  timeLimitMs?: number;
}

const defaultTimeLimitMs = 60_000;

const detector = new PdfWorkerRunner<Omit<DetectRequest, "id">, DetectReply>({
  name: "the field detector",
  built: new URL("./detect-fields-worker.mjs", import.meta.url),
  source: new URL("./detect-fields-worker.ts", import.meta.url),
  // Loaded only here: pdf.js and the detector's code stay out of main's start (they run in the worker).
  inProcess: () => import("./detect-fields-worker").then((module) => module.answerDetectRequest),
  tooSlow: (timeLimitMs) => new PdfProblem(pdfProblems.tooSlow(timeLimitMs / 1000)),
  stopped: (cause) => new PdfProblem(pdfProblems.damaged, { cause }),
});

/**
 * The fields the PDF at `file` declares in its own data, read off this thread (detect-fields-worker.ts): its form
 * widgets and its Documenso and DocuSeal text tags, with the roles they name, placed in API coordinates. A damaged
 * or encrypted file, or one that takes longer than the time limit, throws a PdfProblem.
 */
export async function detectFields(file: string, options: DetectOptions = {}): Promise<FieldsFound> {
  const reply = await detector.run({ file }, options.timeLimitMs ?? defaultTimeLimitMs);
  if (!reply.ok) throw new PdfProblem(pdfProblems[reply.reason]);
  return FieldsFoundSchema.parse(reply.found);
}
