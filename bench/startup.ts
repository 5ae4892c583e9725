import { existsSync, statSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { openRecords } from "../main/records/open-records.ts";
import { buildAll } from "../scripts/build.ts";
import { runUnderPrivateKeyring } from "../scripts/private-keyring.ts";
import { packagedApp } from "../test/support/packaged-app.ts";
import { seedRecords } from "./support/seed-records.ts";
import { launchOnce, standinBaseline } from "./support/startup-launch.ts";

/**
 * The installed app's start (issue 29): the app as `npm run dist -- --dir` packs it (test/support/packaged-app.ts:
 * electron-builder with electron-builder.yml, main built for production), run from its resources/app.asar on the
 * Electron stand-in (Node and Debian's Chromium, not Electron). Prints one JSON line:
 * - from_asar: 1 when the app ran from resources/app.asar (no app folder given, no resources/app beside it);
 * - first_paint_ms: launch to the Templates screen's title laid out in a frame of the window (target ≤ 1,500);
 * - main_rss_mb: the main process's resident memory (the stand-in's Node, its worker threads included) after
 *   BENCH_IDLE_MS (5,000) idle from that paint, with BENCH_DOCUMENTS (100,000) documents in the records (≤ 150);
 *   main_rss_mb_no_records: the same on the first start, before any document is recorded;
 * - asar_mb: resources/app.asar in MB of 10^6 bytes (≤ 20); unpacked_mb: app.asar.unpacked beside it;
 * - standin_alone_rss_mb, standin_alone_window_ms: the stand-in running an app that only opens a window (its Node,
 *   playwright-core driving Chromium, TypeScript loaded by Node): what the figures above owe to the stand-in, not the
 *   app; window_ms: launch to the window's page starting to load (the stand-in's start and main's);
 * - app_paint_ms: first_paint_ms − standin_alone_window_ms; app_rss_mb: main_rss_mb − standin_alone_rss_mb, and
 *   app_rss_mb_no_records from main_rss_mb_no_records: the app's own share of the paint and of main's memory;
 * - quits_over_30s: starts after which File > Quit took over 30 s (the process is then ended);
 * - worker_fallbacks: `[signdesk] worker fallback:` lines over every launch (0).
 * The first start (an empty user-data folder: the sandbox account is made) is the warm-up; then the documents are
 * recorded for its account and BENCH_RUNS (5) starts follow; figures are their medians.
 */
await runUnderPrivateKeyring(import.meta.filename);

const runs = Number(process.env.BENCH_RUNS ?? 5);
const documentCount = Number(process.env.BENCH_DOCUMENTS ?? 100_000);
const idleMs = Number(process.env.BENCH_IDLE_MS ?? 5_000);
const log = (message: string) => console.error(`[bench startup] ${message}`);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? NaN;
const round1 = (value: number) => Math.round(value * 10) / 10;

log("building dist/ and packing it as electron-builder does (kept in .cache/packaged-app/)…");
await buildAll("development");
const app = await packagedApp();
const resources = path.dirname(app.asarPath);
const folderBytes = (dir: string): number =>
  (existsSync(dir) ? app.listing.filter((entry) => entry.unpacked) : []).reduce(
    (sum, entry) => sum + statSync(path.join(dir, entry.path)).size,
    0,
  );

const home = await mkdtemp(path.join(tmpdir(), "signdesk-bench-startup-"));
try {
  const warmUp = await launchOnce(app.launcherPath, home, idleMs);
  log(`first start: ${JSON.stringify({ ...warmUp, output: undefined })}`);
  if (warmUp.accountId === "") throw new Error("The first start has no active account.");

  log(`recording ${documentCount} documents for the sandbox account…`);
  const { records } = openRecords(path.join(home, "user-data"));
  seedRecords(records, warmUp.accountId, documentCount);
  records.db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  records.close();

  const measured = [];
  for (let run = 0; run < runs; run += 1) {
    const figures = await launchOnce(app.launcherPath, home, idleMs);
    log(`run ${run + 1}: ${JSON.stringify({ ...figures, output: undefined })}`);
    measured.push(figures);
  }
  const baseline = await standinBaseline(home, idleMs);
  log(`the stand-in alone: ${JSON.stringify(baseline)}`);
  const fromAsar = existsSync(app.asarPath) && !existsSync(path.join(resources, "app"));
  const firstPaintMs = median(measured.map((each) => each.firstPaintMs));
  const mainRssMb = median(measured.map((each) => each.mainRssMb));
  console.log(
    JSON.stringify({
      bench: "startup",
      from_asar: fromAsar ? 1 : 0,
      first_paint_ms: Math.round(firstPaintMs),
      main_rss_mb: round1(mainRssMb),
      main_rss_mb_no_records: round1(warmUp.mainRssMb),
      documents: documentCount,
      standin_alone_rss_mb: round1(baseline.rssMb),
      standin_alone_window_ms: Math.round(baseline.windowMs),
      window_ms: Math.round(median(measured.map((each) => each.windowMs))),
      app_paint_ms: Math.round(firstPaintMs - baseline.windowMs),
      app_rss_mb: round1(mainRssMb - baseline.rssMb),
      app_rss_mb_no_records: round1(warmUp.mainRssMb - baseline.rssMb),
      quits_over_30s: measured.filter((each) => !each.quitWithin30s).length,
      asar_mb: round1(statSync(app.asarPath).size / 1e6),
      unpacked_mb: round1(folderBytes(app.unpackedDir) / 1e6),
      worker_fallbacks: [warmUp, ...measured].reduce((sum, each) => sum + each.workerFallbacks, 0),
      runs,
    }),
  );
} finally {
  await rm(home, { recursive: true, force: true });
}
