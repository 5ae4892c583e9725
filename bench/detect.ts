import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { detectFields } from "../node-shared/pdf/detect/detect-fields.ts";
import { detectCorpus } from "../test/support/detect-corpus.ts";
import { scoreDetection, totalScore } from "../test/support/detect-scoring.ts";
import { writeTaggedPages } from "./support/tagged-pages-pdf.ts";

/**
 * Fields found in documents (issue 34):
 * - recall, precision, position_error_pt_max: detectFields over the whole corpus of test/fixtures/detect, scored
 *   against its expected answers (fields pooled over all documents; the error is the largest, in points);
 * - detect_300_pages_ms: detectFields on a generated 300-page PDF with six tags a page, median of 3 after a warm-up;
 * - main_busy: the calling thread's event-loop utilisation during those runs (0 idle .. 1 blocked).
 * Targets: recall >= 0.99, precision >= 0.99, position_error_pt_max <= 1, detect_300_pages_ms <= 3000,
 * main_busy <= 0.1.
 */
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const work = await mkdtemp(path.join(tmpdir(), "signdesk-bench-detect-"));
try {
  const scores = [];
  for (const entry of detectCorpus()) scores.push(scoreDetection(await detectFields(entry.file), entry.expected));
  const total = totalScore(scores);

  const long = path.join(work, "tagged-300.pdf");
  await writeTaggedPages(long, 300);
  await detectFields(long);
  const times: number[] = [];
  const busy: number[] = [];
  for (let run = 0; run < 3; run += 1) {
    const before = performance.eventLoopUtilization();
    const started = performance.now();
    await detectFields(long);
    times.push(performance.now() - started);
    busy.push(performance.eventLoopUtilization(before).utilization);
  }
  console.log(
    JSON.stringify({
      recall: Number(total.recall.toFixed(4)),
      precision: Number(total.precision.toFixed(4)),
      position_error_pt_max: Number(total.positionErrorMax.toFixed(2)),
      detect_300_pages_ms: Math.round(median(times)),
      main_busy: Number(median(busy).toFixed(3)),
    }),
  );
} finally {
  await rm(work, { recursive: true, force: true });
}
