import { readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { strToU8, zipSync } from "fflate";
import { fileNameTime } from "../../node-shared/files/set-aside";
import type { Core } from "../core-types";
import { checkDatabase } from "../records/check-in-background";

/** What the support bundle reads of the core. */
export type BundleDeps = Pick<Core, "settings" | "records" | "appLog" | "downloadsDir" | "downloaded">;

/**
 * "Save diagnostics…": a zip a person can send to support, in their Downloads folder: main's log (e-mail addresses
 * reduced to their domain, quoted names left out: app-log.ts), the versions and the system, the settings without
 * names, paths or secrets, the records' counts and SQLite's integrity_check, and the outbox's and bulk batches'
 * states. Nothing in it names a document, a template, a recipient or a file, and no key is read for it.
 */
/** What the bundle says of the app (handlers.ts's AppIdentity). */
export interface BundleApp {
  name: string;
  version: string;
  electronVersion: string | null;
}

export async function saveSupportBundle(core: BundleDeps, app: BundleApp, now: Date): Promise<string> {
  // The check reads every page in a worker (about a second at 100,000 documents) while the rest is gathered here.
  const checking = checkDatabase(core.records.file, "integrity_check");
  const counts = recordCounts(core);
  const files: Record<string, Uint8Array> = {
    "versions.json": json(versions(app, now)),
    "settings.json": json(settingsSummary(core)),
    "outbox.json": json(outboxStates(core)),
    "bulk.json": json(bulkStates(core)),
  };
  for (const log of [core.appLog.file, core.appLog.file.replace(/\.log$/, ".old.log")]) {
    const text = await readFile(log).catch(() => null);
    if (text !== null) files[`logs/${path.basename(log)}`] = text;
  }
  files["records.json"] = json({ ...counts, integrityCheck: (await checking) ?? "could not run" });
  const target = path.join(core.downloadsDir, `Signdesk diagnostics ${fileNameTime(now)}.zip`);
  await writeFile(target, zipSync(files, { level: 6, mtime: now }), { flag: "wx" });
  core.downloaded.add(target);
  return target;
}

const json = (value: unknown) => strToU8(`${JSON.stringify(value, null, 2)}\n`);

function versions(app: BundleApp, now: Date) {
  return {
    createdAt: now.toISOString(),
    app: { name: app.name, version: app.version, electron: app.electronVersion },
    runtime: { node: process.versions.node, v8: process.versions.v8, chrome: process.versions.chrome ?? null },
    system: {
      platform: process.platform,
      arch: process.arch,
      type: os.type(),
      release: os.release(),
      cpus: os.cpus().length,
      memoryMb: Math.round(os.totalmem() / 1024 / 1024),
      locale: Intl.DateTimeFormat().resolvedOptions().locale,
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    },
  };
}

/** The accounts by ID and service origin (their names are the person's), and which settings are set. */
function settingsSummary(core: BundleDeps) {
  const accounts = core.settings.get("accounts");
  const active = core.settings.get("activeAccountId");
  return {
    accounts: accounts.map((account) => ({
      id: account.id,
      service: originOf(account.baseUrl),
      coordinateOrigin: account.coordinateOrigin,
      active: account.id === active,
      kind: account.kind,
      webhookUserIdSet: account.webhookUserId !== undefined,
    })),
    sandboxPort: core.settings.get("sandboxPort"),
    libreOfficePathSet: core.settings.get("sofficePath") !== undefined,
  };
}

function originOf(address: string): string {
  try {
    return new URL(address).origin;
  } catch {
    return "unreadable";
  }
}

function rows<T>(core: BundleDeps, sql: string): T[] {
  return core.records.db.prepare(sql).all() as T[];
}

function recordCounts(core: BundleDeps) {
  const one = (sql: string) => rows<{ n: number }>(core, sql)[0]?.n ?? 0;
  return {
    schemaVersion: one("SELECT max(version) AS n FROM schema_migrations"),
    documents: one("SELECT count(*) AS n FROM documents"),
    documentsByAccountAndStatus: rows(core, "SELECT account_id AS account, status, count FROM status_counts"),
    unfinished: one("SELECT count(*) AS n FROM documents WHERE finished = 0"),
    imported: one("SELECT count(*) AS n FROM documents WHERE imported = 1"),
    templates: one("SELECT count(*) AS n FROM templates"),
    webhooks: one("SELECT count(*) AS n FROM webhooks"),
    databaseBytes: one("SELECT page_count * page_size AS n FROM pragma_page_count(), pragma_page_size()"),
  };
}

/** Each outbox item's kind, state, tries and times: never its title, recipients, request or message. */
function outboxStates(core: BundleDeps) {
  return {
    counts: rows(
      core,
      "SELECT account_id AS account, kind, state, count(*) AS count FROM jobs WHERE batch_id IS NULL GROUP BY 1, 2, 3",
    ),
    unfinished: rows(
      core,
      `SELECT job_id AS item, account_id AS account, kind, state, attempts, created_at AS createdAt,
        updated_at AS updatedAt FROM jobs WHERE batch_id IS NULL AND state NOT IN ('sent', 'cancelled')
        ORDER BY seq LIMIT 1000`,
    ),
  };
}

/** Each batch's state and its rows' states: never its file's name, its rows' recipients or documents' names. */
function bulkStates(core: BundleDeps) {
  return rows(
    core,
    `SELECT b.batch_id AS batch, b.account_id AS account, b.template_id AS template, b.state, b.created_at AS createdAt,
      count(r.position) AS rows, sum(r.state = 'sent') AS sent, sum(r.state = 'failed') AS failed,
      sum(r.state = 'unknown') AS inDoubt, sum(r.state = 'queued') AS queued
      FROM bulk_batches b LEFT JOIN jobs r ON r.batch_id = b.batch_id
      GROUP BY b.batch_id ORDER BY b.created_at DESC LIMIT 200`,
  );
}
