import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { strFromU8, unzipSync } from "fflate";
import { saveSupportBundle } from "../main/diagnostics/support-bundle.ts";
import { openRecords } from "../main/records/open-records.ts";
import { startBenchCore } from "./support/bench-core.ts";
import { benchDocument, seedRecords } from "./support/seed-records.ts";

/**
 * "Save diagnostics…" at 100,000 documents (issue 31). Prints one JSON line:
 * - save_ms: writing the support bundle (integrity_check of the records in a worker, the counts, a full log of
 *   about 1 MB), target < 2,000;
 * - zip_bytes, files: what it holds;
 * - leaks: how many of the seeded documents' names and recipients' full addresses are in it (must be 0).
 */
const documentCount = Number(process.env.BENCH_DOCUMENTS ?? 100_000);
const work = await mkdtemp(path.join(tmpdir(), "signdesk-bench-diagnostics-"));
try {
  const seeded = openRecords(work).records;
  seedRecords(seeded, "bench-account", documentCount);
  seeded.db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  seeded.close();
  const core = await startBenchCore(work, null);
  try {
    // A full log: requests as the client logs them, and sentences with names and addresses in them.
    for (let line = 0; line < 10_000; line += 1) {
      const document = benchDocument("bench-account", line, Date.now());
      core.appLog.info(`GET https://api.example.com getDocumentDetails 200 ${line % 400} ms`);
      if (line % 10 === 0)
        core.appLog.warn(
          `“${document.name}” could not be sent to ${document.recipients[0]?.email}: the service failed.`,
        );
    }
    const identity = {
      name: "Signdesk",
      version: "bench",
      platform: process.platform,
      arch: process.arch,
      electronVersion: null,
    };
    const started = performance.now();
    const file = await saveSupportBundle(core, identity, new Date());
    const saveMs = performance.now() - started;
    const bytes = await readFile(file);
    const entries = unzipSync(bytes);
    const text = Object.values(entries)
      .map((entry) => strFromU8(entry))
      .join("\n");
    let leaks = 0;
    for (let index = 0; index < documentCount; index += 97) {
      const document = benchDocument("bench-account", index, Date.now());
      if (text.includes(document.name)) leaks += 1;
      for (const recipient of document.recipients) if (text.includes(recipient.email)) leaks += 1;
    }
    console.log(
      JSON.stringify({
        bench: "diagnostics",
        documents: documentCount,
        save_ms: Math.round(saveMs),
        zip_bytes: bytes.length,
        files: Object.keys(entries).sort(),
        leaks,
      }),
    );
  } finally {
    await core.close();
  }
} finally {
  await rm(work, { recursive: true, force: true });
}
