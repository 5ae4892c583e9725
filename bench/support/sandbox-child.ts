// The sandbox in its own process for benchmarks, so the client's work and memory are not counted.
// Messages from the parent: {type: "begin"} starts tracking peak RSS; {type: "end"} answers it.
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createSandbox } from "../../sandbox/index.ts";

const dataDir = await mkdtemp(path.join(tmpdir(), "signdesk-bench-"));
const sandbox = await createSandbox({ dataDir });
const key = await sandbox.issueKey();

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
