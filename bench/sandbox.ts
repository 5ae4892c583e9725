import { openAsBlob } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import type { TemplateField } from "../sandbox/state/schema.ts";
import { type ChildSandbox, startChildSandbox } from "./support/child-sandbox.ts";
import { finalPdfFigures } from "./support/final-pdf-figures.ts";
import { pdfOfSize } from "./support/pdf-of-size.ts";
import type { PeakRss } from "./support/peak-rss.ts";

/**
 * The sandbox under load, in its own process, bundled as the app bundles it (its worker threads are the bundled
 * files the app runs, not TypeScript through tsx):
 * - details_rps, details_p99_ms: getDocumentDetails at 32 concurrent connections for 10 s (autocannon);
 * - upload_50mb_s, upload_50mb_rss_growth_mb: one createNewTemplate with a 50 MB PDF (one 50 MB stream, as a scan
 *   is), after a warm-up upload: its time, and the sandbox process's peak resident memory (RSS) over its RSS
 *   before the request. RSS counts every thread of the process, so the worker threads that read the upload's pages
 *   and finalize a copy of it (the trial) are in it, heap, code and buffers; in the app that process is Electron's
 *   main. Both workers are warm from the warm-up upload, as in a sandbox that has just had one.
 *   upload_50mb_rss_after_mb: its RSS when the answer came, over the same baseline (what the upload kept);
 *   upload_50mb_again_rss_growth_mb: the same for a second 50 MB upload right after;
 *   upload_50mb_cold_rss_growth_mb: the same once the waiting worker is ended, as for the first upload after half a
 *   minute without one: its trial starts a worker (its isolate and code);
 * - trial_50mb_s, trial_50mb_rss_growth_mb: the finalization trial alone on the same file, in the same process, on
 *   the worker thread the uploads' trials left waiting (final-pdf-job.ts keeps one for 30 s);
 *   trial_50mb_cold_s, trial_50mb_cold_rss_growth_mb: the same on a worker it starts, as the first upload after a
 *   while pays (the worker's isolate and the code it compiles);
 * - receive_50mb_rss_growth_mb: the same first 50 MB createNewTemplate after the same warm-up, in a sandbox of its
 *   own, refused once the file is received (no template name): what receiving the request body alone costs (the
 *   socket's buffers, garbage once written to disk, are collected every 8 MB: node-shared/young-garbage.ts).
 * - final_pdf_200_pages_s, final_pdf_growth_kb: the final PDF of a 4 MB, 200-page linearized original with 20 fields
 *   (median of three, in this process), and how much it adds to the original (stamps, audit page, seal).
 * - final_pdf_all_scripts_kb: the final PDF of a one-page original with a name in each of 13 scripts stamped and
 *   listed on the audit trail (target <= 300).
 * Each memory figure starts from a collected heap. Targets: details_rps >= 3000, details_p99_ms <= 20,
 * upload_50mb_rss_growth_mb and upload_50mb_cold_rss_growth_mb <= 25, final_pdf_200_pages_s <= 2,
 * final_pdf_growth_kb <= 300 plus final_pdf_stamp_images_kb.
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 10);

const sandbox = await startChildSandbox({ bundled: true });
const { url, key } = sandbox;
const work = await mkdtemp(path.join(tmpdir(), "signdesk-bench-files-"));
const groups: TemplateField[][] = [[{ id: "s", x: 72, y: 600, page: 1, type: "Signature", recipient: 1 }]];
const megabytes = (bytes: number) => Number((bytes / (1024 * 1024)).toFixed(1));
const growth = (rss: PeakRss) => megabytes(rss.peakBytes - rss.baselineBytes);

/**
 * createNewTemplate with `file` on `target`; without a template name the sandbox receives the file whole, then
 * refuses it.
 */
async function uploadTo(
  target: ChildSandbox,
  file: string,
  templateName = "Benchmark",
): Promise<{ status: number; body: Record<string, unknown> }> {
  const form = new FormData();
  if (templateName !== "") form.set("templateName", templateName);
  form.set("fields", JSON.stringify(groups));
  form.set("document", await openAsBlob(file, { type: "application/pdf" }), "bench.pdf");
  const response = await fetch(`${target.url}/createNewTemplate`, {
    method: "POST",
    headers: { "x-api-key": target.key },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
const upload = (file: string, templateName?: string) => uploadTo(sandbox, file, templateName);

/** Loads pdf.js, the routes and the workers' code once, as a running sandbox has. */
async function warmUp(target: ChildSandbox, small: string): Promise<void> {
  const warm = await uploadTo(target, small);
  if (warm.status !== 200) throw new Error(`warm-up upload failed: ${JSON.stringify(warm.body)}`);
}

/** The first 50 MB body a warmed-up sandbox of its own receives, then refuses (no template name). */
async function firstReceipt(small: string, big: string): Promise<PeakRss> {
  const receiver = await startChildSandbox({ bundled: true });
  try {
    await warmUp(receiver, small);
    const { result, rss } = await receiver.measure(() => uploadTo(receiver, big, ""));
    if (result.status !== 400) throw new Error(`the nameless upload was not refused: ${result.status}`);
    return rss;
  } finally {
    receiver.stop();
  }
}

try {
  const small = await pdfOfSize(work, 64 * 1024);
  await warmUp(sandbox, small);

  const big = await pdfOfSize(work, 50 * 1024 * 1024 - 64 * 1024);
  const started = performance.now();
  const { result: answer, rss: uploadRss } = await sandbox.measure(() => upload(big));
  const uploadSeconds = (performance.now() - started) / 1000;
  if (answer.status !== 200) throw new Error(`50 MB upload failed: ${JSON.stringify(answer.body)}`);
  const again = await sandbox.measure(() => upload(big));
  if (again.result.status !== 200) throw new Error(`second 50 MB upload failed: ${JSON.stringify(again.result.body)}`);
  const cold = await sandbox.measure(() => upload(big), { coldWorker: true });
  if (cold.result.status !== 200) throw new Error(`cold 50 MB upload failed: ${JSON.stringify(cold.result.body)}`);
  const trial = await sandbox.trial(big, groups);
  const coldTrial = await sandbox.trial(big, groups, true);
  const received = await firstReceipt(small, big);

  const send = await fetch(`${url}/createFromTemplate`, {
    method: "POST",
    headers: { "x-api-key": key, "content-type": "application/json" },
    body: JSON.stringify({
      templateId: answer.body.template_id,
      recipients: [{ name: "Bench", email: "bench@example.com" }],
    }),
  });
  const { pdf_id: pdfId } = (await send.json()) as { pdf_id: string };

  const load = await autocannon({
    url: `${url}/getDocumentDetails?pdf_id=${pdfId}`,
    connections: 32,
    duration: seconds,
    headers: { "x-api-key": key },
  });
  if (load.non2xx > 0 || load.errors > 0)
    throw new Error(`getDocumentDetails: ${load.non2xx} non-2xx, ${load.errors} errors`);

  const finalPdf = await finalPdfFigures();
  console.log(
    JSON.stringify({
      bench: "sandbox",
      details_rps: Math.round(load.requests.average),
      details_p99_ms: load.latency.p99,
      details_requests: load.requests.total,
      upload_50mb_s: Number(uploadSeconds.toFixed(2)),
      upload_50mb_rss_growth_mb: growth(uploadRss),
      upload_50mb_rss_after_mb: megabytes(uploadRss.endBytes - uploadRss.baselineBytes),
      upload_50mb_again_rss_growth_mb: growth(again.rss),
      upload_50mb_cold_rss_growth_mb: growth(cold.rss),
      trial_50mb_s: Number(trial.seconds.toFixed(2)),
      trial_50mb_rss_growth_mb: growth(trial.rss),
      trial_50mb_cold_s: Number(coldTrial.seconds.toFixed(2)),
      trial_50mb_cold_rss_growth_mb: growth(coldTrial.rss),
      receive_50mb_rss_growth_mb: growth(received),
      sandbox_rss_before_mb: megabytes(uploadRss.baselineBytes),
      rss_peak_method: uploadRss.method,
      ...finalPdf,
    }),
  );
} finally {
  sandbox.stop();
  await rm(work, { recursive: true, force: true });
}
