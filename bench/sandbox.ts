import { openAsBlob } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { startChildSandbox } from "./support/child-sandbox.ts";
import { finalPdfFigures } from "./support/final-pdf-figures.ts";
import { pdfOfSize } from "./support/pdf-of-size.ts";

/**
 * The sandbox under load, in its own process:
 * - details_rps, details_p99_ms: getDocumentDetails at 32 concurrent connections for 10 s (autocannon);
 * - upload_50mb_s, upload_50mb_rss_growth_mb: one createNewTemplate with a 50 MB PDF, and the sandbox
 *   process's peak resident memory growth while it accepts it (after a warm-up upload).
 * - final_pdf_200_pages_s, final_pdf_growth_kb: the final PDF of a 4 MB, 200-page linearized original with 20 fields
 *   (median of three, in this process), and how much it adds to the original (stamps, audit page, seal).
 * Targets: details_rps >= 3000, details_p99_ms <= 20, final_pdf_200_pages_s <= 2, final_pdf_growth_kb <= 300 plus
 * final_pdf_stamp_images_kb. The upload's memory includes finalizing a copy of the file, as every upload does.
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 10);

const sandbox = await startChildSandbox();
const { url, key } = sandbox;
const work = await mkdtemp(path.join(tmpdir(), "signdesk-bench-files-"));

async function upload(file: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const form = new FormData();
  form.set("templateName", "Benchmark");
  form.set("fields", JSON.stringify([[{ id: "s", x: 72, y: 600, page: 1, type: "Signature", recipient: 1 }]]));
  form.set("document", await openAsBlob(file, { type: "application/pdf" }), "bench.pdf");
  const response = await fetch(`${url}/createNewTemplate`, {
    method: "POST",
    headers: { "x-api-key": key },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

try {
  // Warm-up: loads pdf.js and the routes once, as a running sandbox has.
  const warm = await upload(await pdfOfSize(work, 64 * 1024));
  if (warm.status !== 200) throw new Error(`warm-up upload failed: ${JSON.stringify(warm.body)}`);

  const big = await pdfOfSize(work, 50 * 1024 * 1024 - 64 * 1024);
  const started = performance.now();
  const { result: answer, rssGrowthBytes } = await sandbox.measure(() => upload(big));
  const uploadSeconds = (performance.now() - started) / 1000;
  if (answer.status !== 200) throw new Error(`50 MB upload failed: ${JSON.stringify(answer.body)}`);

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
      upload_50mb_rss_growth_mb: Number((rssGrowthBytes / (1024 * 1024)).toFixed(1)),
      ...finalPdf,
    }),
  );
} finally {
  sandbox.stop();
  await rm(work, { recursive: true, force: true });
}
