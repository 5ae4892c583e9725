import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { PDFDocument } from "pdf-lib";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { inspectPdf } from "../node-shared/pdf/inspect-pdf.ts";

/**
 * Reading the pages of a PDF whose page tree is one flat /Kids array (as many producers write it):
 * - read_<n>_ms: inspectPdf (worker thread, one pass), median of 3 after a warm-up;
 * - main_busy_<n>: the calling thread's event-loop utilisation meanwhile (0 idle .. 1 blocked);
 * - pdfjs_page_by_page_<n>_ms: pdf.js getPage for every page in this thread, as the app read them before.
 * Targets: read_5000_ms <= 1500, main_busy_5000 <= 0.2.
 */
const counts = [1000, 5000];
const work = await mkdtemp(path.join(tmpdir(), "signdesk-bench-pages-"));

async function flatPdf(count: number): Promise<string> {
  const document = await PDFDocument.create();
  for (let page = 0; page < count; page += 1) document.addPage([612, 792]);
  const file = path.join(work, `flat-${count}.pdf`);
  await writeFile(file, await document.save({ useObjectStreams: false }));
  return file;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const figures: Record<string, number> = {};
try {
  const files = new Map<number, string>();
  for (const count of counts) files.set(count, await flatPdf(count));
  await inspectPdf(files.get(counts[0] ?? 0) ?? "");
  for (const [count, file] of files) {
    const times: number[] = [];
    const busy: number[] = [];
    for (let run = 0; run < 3; run += 1) {
      const before = performance.eventLoopUtilization();
      const started = performance.now();
      await inspectPdf(file);
      times.push(performance.now() - started);
      busy.push(performance.eventLoopUtilization(before).utilization);
    }
    figures[`read_${count}_ms`] = Math.round(median(times));
    figures[`main_busy_${count}`] = Number(median(busy).toFixed(3));

    const started = performance.now();
    const task = getDocument({ data: new Uint8Array(await readFile(file)), verbosity: 0 });
    const pdf = await task.promise;
    for (let number = 1; number <= pdf.numPages; number += 1) await pdf.getPage(number);
    figures[`pdfjs_page_by_page_${count}_ms`] = Math.round(performance.now() - started);
    await task.destroy();
  }
  console.log(JSON.stringify(figures));
} finally {
  await rm(work, { recursive: true, force: true });
}
