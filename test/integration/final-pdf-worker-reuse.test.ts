import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { PdfProblem } from "../../node-shared/pdf/pdf-problem";
import { tryFinalizing } from "../../sandbox/documents/finalize-trial";
import { endIdleFinalPdfWorker, finalPdfWorkersStarted } from "../../sandbox/final-pdf/final-pdf-job";
import type { TemplateField } from "../../sandbox/state/schema";
import { writeLargeStreamPdf } from "../support/large-stream-pdf";

/**
 * Final PDFs are built in a worker thread that the next job reuses: starting one costs the process about 20 MB
 * (its isolate and its code), more than the trial of a 50 MB scan, and an upload's trial runs in the app's main
 * process. A worker that could not finish is never reused, and what it refuses it still refuses.
 */
const groups: TemplateField[][] = [[{ id: "s", x: 72, y: 600, page: 1, type: "Signature", recipient: 1 }]];

let folder: string;
let pdf: string;
let broken: string;
let seal: string;
beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), "signdesk-final-worker-"));
  pdf = path.join(folder, "small.pdf");
  await writeLargeStreamPdf(pdf, { dataBytes: 1024 });
  broken = path.join(folder, "broken.pdf");
  await writeFile(broken, "%PDF-1.7\nnot a PDF at all\n%%EOF\n");
  seal = path.join(folder, "seal");
});
afterAll(async () => {
  await endIdleFinalPdfWorker();
  await rm(folder, { recursive: true, force: true });
});

it("runs back-to-back trials on one worker thread, refusals included", async () => {
  await endIdleFinalPdfWorker();
  const before = finalPdfWorkersStarted();
  await tryFinalizing(pdf, groups, Date.now(), seal);
  await expect(tryFinalizing(broken, groups, Date.now(), seal)).rejects.toBeInstanceOf(PdfProblem);
  await tryFinalizing(pdf, groups, Date.now(), seal);
  expect(finalPdfWorkersStarted() - before).toBe(1);
});

it("gives overlapping trials a worker each, and keeps one of them for the next", async () => {
  await endIdleFinalPdfWorker();
  const before = finalPdfWorkersStarted();
  await Promise.all([tryFinalizing(pdf, groups, Date.now(), seal), tryFinalizing(pdf, groups, Date.now(), seal)]);
  expect(finalPdfWorkersStarted() - before).toBe(2);
  await tryFinalizing(pdf, groups, Date.now(), seal);
  expect(finalPdfWorkersStarted() - before).toBe(2);
});

it("starts a new worker once the waiting one is ended", async () => {
  await tryFinalizing(pdf, groups, Date.now(), seal);
  await endIdleFinalPdfWorker();
  const before = finalPdfWorkersStarted();
  await tryFinalizing(pdf, groups, Date.now(), seal);
  expect(finalPdfWorkersStarted() - before).toBe(1);
});

it("keeps no listener of a worker's earlier waits: reused a dozen times, it warns of no leak", async () => {
  await endIdleFinalPdfWorker();
  const before = finalPdfWorkersStarted();
  const warnings: string[] = [];
  const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
  process.on("warning", onWarning);
  try {
    for (let job = 0; job < 12; job += 1) await tryFinalizing(pdf, groups, Date.now(), seal);
    // A warning is emitted on the next tick: let it come.
    await new Promise((resolve) => setImmediate(resolve));
  } finally {
    process.off("warning", onWarning);
  }
  expect(finalPdfWorkersStarted() - before).toBe(1);
  expect(warnings.filter((warning) => warning.startsWith("MaxListenersExceededWarning"))).toEqual([]);
});
