// The sandbox in its own process for benchmarks, so the client's work and memory are not counted.
// Messages from the parent: {type: "begin"} starts tracking peak RSS; {type: "end"} answers it.
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createSandbox } from "../../sandbox/index.ts";
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

let baseline = 0;
let peak = 0;
let sampler: NodeJS.Timeout | undefined;

process.on("message", (message: { type: string }) => {
  if (message.type === "begin") {
    baseline = process.memoryUsage().rss;
    peak = baseline;
    sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 2);
  } else if (message.type === "end") {
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    process.send?.({ type: "rss", baseline, peak });
  } else if (message.type === "stop") {
    void sandbox.close().then(() => process.exit(0));
  }
});
process.send?.({ type: "ready", url: sandbox.url, key, dataDir });
