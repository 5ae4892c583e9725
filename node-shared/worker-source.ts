import { existsSync } from "node:fs";
import type { WorkerOptions } from "node:worker_threads";

/**
 * Where a worker thread's code is: the bundled file beside main's bundle when the app runs built; from source
 * (tests, `npm run sandbox`), the TypeScript file through tsx, told to keep no cache (it would write one into the
 * temporary folder, which the app itself never writes to).
 */
export function workerSource(built: URL, source: URL): { url: URL; options: WorkerOptions } {
  if (existsSync(built)) return { url: built, options: {} };
  return { url: source, options: { execArgv: ["--import", "tsx"], env: { ...process.env, TSX_DISABLE_CACHE: "1" } } };
}
