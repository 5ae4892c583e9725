import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { reportWorkerFallback } from "../../node-shared/worker-fallback";
import { damageMarkerName } from "./open-records";

function workerUrl(): URL {
  const built = new URL("./quick-check-worker.mjs", import.meta.url);
  return existsSync(built) ? built : new URL("./quick-check-worker.ts", import.meta.url);
}

/**
 * Checks a database too large to check at start (open-records.ts) in a worker thread. When SQLite finds damage, a
 * marker beside it makes the next start set it aside and rebuild it (what can be read, then each service's list),
 * and `onDamage` hears a sentence for the person. Resolves with what was found (null: nothing).
 */
export function checkInBackground(file: string, onDamage: (message: string) => void): Promise<string | null> {
  return new Promise((resolve) => {
    const worker = new Worker(workerUrl(), { workerData: { file } });
    worker.once("message", (lines: string[]) => {
      void worker.terminate();
      const found = lines.filter((line) => line !== "ok");
      if (found.length === 0) return resolve(null);
      const damage = found.join("; ");
      writeFileSync(path.join(path.dirname(file), damageMarkerName), `${damage}\n`);
      onDamage(
        `SQLite found damage in Signdesk's records database (${damage}). Restart Signdesk to repair it: what can ` +
          "still be read is kept, and each account's documents are read again from its service.",
      );
      resolve(damage);
    });
    // A check that cannot run says nothing about the database: it is checked again at the next start.
    worker.once("error", (error) => {
      reportWorkerFallback("the records check", error.message, "checked again at the next start");
      resolve(null);
    });
  });
}
