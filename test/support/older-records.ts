import { DatabaseSync } from "node:sqlite";
import { migrations } from "../../main/records/migrations";

/** A records database file as an earlier Signdesk left it: migrations up to `version` only. */
export function recordsAtVersion(file: string, version: number): DatabaseSync {
  const db = new DatabaseSync(file, { enableForeignKeyConstraints: true });
  db.exec("CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)");
  for (const migration of migrations.filter((each) => each.version <= version)) {
    db.exec(migration.sql);
    db.prepare("INSERT INTO schema_migrations VALUES (?, ?, ?)").run(
      migration.version,
      migration.name,
      "2026-11-01T09:00:00.000Z",
    );
  }
  return db;
}

/**
 * A pending document written with the first version's columns only, as an earlier Signdesk wrote it (the app's own
 * DocumentRecords writes the newest columns, which an older database does not have).
 */
export function addFirstVersionDocument(
  db: DatabaseSync,
  document: { accountId: string; pdfId: string; name: string; imported: boolean },
): void {
  const sentAt = "2026-11-01T09:00:00.000Z";
  const { lastInsertRowid } = db
    .prepare(
      "INSERT INTO documents (account_id, pdf_id, name, sort_name, template_id, sent_at, sent_ms, last_status, " +
        "status_rank, last_checked_at, finished, has_final_pdf, imported, next_check_at) " +
        "VALUES (?, ?, ?, ?, NULL, ?, ?, 'pending', 0, NULL, 0, 0, ?, 0)",
    )
    .run(
      document.accountId,
      document.pdfId,
      document.name,
      document.name.toLowerCase(),
      sentAt,
      Date.parse(sentAt),
      document.imported ? 1 : 0,
    );
  db.prepare("INSERT INTO document_recipients VALUES (?, 0, 'Ada', 'ada@example.com')").run(lastInsertRowid);
  db.prepare("INSERT INTO status_history VALUES (?, 0, 'pending', ?)").run(lastInsertRowid, sentAt);
  db.prepare("INSERT INTO documents_search (rowid, name, people) VALUES (?, ?, 'Ada ada@example.com')").run(
    lastInsertRowid,
    document.name,
  );
}
