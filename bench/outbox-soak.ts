import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { getHeapSpaceStatistics, setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { holdYoungGeneration } from "../main/young-generation.ts";
import type { FaultAction } from "../test/support/fault-server.ts";
import { benchAccount } from "./support/bench-account.ts";
import { startBenchCore } from "./support/bench-core.ts";
import { startChildSandbox } from "./support/child-sandbox.ts";
import { startTcpGate } from "./support/tcp-gate.ts";

/**
 * Main's memory over a long run of sends with faults (issue 28, item 5). The sandbox runs in a process of its own
 * with 10,000 documents already on the account (`BENCH_SOAK_SEED`), behind a proxy there that counts its requests,
 * behind a TCP gate; the core and its handlers run here, and this process's memory is what is measured. For
 * `BENCH_SOAK_MINUTES` (10), sends from a template go through the documentsSend handler as a person's do, about
 * `BENCH_SOAK_RATE` a second (3) with at most 8 waiting at once. Every minute the service goes away for 10 s (the gate
 * closes, cutting what is in flight), then comes back; and three sends' answers are lost (two acted on, one not,
 * scripted on the sandbox's side), so that lost answers are checked. The document tracker is kept quiet, as in the
 * outbox benchmark: this measures the sends. Prints one JSON line:
 * - rss_mb: this process's resident memory at the start (before the first send) and at the end of each minute;
 *   rss_mb_start, rss_mb_end, rss_growth_mb (end minus the first minute's end, after warming up);
 * - heap_mb: the V8 heap in use after a full garbage collection, at the same points;
 * - sends, and what they answered (sent, queued, checked and not sent, in doubt);
 * - listings and listings_per_100_sends: getAllDocuments requests that reached the service (the session's listing and
 *   the looks after lost answers);
 * - duplicates (documents beyond one per address) and lost (addresses whose send was not answered "not sent" with no
 *   document), counted on the service once the outbox has settled.
 */
const minutes = Number(process.env.BENCH_SOAK_MINUTES ?? 10);
const seeded = Number(process.env.BENCH_SOAK_SEED ?? 10_000);
const rate = Number(process.env.BENCH_SOAK_RATE ?? 3);
const maxWaiting = 8;
const downEveryMs = 60_000;
const downForMs = 10_000;
const say = (what: string) => process.stderr.write(`[outbox-soak] ${what}\n`);
/** The answers lost each minute, among the sends that reach the service. */
const lostAnswers: FaultAction[] = [
  { kind: "proxy-then-reset" },
  ...Array.from({ length: 5 }, () => ({ kind: "proxy" }) as const),
  { kind: "reset" },
  ...Array.from({ length: 5 }, () => ({ kind: "proxy" }) as const),
  { kind: "proxy-then-status", status: 504 },
];

setFlagsFromString("--expose-gc");
// As main/index.ts does first.
holdYoungGeneration();
const collect = runInNewContext("gc") as () => void;
const mb = (bytes: number) => Number((bytes / 1024 / 1024).toFixed(1));
function sample(): { rss: number; heap: number } {
  collect();
  const memory = process.memoryUsage();
  return { rss: mb(memory.rss), heap: mb(memory.heapUsed) };
}

const sandbox = await startChildSandbox({ seedDocuments: seeded, countRequests: true });
if (sandbox.countedUrl === null) throw new Error("the sandbox's counting proxy did not start");
const gate = await startTcpGate(sandbox.countedUrl);
const work = await mkdtemp(path.join(tmpdir(), "signdesk-bench-soak-"));
const figures: Record<string, unknown> = { bench: "outbox-soak", minutes, seeded_documents: seeded, rate };
const core = await startBenchCore(work, sandbox.key, {
  outbox: { retryDelayMs: 200, maxRetryDelayMs: 2_000 },
  sendCheck: { scheduleMs: [0, 1_000, 3_000, 6_000, 12_000], listTimeoutMs: 30_000 },
});
try {
  const { invoke, templateId, accountId, direct } = await benchAccount({
    core,
    name: "Soak",
    baseUrl: gate.url,
    serviceUrl: sandbox.url,
    key: sandbox.key,
    work,
  });

  sandbox.plan("/createFromTemplate", ...lostAnswers);
  const samples = [sample()];
  say(`start: ${JSON.stringify(samples[0])}`);
  const answers = new Map<string, number>();
  const notSent = new Set<number>();
  let sends = 0;
  let waiting = 0;
  const outstanding = new Set<Promise<void>>();
  const started = performance.now();
  const endAt = started + minutes * 60_000;
  let nextMinute = started + 60_000;
  let nextDown = started + downEveryMs - downForMs;
  let upAt: number | null = null;
  while (performance.now() < endAt) {
    const now = performance.now();
    if (upAt === null && now >= nextDown) {
      await gate.close();
      upAt = now + downForMs;
      say(`minute ${Math.round((now - started) / 60_000)}: the service goes away`);
    } else if (upAt !== null && now >= upAt) {
      await gate.open();
      upAt = null;
      nextDown += downEveryMs;
      sandbox.plan("/createFromTemplate", ...lostAnswers);
    }
    if (now >= nextMinute) {
      samples.push(sample());
      const { heapTotal, external, arrayBuffers } = process.memoryUsage();
      say(
        `after ${samples.length - 1} min: ${JSON.stringify(samples.at(-1))}, heap total ${mb(heapTotal)}, ` +
          `external ${mb(external)} (array buffers ${mb(arrayBuffers)}), ${sends} sends; heap spaces (size/used): ` +
          getHeapSpaceStatistics()
            .map((space) => `${space.space_name} ${mb(space.space_size)}/${mb(space.space_used_size)}`)
            .join(", "),
      );
      nextMinute += 60_000;
    }
    if (waiting < maxWaiting) {
      const index = sends;
      sends += 1;
      waiting += 1;
      const send = invoke("documentsSend", {
        templateId,
        recipients: [{ name: `Person ${index}`, email: `soak.${index}@example.com` }],
        documentName: `Offer letter ${index}`,
      }).then((answer) => {
        waiting -= 1;
        const kind = answer.ok ? "sent" : answer.error.code;
        answers.set(kind, (answers.get(kind) ?? 0) + 1);
        if (kind === "not_sent") notSent.add(index);
      });
      outstanding.add(send);
      void send.finally(() => outstanding.delete(send));
    }
    await new Promise((resolve) => setTimeout(resolve, 1000 / rate));
  }
  await gate.open();
  await Promise.all(outstanding);
  if (samples.length < minutes + 1) samples.push(sample());
  say(`${sends} sends; waiting for the outbox to settle`);
  const deadline = performance.now() + 300_000;
  while (core.records.outbox.count(accountId, ["queued", "sending", "unknown"]) > 0) {
    if (performance.now() > deadline) throw new Error("the outbox did not settle within 5 minutes");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const end = sample();
  const listings = await sandbox.count("/getAllDocuments");
  const perAddress = new Map<string, number>();
  await direct.getAllDocumentsInBatches((documents) => {
    for (const document of documents)
      for (const recipient of document.recipients)
        if (recipient.email.startsWith("soak."))
          perAddress.set(recipient.email, (perAddress.get(recipient.email) ?? 0) + 1);
  });
  let duplicates = 0;
  let lost = 0;
  for (let index = 0; index < sends; index += 1) {
    const documents = perAddress.get(`soak.${index}@example.com`) ?? 0;
    if (documents > 1) duplicates += documents - 1;
    if (documents === 0 && !notSent.has(index)) lost += 1;
  }
  Object.assign(figures, {
    rss_mb: samples.map((each) => each.rss),
    heap_mb: samples.map((each) => each.heap),
    rss_mb_start: samples[0]?.rss,
    rss_mb_end: end.rss,
    rss_growth_mb: Number((end.rss - (samples[1] ?? end).rss).toFixed(1)),
    heap_mb_end: end.heap,
    sends,
    answers: Object.fromEntries(answers),
    outbox: Object.fromEntries(
      (["sent", "failed", "cancelled"] as const).map((state) => [state, core.records.outbox.count(accountId, [state])]),
    ),
    listings,
    listings_per_100_sends: Number(((listings * 100) / Math.max(1, sends)).toFixed(2)),
    duplicates,
    lost,
  });
} finally {
  await core.close();
  await gate.stop();
  sandbox.stop();
  await rm(work, { recursive: true, force: true });
}
console.log(JSON.stringify(figures));
process.exit(0);
