import { DatabaseSync } from "node:sqlite";
import { parentPort, workerData } from "node:worker_threads";

// Runs SQLite's quick_check on the records database through a connection of its own, off the main thread: on a large
// database it reads every page (a second or more). Posts the lines it found ("ok" when nothing).
const { file } = workerData as { file: string };
let lines: string[];
try {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    lines = (db.prepare("PRAGMA quick_check(5)").all() as { quick_check: string }[]).map((row) => row.quick_check);
  } finally {
    db.close();
  }
} catch (error) {
  lines = [error instanceof Error ? error.message : String(error)];
}
parentPort?.postMessage(lines);
