/**
 * Worker threads whose code is in an archive: Node starts them as usual (with this layer, so that the worker resolves
 * and reads its modules through the archive too); each start is told on stderr
 * (`workerStartMark` and the file's path in the archive), so tests and benchmarks see which workers ran from the
 * archive. A worker given no switches of its own gets the layer compiled to JavaScript (worker-layer.ts).
 */

import { syncBuiltinESMExports } from "node:module";
import workerThreads from "node:worker_threads";
import { locate } from "./archive.ts";
import { workerExecArgv } from "./worker-layer.ts";

export const workerStartMark = "[electron-standin] worker from archive:";

export function traceArchiveWorkers(): void {
  const Original = workerThreads.Worker;
  class Worker extends Original {
    constructor(filename: string | URL, options?: workerThreads.WorkerOptions) {
      super(filename, options?.execArgv === undefined ? { ...options, execArgv: workerExecArgv() } : options);
      const at = options?.eval === true ? null : locate(filename);
      if (at !== null) process.stderr.write(`${workerStartMark} ${at.inner}\n`);
    }
  }
  workerThreads.Worker = Worker;
  syncBuiltinESMExports();
}
