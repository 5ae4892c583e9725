import { fork } from "node:child_process";
import path from "node:path";
import type { TemplateField } from "../../sandbox/state/schema.ts";
import type { FaultAction } from "../../test/support/fault-server.ts";
import { buildBundledSandboxChild } from "./bundled-sandbox.ts";
import type { PeakRss } from "./peak-rss.ts";

export interface ChildSandbox {
  url: string;
  /** With `countRequests`: the same service through a proxy that counts the requests by path, else null. */
  countedUrl: string | null;
  key: string;
  /** Requests for `path` that came through `countedUrl` (0 without `countRequests`). */
  count(path: string): Promise<number>;
  /** Scripts the next answers to `path` through `countedUrl` (a fault server: lost answers and the like). */
  plan(path: string, ...actions: FaultAction[]): void;
  /**
   * The child's resident memory while `work` runs (for benches that measure the sandbox); `coldWorker`: the
   * final-PDF worker a previous job left waiting is ended first, as it is after half a minute without jobs.
   */
  measure<T>(work: () => Promise<T>, options?: { coldWorker?: boolean }): Promise<{ result: T; rss: PeakRss }>;
  /**
   * The finalization trial of createNewTemplate alone, on `file` with `groups`, in the child: its time and memory;
   * `cold`: on a worker thread it starts, rather than the one a previous job left waiting.
   */
  trial(file: string, groups: TemplateField[][], cold?: boolean): Promise<{ seconds: number; rss: PeakRss }>;
  stop(): void;
}

export interface ChildSandboxOptions {
  seedDocuments?: number;
  /**
   * Run the sandbox bundled as the app bundles it, with its bundled worker threads (bundled-sandbox.ts), rather
   * than from source through tsx: for figures about the sandbox's own time and memory.
   */
  bundled?: boolean;
  /** A fault server in the child, in front of the sandbox, counting requests (see `countedUrl`). */
  countRequests?: boolean;
}

/** Starts bench/support/sandbox-child.ts: the sandbox in a process of its own. */
export async function startChildSandbox(options: ChildSandboxOptions = {}): Promise<ChildSandbox> {
  const root = path.resolve(import.meta.dirname, "../..");
  const [script, execArgv] = options.bundled
    ? [await buildBundledSandboxChild(), ["--expose-gc"]]
    : [path.join(root, "bench/support/sandbox-child.ts"), ["--import", "tsx"]];
  const child = fork(script, [], {
    execArgv,
    env: {
      ...process.env,
      BENCH_SEED_DOCUMENTS: String(options.seedDocuments ?? 0),
      BENCH_COUNT_REQUESTS: options.countRequests === true ? "1" : "0",
    },
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
  const { url, key, countedUrl } = (await next("ready")) as { url: string; key: string; countedUrl: string | null };
  return {
    url,
    countedUrl,
    key,
    plan: (path, ...actions) => child.send({ type: "plan", path, actions }),
    async count(path) {
      child.send({ type: "count", path });
      return ((await next("count")) as { count: number }).count;
    },
    async measure(work, options = {}) {
      child.send({ type: "begin", cold: options.coldWorker === true });
      await next("begun");
      const result = await work();
      child.send({ type: "end" });
      const { rss } = (await next("rss")) as { rss: PeakRss };
      return { result, rss };
    },
    async trial(file, groups, cold = false) {
      child.send({ type: "trial", file, groups, cold });
      const answer = (await next("trial")) as { seconds: number; rss: PeakRss; error: string | null };
      if (answer.error !== null) throw new Error(`the finalization trial failed: ${answer.error}`);
      return { seconds: answer.seconds, rss: answer.rss };
    },
    stop: () => child.send({ type: "stop" }),
  };
}
