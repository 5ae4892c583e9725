import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { queuedCode } from "../common/outbox.ts";
import { benchAccount } from "./support/bench-account.ts";
import { startBenchCore } from "./support/bench-core.ts";
import { startChildSandbox } from "./support/child-sandbox.ts";
import { documentsPerAddress } from "./support/documents-per-address.ts";
import { startTcpGate } from "./support/tcp-gate.ts";

/**
 * The outbox draining what waited for a service that was down (issue 19), on an account that already has 10,000
 * documents (issue 28; `BENCH_OUTBOX_SEED` for another number). The sandbox runs in a process of its own, behind a
 * proxy there that counts its requests, behind a TCP gate; the core runs here with the outbox's retry at
 * `retryDelayMs` 200 doubling to 1,000 (nothing tells it the service is back: its own retry finds out). With the gate
 * closed (connections refused), 500 sends from a template go through the documentsSend handler, each answering code
 * "queued"; 5 s later (the retry's wait has grown to its longest) the gate opens. Then 100 more sends go one at a
 * time while the person waits for each (each followed by a drain of its own). Prints one JSON line:
 * - outbox_500_drain_s: from the gate opening to all 500 items `sent` (target ≤ 40);
 * - duplicates: documents on the service beyond one per recipient address, from the service's listing (0);
 * - lost: addresses sent to with no document on the service (0);
 * - first_sent_s: from the gate opening to the first item sent (the retry noticing the service is back);
 * - queue_500_s: the 500 calls answering "queued" while the service was down;
 * - waited_100_s: the 100 sends the person waited for, one after the other;
 * - listings_per_100_sends: getAllDocuments requests that reached the service per 100 sends, over all 600 (≤ 2).
 */
const items = Number(process.env.BENCH_OUTBOX_ITEMS ?? 500);
const waited = Number(process.env.BENCH_OUTBOX_WAITED ?? 100);
const seeded = Number(process.env.BENCH_OUTBOX_SEED ?? 10_000);
const retryDelayMs = 200;
const maxRetryDelayMs = 1_000;
const downMs = 5_000;
const say = (what: string) => process.stderr.write(`[outbox] ${what}\n`);

const sandbox = await startChildSandbox({ seedDocuments: seeded, countRequests: true });
if (sandbox.countedUrl === null) throw new Error("the sandbox's counting proxy did not start");
const gate = await startTcpGate(sandbox.countedUrl);
const work = await mkdtemp(path.join(tmpdir(), "signdesk-bench-outbox-"));
const figures: Record<string, number | string> = {
  bench: "outbox",
  items,
  waited,
  seeded_documents: seeded,
  retry_delay_ms: retryDelayMs,
};
const core = await startBenchCore(work, sandbox.key, {
  outbox: { retryDelayMs, maxRetryDelayMs },
});
try {
  // The template, made on the service directly and added to the account by its ID.
  const { invoke, templateId, accountId, direct } = await benchAccount({
    core,
    name: "Bench",
    baseUrl: gate.url,
    serviceUrl: sandbox.url,
    key: sandbox.key,
    work,
  });

  await gate.close();
  const queuing = performance.now();
  for (let index = 0; index < items; index += 1) {
    const answer = await invoke("documentsSend", {
      templateId,
      recipients: [{ name: `Person ${index}`, email: `outbox.${index}@example.com` }],
      documentName: `Offer letter ${index}`,
    });
    if (answer.ok || answer.error.code !== queuedCode)
      throw new Error(`send ${index} was not queued: ${JSON.stringify(answer)}`);
  }
  figures.queue_500_s = Number(((performance.now() - queuing) / 1000).toFixed(2));
  // Down a while longer, so that the retry's wait has grown to its longest.
  await new Promise((resolve) => setTimeout(resolve, downMs));
  say(`${items} queued in ${figures.queue_500_s} s; the service comes back`);

  const opened = performance.now();
  await gate.open();
  const deadline = opened + 120_000;
  for (;;) {
    const sent = core.records.outbox.count(accountId, ["sent"]);
    if (sent > 0 && figures.first_sent_s === undefined)
      figures.first_sent_s = Number(((performance.now() - opened) / 1000).toFixed(2));
    if (sent >= items) break;
    if (performance.now() > deadline) throw new Error("the outbox did not drain within 120 s");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  figures.outbox_500_drain_s = Number(((performance.now() - opened) / 1000).toFixed(2));
  say(`drained in ${figures.outbox_500_drain_s} s`);

  const waiting = performance.now();
  for (let index = items; index < items + waited; index += 1) {
    const answer = await invoke("documentsSend", {
      templateId,
      recipients: [{ name: `Person ${index}`, email: `outbox.${index}@example.com` }],
      documentName: `Offer letter ${index}`,
    });
    if (!answer.ok) throw new Error(`send ${index} failed: ${JSON.stringify(answer)}`);
  }
  figures.waited_100_s = Number(((performance.now() - waiting) / 1000).toFixed(2));
  const listings = await sandbox.count("/getAllDocuments");
  figures.listings = listings;
  figures.listings_per_100_sends = Number(((listings * 100) / (items + waited)).toFixed(2));
  say(`${waited} sends waited for in ${figures.waited_100_s} s; ${listings} listings in all`);

  // Counted on the service: documents per recipient address.
  Object.assign(figures, await documentsPerAddress(direct, "outbox", items + waited));
  figures.max_retry_delay_ms = maxRetryDelayMs;
} finally {
  await core.close();
  await gate.stop();
  sandbox.stop();
  await rm(work, { recursive: true, force: true });
}
console.log(JSON.stringify(figures));
process.exit(0);
