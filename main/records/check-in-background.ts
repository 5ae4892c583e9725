import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { defineMessages } from "../../common/i18n/define-messages";
import { type Phrase, phrase } from "../../common/i18n/phrase";
import { reportWorkerFallback } from "../../node-shared/worker-fallback";
import { productName } from "../product-name";
import { damageMarkerName } from "./open-records";

const messages = defineMessages({
  damageFound: {
    id: "main.records.damageFound",
    defaultMessage:
      "SQLite found damage in {app}'s records database ({damage}). Restart {app} to repair it: what can still be read is kept, and each account's documents are read again from its service.",
    description: "{damage} is SQLite's own report",
  },
});

function workerUrl(): URL {
  const built = new URL("./quick-check-worker.mjs", import.meta.url);
  return existsSync(built) ? built : new URL("./quick-check-worker.ts", import.meta.url);
}

/**
 * Checks a database too large to check at start (open-records.ts) in a worker thread. When SQLite finds damage, a
 * marker beside it makes the next start set it aside and rebuild it (what can be read, then each service's list),
 * and `onDamage` hears a sentence for the person. Resolves with what was found (null: nothing).
 */
export async function checkInBackground(file: string, onDamage: (words: Phrase) => void): Promise<string | null> {
  const lines = await checkDatabase(file, "quick_check");
  // A check that cannot run says nothing about the database: it is checked again at the next start.
  if (lines === null) return null;
  const found = lines.filter((line) => line !== "ok");
  if (found.length === 0) return null;
  const damage = found.join("; ");
  writeFileSync(path.join(path.dirname(file), damageMarkerName), `${damage}\n`);
  onDamage(phrase(messages.damageFound, { app: productName, damage }));
  return damage;
}

/** SQLite's `pragma` over the database in a worker thread: its lines ("ok" alone when sound), or null when it could not run. */
export function checkDatabase(file: string, pragma: "quick_check" | "integrity_check"): Promise<string[] | null> {
  return new Promise((resolve) => {
    const worker = new Worker(workerUrl(), { workerData: { file, pragma } });
    worker.once("message", (lines: string[]) => {
      void worker.terminate();
      resolve(lines);
    });
    worker.once("error", (error) => {
      reportWorkerFallback(`the records ${pragma}`, error.message, "checked again at the next start");
      resolve(null);
    });
  });
}
