import type { DatabaseSync } from "node:sqlite";
import { documents } from "./migrations/001-documents";
import { bulkSend } from "./migrations/002-bulk-send";
import { outbox } from "./migrations/003-outbox";
import { importsTrackedAgain } from "./migrations/004-imports-tracked-again";
import { documentServiceNames } from "./migrations/005-document-service-names";
import { serviceListings } from "./migrations/006-service-listings";
import { jobs } from "./migrations/007-jobs";
import type { Migration } from "./migrations/migration";

/**
 * The records database's schema: the migrations under migrations/, one file each, applied in order (how to add one:
 * docs/ARCHITECTURE.md).
 */
export const migrations: readonly Migration[] = [
  documents,
  bulkSend,
  outbox,
  importsTrackedAgain,
  documentServiceNames,
  serviceListings,
  jobs,
];

/** Applies the migrations the database has not had yet; answers the version it is now at. */
export function migrate(db: DatabaseSync, now: () => number = Date.now): number {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`);
  const row = db.prepare("SELECT MAX(version) AS version FROM schema_migrations").get() as { version: number | null };
  const current = row.version ?? 0;
  const newest = migrations.at(-1)?.version ?? 0;
  if (current > newest)
    throw new NewerDatabaseError(
      `The records database was written by a newer Signdesk (schema ${current}; this one knows up to ${newest}).`,
    );
  for (const migration of migrations) {
    if (migration.version <= current) continue;
    db.exec("BEGIN IMMEDIATE");
    try {
      db.exec(migration.sql);
      db.prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)").run(
        migration.version,
        migration.name,
        new Date(now()).toISOString(),
      );
      db.exec("COMMIT");
    } catch (error) {
      db.exec("ROLLBACK");
      throw error;
    }
  }
  return newest;
}

export class NewerDatabaseError extends Error {}
