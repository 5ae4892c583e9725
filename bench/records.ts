import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { openRecords } from "../main/records/open-records.ts";
import { documentsScreenFigures } from "./support/documents-screen-figures.ts";
import { importFigures } from "./support/import-figures.ts";
import { seedRecords } from "./support/seed-records.ts";

/**
 * The records database at 100,000 documents (issue 15). Prints one JSON line:
 * - documents: how many the database holds;
 * - start_load_ms: opening the database (schema checked, migrations applied) to the first page of the Documents
 *   list read, as the app does at start (target ≤ 200);
 * - status_change_main_ms_p95: one status change as the tracker stores it (read what it compares with, update the
 *   row, append to the history, move its schedule, in one transaction), p95 of 100 (target ≤ 5);
 * - status_change_bytes_written: bytes this process had written to storage (/proc/self/io write_bytes, WAL and
 *   checkpoints included) per status change, averaged over those 100 (target ≤ 65,536);
 * - documents_first_rows_ms, search_p95_ms: the Documents screen in Chromium against the real handlers;
 * - import_100k_s, import_rss_growth_mb: getAllDocuments of 100,000 from a sandbox in another process.
 */
const documentCount = Number(process.env.BENCH_DOCUMENTS ?? 100_000);
const accountId = "bench-account";

function writeBytes(): number {
  const line = readFileSync("/proc/self/io", "utf8")
    .split("\n")
    .find((entry) => entry.startsWith("write_bytes:"));
  return Number(line?.split(":")[1]?.trim() ?? Number.NaN);
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? Number.NaN;
};

const figures: Record<string, number | string> = { bench: "records", documents: documentCount };
// First, while this process holds nothing else: its memory growth is the import's alone.
const imported = await importFigures(documentCount);
figures.import_100k_s = imported.import_s;
figures.import_rss_growth_mb = imported.import_rss_growth_mb;
process.stderr.write(`[records] import figures: ${JSON.stringify(imported)}\n`);
const work = await mkdtemp(path.join(tmpdir(), "signdesk-bench-records-"));
try {
  const seeded = openRecords(work).records;
  seedRecords(seeded, accountId, documentCount);
  seeded.db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  seeded.close();

  const started = performance.now();
  const { records } = openRecords(work);
  const firstPage = records.db
    .prepare("SELECT pdf_id FROM documents WHERE account_id = ? ORDER BY sent_ms DESC, id DESC LIMIT 100")
    .all(accountId);
  figures.start_load_ms = Number((performance.now() - started).toFixed(1));
  if (firstPage.length === 0) throw new Error("The seeded database answered no first page.");
  figures.documents = records.documents.count(accountId);

  const changes = 100;
  const durations: number[] = [];
  const bytesBefore = writeBytes();
  for (let change = 0; change < changes; change += 1) {
    const index = Math.floor(((change * 7919) % documentCount) / 7) * 7;
    const pdfId = `00000000-0000-4000-8000-${index.toString(16).padStart(12, "0")}`;
    const at = new Date().toISOString();
    const before = performance.now();
    const current = records.documents.brief(accountId, pdfId);
    if (current === undefined) throw new Error(`No document ${pdfId}.`);
    const status = current.lastStatus === "pending" ? "partially_signed" : "pending";
    records.documents.transaction(() =>
      records.documents.patch(accountId, pdfId, {
        lastStatus: status,
        lastCheckedAt: at,
        appendHistory: { status, at },
        schedule: { nextCheckAt: Date.now() + 15_000, intervalMs: 15_000, polledAt: Date.now() },
      }),
    );
    durations.push(performance.now() - before);
  }
  figures.status_change_main_ms_p95 = Number(percentile(durations, 0.95).toFixed(2));
  figures.status_change_bytes_written = Math.round((writeBytes() - bytesBefore) / changes);
  records.close();
} finally {
  await rm(work, { recursive: true, force: true });
}

const say = (what: string) => process.stderr.write(`[records] ${what}\n`);
say(`database figures: ${JSON.stringify(figures)}`);
const screen = await documentsScreenFigures(documentCount);
say(`screen figures: ${JSON.stringify(screen)}`);
figures.documents_first_rows_ms = screen.firstRowsMs;
figures.search_p95_ms = screen.searchP95Ms;
figures.search_keystrokes = screen.keystrokes;

console.log(JSON.stringify(figures));
process.exit(0);
