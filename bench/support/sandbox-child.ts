// The sandbox in its own process for benchmarks, so the client's work and memory are not counted.
// Messages from the parent: {type: "begin", cold} starts measuring peak RSS (with cold, once the waiting final-PDF
// worker is ended); {type: "end"} answers it;
// {type: "trial", file, groups, cold} runs createNewTemplate's finalization trial alone and answers its time and RSS;
// with cold, on a worker it starts (the waiting one ended first), as the first upload after a while does.
// With BENCH_COUNT_REQUESTS=1 a fault server (test/support/fault-server.ts) also runs here, in front of the sandbox,
// so that it weighs on neither the client's memory nor its time: {type: "count", path} answers how many requests for
// that path came through it, and {type: "plan", path, actions} scripts its next answers there (lost answers).
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sealFolderIn, tryFinalizing } from "../../sandbox/documents/finalize-trial.ts";
import { endIdleFinalPdfWorker } from "../../sandbox/final-pdf/final-pdf-job.ts";
import { createSandbox } from "../../sandbox/index.ts";
import type { TemplateField } from "../../sandbox/state/schema.ts";
import { type FaultAction, startFaultServer } from "../../test/support/fault-server.ts";
import { type PeakRss, startPeakRss } from "./peak-rss.ts";
import { seedSandboxDocuments } from "./seed-sandbox.ts";

const dataDir = await mkdtemp(path.join(tmpdir(), "signdesk-bench-"));
let sandbox = await createSandbox({ dataDir });
const key = await sandbox.issueKey();
// BENCH_SEED_DOCUMENTS=N: the key's user gets N documents, written while the sandbox is closed (seed-sandbox.ts).
const seed = Number(process.env.BENCH_SEED_DOCUMENTS ?? 0);
if (seed > 0) {
  await sandbox.close();
  await seedSandboxDocuments(dataDir, seed);
  sandbox = await createSandbox({ dataDir });
}

const counting = process.env.BENCH_COUNT_REQUESTS === "1" ? await startFaultServer({ upstream: sandbox.url }) : null;

/** Starts measuring from a collected heap (when --expose-gc gave `gc`), so garbage from before is not the baseline. */
function startMeasuring(): { stop(): PeakRss } {
  (globalThis as { gc?: () => void }).gc?.();
  return startPeakRss();
}

let meter: { stop(): PeakRss } | null = null;

process.on("message", async (message: { type: string; file?: string; groups?: TemplateField[][]; cold?: boolean }) => {
  if (message.type === "begin") {
    if (message.cold === true) await endIdleFinalPdfWorker();
    meter = startMeasuring();
    process.send?.({ type: "begun" });
  } else if (message.type === "end") {
    process.send?.({ type: "rss", rss: meter?.stop() });
    meter = null;
  } else if (message.type === "trial") {
    // A cold trial starts the worker it runs in, as the first upload after a while does.
    if (message.cold === true) await endIdleFinalPdfWorker();
    const trial = startMeasuring();
    const started = performance.now();
    void tryFinalizing(message.file ?? "", message.groups ?? [], Date.now(), sealFolderIn(dataDir)).then(
      () =>
        process.send?.({
          type: "trial",
          seconds: (performance.now() - started) / 1000,
          rss: trial.stop(),
          error: null,
        }),
      (error: unknown) => process.send?.({ type: "trial", seconds: 0, rss: trial.stop(), error: String(error) }),
    );
  } else if (message.type === "plan") {
    const { path: planned, actions } = message as unknown as { path: string; actions: FaultAction[] };
    counting?.plan(planned, ...actions);
  } else if (message.type === "count") {
    const { path: counted } = message as unknown as { path: string };
    process.send?.({ type: "count", path: counted, count: counting?.count(counted) ?? 0 });
  } else if (message.type === "stop") {
    void Promise.all([counting?.close(), sandbox.close()]).then(() => process.exit(0));
  }
});
process.send?.({ type: "ready", url: sandbox.url, countedUrl: counting?.url ?? null, key, dataDir });
