import { type ChildProcess, fork } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createServiceClient } from "../main/service/client.ts";
import { startChildSandbox } from "./support/child-sandbox.ts";
import { documentsPerAddress } from "./support/documents-per-address.ts";

/**
 * Bulk send against the sandbox in another process (issue 16). Prints one JSON line:
 * - rows: rows per batch (1,000);
 * - bulk_1000_rows_s: a batch of 1,000 rows from start to its last row journalled (target ≤ 60);
 * - duplicates_after_crash, rows_lost_after_crash: a second batch's process killed with SIGKILL about half-way
 *   and started again on the same data, which resumes it; then, counted on the service: rows with more than one
 *   document, and rows with none (both must be 0);
 * - killed_at_sent, rows_in_doubt_at_resume, resumed_s: rows sent when it was killed, rows whose requests were out
 *   then (checked with the service before anything is sent again), and the resumed run's time.
 */
const rows = Number(process.env.BENCH_BULK_ROWS ?? 1000);
const root = path.resolve(import.meta.dirname, "..");
const say = (what: string) => process.stderr.write(`[bulk] ${what}\n`);

interface Message {
  type: string;
  sent?: number;
  seconds?: number;
  rows?: number;
}

let inDoubt = -1;

function runChild(env: Record<string, string>, onProgress?: (sent: number, child: ChildProcess) => void) {
  const child = fork(path.join(root, "bench/support/bulk-child.ts"), [], {
    execArgv: ["--import", "tsx"],
    env: { ...process.env, ...env },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const finished = new Promise<{ seconds: number | null; signal: NodeJS.Signals | null }>((resolve, reject) => {
    let seconds: number | null = null;
    child.on("message", (message: Message) => {
      if (message.type === "progress") onProgress?.(message.sent ?? 0, child);
      if (message.type === "done") seconds = message.seconds ?? null;
      if (message.type === "in-doubt") inDoubt = message.rows ?? -1;
    });
    child.on("error", reject);
    child.on("exit", (code, signal) => {
      if (signal === null && code !== 0) reject(new Error(`the bulk child exited with ${code}`));
      else resolve({ seconds, signal });
    });
  });
  return { child, finished };
}

const sandbox = await startChildSandbox();
const figures: Record<string, number | string> = { bench: "bulk", rows };
const folders: string[] = [];
try {
  const timed = await mkdtemp(path.join(tmpdir(), "signdesk-bench-bulk-"));
  folders.push(timed);
  const env = { BULK_URL: sandbox.url, BULK_KEY: sandbox.key, BULK_ROWS: String(rows) };
  const first = await runChild({ ...env, BULK_DIR: timed, BULK_MODE: "first", BULK_PREFIX: "timed" }).finished;
  figures.bulk_1000_rows_s = Number((first.seconds ?? Number.NaN).toFixed(2));
  say(`timed run: ${first.seconds} s`);

  const crashed = await mkdtemp(path.join(tmpdir(), "signdesk-bench-bulk-"));
  folders.push(crashed);
  let killedAt = -1;
  const killing = runChild({ ...env, BULK_DIR: crashed, BULK_MODE: "first", BULK_PREFIX: "crash" }, (sent, child) => {
    if (killedAt < 0 && sent >= rows / 2) {
      killedAt = sent;
      child.kill("SIGKILL");
    }
  });
  const killed = await killing.finished;
  if (killed.signal !== "SIGKILL") throw new Error("the batch finished before it could be killed");
  figures.killed_at_sent = killedAt;
  say(`killed at ${killedAt} sent`);
  const resumed = await runChild({ ...env, BULK_DIR: crashed, BULK_MODE: "resume" }).finished;
  figures.resumed_s = Number((resumed.seconds ?? Number.NaN).toFixed(2));
  figures.rows_in_doubt_at_resume = inDoubt;

  // Counted on the service: documents per crash row's address.
  const client = createServiceClient({ baseUrl: sandbox.url, apiKey: async () => sandbox.key });
  const counted = await documentsPerAddress(client, "crash", rows);
  figures.duplicates_after_crash = counted.duplicates;
  figures.rows_lost_after_crash = counted.lost;
} finally {
  sandbox.stop();
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
}
console.log(JSON.stringify(figures));
process.exit(0);
