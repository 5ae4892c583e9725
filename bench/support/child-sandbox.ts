import { fork } from "node:child_process";
import path from "node:path";

export interface ChildSandbox {
  url: string;
  key: string;
  /** Asks the child for its peak RSS growth between begin and end (for benches that measure the sandbox). */
  measure<T>(work: () => Promise<T>): Promise<{ result: T; rssGrowthBytes: number }>;
  stop(): void;
}

/** Starts bench/support/sandbox-child.ts: the sandbox in a process of its own. */
export async function startChildSandbox(options: { seedDocuments?: number } = {}): Promise<ChildSandbox> {
  const root = path.resolve(import.meta.dirname, "../..");
  const child = fork(path.join(root, "bench/support/sandbox-child.ts"), [], {
    execArgv: ["--import", "tsx"],
    env: { ...process.env, BENCH_SEED_DOCUMENTS: String(options.seedDocuments ?? 0) },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const messages: { type: string; [key: string]: unknown }[] = [];
  const waiters: (() => void)[] = [];
  child.on("message", (message: { type: string }) => {
    messages.push(message);
    for (const wake of waiters.splice(0)) wake();
  });
  async function next(type: string): Promise<Record<string, unknown>> {
    for (;;) {
      const index = messages.findIndex((message) => message.type === type);
      if (index >= 0) return messages.splice(index, 1)[0] as Record<string, unknown>;
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  }
  const { url, key } = (await next("ready")) as { url: string; key: string };
  return {
    url,
    key,
    async measure(work) {
      child.send({ type: "begin" });
      const result = await work();
      child.send({ type: "end" });
      const rss = (await next("rss")) as { baseline: number; peak: number };
      return { result, rssGrowthBytes: rss.peak - rss.baseline };
    },
    stop: () => child.send({ type: "stop" }),
  };
}
