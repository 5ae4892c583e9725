import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { DocumentTracker } from "../main/documents/tracker.ts";
import { inspectPdfSeal } from "../main/downloads/final-pdf-seal.ts";
import { openRecords } from "../main/records/open-records.ts";
import { createServiceClient } from "../main/service/client.ts";
import { minimalSignedPdf } from "../test/support/minimal-signed-pdf.ts";
import { testSealCertificate } from "../test/support/seal.ts";
import { startChildProxy } from "./support/child-proxy.ts";
import { startChildSandbox } from "./support/child-sandbox.ts";
import { pdfOfSize } from "./support/pdf-of-size.ts";

/**
 * The main process's own work against a sandbox in another process:
 * - upload_50mb_rss_growth_mb: peak resident memory growth of this (the main) process while the service
 *   client uploads a 50 MB PDF (after a warm-up upload); target <= 25;
 * - upload_50mb_via_proxy_rss_growth_mb: the same upload through an HTTP proxy (the system's settings naming one;
 *   the proxy runs in a process of its own); target <= 25;
 * - poll_1000_cycle_s: one tracker pass over 1000 unfinished documents (getDocumentDetails each, at most
 *   4 in flight); target <= 5;
 * - seal_check_50mb_ms: checking the seal of a 50 MB signed PDF, as a download of a final PDF is checked; target
 *   <= 1000.
 */
const documentCount = Number(process.env.BENCH_DOCUMENTS ?? 1000);
const sandbox = await startChildSandbox();
const work = await mkdtemp(path.join(tmpdir(), "signdesk-bench-core-"));

try {
  const client = createServiceClient({ baseUrl: sandbox.url, apiKey: async () => sandbox.key, timeoutMs: 60_000 });
  const fields = [[{ id: "s", x: 72, y: 600, page: 1, type: "Signature" as const, recipient: 1 }]];
  const upload = (file: string) =>
    client.createNewTemplate({
      file,
      fileName: "bench.pdf",
      templateName: "Bench",
      fields,
      autoReleaseSignatures: true,
    });

  const warm = await upload(await pdfOfSize(work, 64 * 1024));
  const big = await pdfOfSize(work, 50 * 1024 * 1024 - 64 * 1024);
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 2);
  await upload(big);
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);

  const proxy = await startChildProxy();
  const proxied = createServiceClient({
    baseUrl: sandbox.url,
    apiKey: async () => sandbox.key,
    timeoutMs: 60_000,
    proxy: { resolve: async () => `PROXY ${proxy.address}`, credentials: async () => null },
  });
  const uploadViaProxy = (file: string) =>
    proxied.createNewTemplate({
      file,
      fileName: "bench.pdf",
      templateName: "Bench",
      fields,
      autoReleaseSignatures: true,
    });
  await uploadViaProxy(await pdfOfSize(work, 64 * 1024));
  const proxyBaseline = process.memoryUsage().rss;
  let proxyPeak = proxyBaseline;
  const proxySampler = setInterval(() => {
    proxyPeak = Math.max(proxyPeak, process.memoryUsage().rss);
  }, 2);
  await uploadViaProxy(big);
  clearInterval(proxySampler);
  proxyPeak = Math.max(proxyPeak, process.memoryUsage().rss);
  if (!(await proxy.forwarded()).some((url) => url.endsWith("/createNewTemplate")))
    throw new Error("the upload did not go through the proxy");
  proxy.stop();

  const pdfIds: string[] = [];
  for (let start = 0; start < documentCount; start += 25) {
    const batch = Array.from({ length: Math.min(25, documentCount - start) }, (_, index) =>
      client.createFromTemplate({
        templateId: warm.template_id,
        recipients: [{ name: `Signer ${start + index}`, email: `signer${start + index}@example.com` }],
      }),
    );
    pdfIds.push(...(await Promise.all(batch)).map((sent) => sent.pdf_id));
  }
  const index = openRecords(work).records.documents;
  const at = new Date().toISOString();
  for (const pdfId of pdfIds) {
    index.add({
      accountId: "bench",
      pdfId,
      name: "Bench",
      templateId: warm.template_id,
      recipients: [],
      sentAt: at,
      lastStatus: "pending",
      lastCheckedAt: null,
      finished: false,
      hasFinalPdf: false,
      statusHistory: [{ status: "pending", at }],
      imported: false,
    });
  }
  let polls = 0;
  const tracker = new DocumentTracker({
    documents: index,
    fetchDetails: async (_account, pdfId) => {
      polls += 1;
      return (await client.getDocumentDetails(pdfId)).document;
    },
    isUnreachable: () => false,
    onChange: () => {},
  });
  const started = performance.now();
  await tracker.refreshNow();
  const passSeconds = (performance.now() - started) / 1000;
  if (polls !== documentCount) throw new Error(`the pass polled ${polls} of ${documentCount} documents`);

  const sealed = minimalSignedPdf(await testSealCertificate(), 50 * 1024 * 1024);
  const checking = performance.now();
  if (!inspectPdfSeal(sealed).sealed) throw new Error("the 50 MB PDF's seal did not check");
  const sealCheckMs = performance.now() - checking;

  console.log(
    JSON.stringify({
      bench: "core",
      upload_50mb_rss_growth_mb: Number(((peak - baseline) / (1024 * 1024)).toFixed(1)),
      upload_50mb_via_proxy_rss_growth_mb: Number(((proxyPeak - proxyBaseline) / (1024 * 1024)).toFixed(1)),
      poll_1000_cycle_s: Number(passSeconds.toFixed(2)),
      seal_check_50mb_ms: Math.round(sealCheckMs),
      documents: documentCount,
    }),
  );
} finally {
  sandbox.stop();
  await rm(work, { recursive: true, force: true });
}
