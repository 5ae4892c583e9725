import type { DatabaseSync } from "node:sqlite";
import { terminalStatuses } from "../../common/statuses";

/** The terminal status words as an SQL list, compared as isTerminalStatus compares them (trimmed, any case). */
const terminalSql = terminalStatuses.map((status) => `'${status}'`).join(", ");

/**
 * The records database's schema, one migration per version, applied in order inside a transaction each and noted
 * in `schema_migrations`. A migration is never edited once released: a change is a new migration.
 *
 * Documents keep what the tracker needs to choose what is due (`next_check_at`, a partial index over unfinished
 * documents), the list's sorts as columns with indexes (`sent_ms`, `sort_name`, `status_rank`), recipients and
 * status history in tables of their own, and an FTS5 index over name, recipients' names and e-mail addresses
 * (rowid = documents.id). Per-status counts are kept by triggers, so that the list's counts never scan.
 *
 * Bulk send (version 2) journals each row's state before and after its request, so that a crash or a quit resumes
 * where it stopped; the document IDs the service listed before a batch began tell its documents from older ones.
 *
 * The outbox (version 3) does the same for every other outgoing action: each item is written before its request
 * (`seq` is the order it goes out in), with the request's arguments as JSON and the path of its own copy of the PDF.
 *
 * Version 4 tracks again the documents that earlier imports took for finished because the listing gave them a
 * `publicUrl` (a link that exists before anyone signs): imported, no final PDF known, no terminal status.
 *
 * Version 5 keeps the name the service gives each document beside Signdesk's own (documentServiceNames).
 *
 * Version 6 replaces the listing taken before each outbox drain (every ID each time) by one record per account of
 * the documents the service listed that Signdesk had not recorded, each under the first listing that showed it
 * (main/documents/send-baseline.ts says why that is enough); outbox items and bulk batches name the listing their
 * sends are compared with.
 */
export const migrations: readonly { version: number; name: string; sql: string }[] = [
  {
    version: 1,
    name: "documents, recipients, status history, templates, webhooks, search",
    sql: `
      CREATE TABLE documents (
        id INTEGER PRIMARY KEY,
        account_id TEXT NOT NULL,
        pdf_id TEXT NOT NULL,
        name TEXT NOT NULL,
        sort_name TEXT NOT NULL,
        template_id TEXT,
        sent_at TEXT NOT NULL,
        sent_ms INTEGER NOT NULL,
        last_status TEXT NOT NULL,
        status_rank INTEGER NOT NULL,
        last_checked_at TEXT,
        finished INTEGER NOT NULL CHECK (finished IN (0, 1)),
        has_final_pdf INTEGER NOT NULL CHECK (has_final_pdf IN (0, 1)),
        imported INTEGER NOT NULL CHECK (imported IN (0, 1)),
        status_problem TEXT,
        unknown_members TEXT,
        next_check_at INTEGER,
        check_interval_ms INTEGER,
        polled_at INTEGER,
        UNIQUE (account_id, pdf_id)
      );
      CREATE INDEX documents_newest ON documents (account_id, sent_ms DESC, id DESC);
      CREATE INDEX documents_by_name ON documents (account_id, sort_name, sent_ms DESC);
      CREATE INDEX documents_by_status ON documents (account_id, last_status, sent_ms DESC);
      CREATE INDEX documents_by_status_rank ON documents (account_id, status_rank, last_status, sent_ms DESC);
      CREATE INDEX documents_by_template ON documents (account_id, template_id, sent_ms DESC);
      CREATE INDEX documents_due ON documents (next_check_at) WHERE finished = 0;
      CREATE INDEX documents_recent_unfinished ON documents (sent_ms) WHERE finished = 0;

      CREATE TABLE document_recipients (
        document_id INTEGER NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
        position INTEGER NOT NULL,
        name TEXT NOT NULL,
        email TEXT NOT NULL,
        PRIMARY KEY (document_id, position)
      ) WITHOUT ROWID;

      CREATE TABLE status_history (
        document_id INTEGER NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
        position INTEGER NOT NULL,
        status TEXT NOT NULL,
        at TEXT NOT NULL,
        PRIMARY KEY (document_id, position)
      ) WITHOUT ROWID;

      CREATE TABLE status_counts (
        account_id TEXT NOT NULL,
        status TEXT NOT NULL,
        count INTEGER NOT NULL,
        PRIMARY KEY (account_id, status)
      ) WITHOUT ROWID;
      CREATE TRIGGER documents_counted_in AFTER INSERT ON documents BEGIN
        INSERT INTO status_counts (account_id, status, count) VALUES (NEW.account_id, NEW.last_status, 1)
          ON CONFLICT (account_id, status) DO UPDATE SET count = count + 1;
      END;
      CREATE TRIGGER documents_counted_out AFTER DELETE ON documents BEGIN
        UPDATE status_counts SET count = count - 1 WHERE account_id = OLD.account_id AND status = OLD.last_status;
        DELETE FROM status_counts WHERE account_id = OLD.account_id AND status = OLD.last_status AND count <= 0;
      END;
      CREATE TRIGGER documents_recounted AFTER UPDATE OF last_status ON documents
        WHEN OLD.last_status IS NOT NEW.last_status BEGIN
        UPDATE status_counts SET count = count - 1 WHERE account_id = OLD.account_id AND status = OLD.last_status;
        DELETE FROM status_counts WHERE account_id = OLD.account_id AND status = OLD.last_status AND count <= 0;
        INSERT INTO status_counts (account_id, status, count) VALUES (NEW.account_id, NEW.last_status, 1)
          ON CONFLICT (account_id, status) DO UPDATE SET count = count + 1;
      END;

      CREATE VIRTUAL TABLE documents_search USING fts5 (
        name, people,
        tokenize = 'unicode61 remove_diacritics 2',
        prefix = '1 2 3'
      );
      CREATE TRIGGER documents_unsearchable AFTER DELETE ON documents BEGIN
        DELETE FROM documents_search WHERE rowid = OLD.id;
      END;

      CREATE TABLE templates (
        account_id TEXT NOT NULL,
        template_id TEXT NOT NULL,
        position INTEGER NOT NULL,
        record TEXT NOT NULL,
        PRIMARY KEY (account_id, template_id)
      ) WITHOUT ROWID;

      CREATE TABLE webhooks (
        account_id TEXT NOT NULL,
        webhook_id TEXT NOT NULL,
        position INTEGER NOT NULL,
        record TEXT NOT NULL,
        PRIMARY KEY (account_id, webhook_id)
      ) WITHOUT ROWID;
    `,
  },
  {
    version: 2,
    name: "bulk send batches, their rows' journal, and the listing taken before each batch",
    sql: `
      CREATE TABLE bulk_batches (
        batch_id TEXT PRIMARY KEY,
        account_id TEXT NOT NULL,
        template_id TEXT NOT NULL,
        template_name TEXT NOT NULL,
        file_name TEXT NOT NULL,
        created_at TEXT NOT NULL,
        state TEXT NOT NULL,
        state_reason TEXT,
        snapshot_taken INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX bulk_batches_by_account ON bulk_batches (account_id, created_at DESC);

      CREATE TABLE bulk_rows (
        batch_id TEXT NOT NULL REFERENCES bulk_batches (batch_id) ON DELETE CASCADE,
        position INTEGER NOT NULL,
        line INTEGER NOT NULL,
        row_key TEXT NOT NULL,
        recipients TEXT NOT NULL,
        document_name TEXT NOT NULL,
        email_subject TEXT,
        state TEXT NOT NULL,
        pdf_id TEXT,
        message TEXT,
        attempts INTEGER NOT NULL DEFAULT 0,
        updated_at TEXT NOT NULL,
        PRIMARY KEY (batch_id, position)
      ) WITHOUT ROWID;
      CREATE INDEX bulk_rows_by_state ON bulk_rows (batch_id, state, position);
      CREATE INDEX bulk_rows_sent_keys ON bulk_rows (row_key) WHERE state = 'sent';
      CREATE INDEX bulk_rows_by_document ON bulk_rows (pdf_id) WHERE pdf_id IS NOT NULL;

      CREATE TABLE bulk_snapshot (
        batch_id TEXT NOT NULL REFERENCES bulk_batches (batch_id) ON DELETE CASCADE,
        pdf_id TEXT NOT NULL,
        PRIMARY KEY (batch_id, pdf_id)
      ) WITHOUT ROWID;
    `,
  },
  {
    version: 3,
    name: "the outbox: every outgoing action journalled before its request, and the listings taken before sends",
    sql: `
      CREATE TABLE outbox_items (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        item_id TEXT NOT NULL UNIQUE,
        account_id TEXT NOT NULL,
        kind TEXT NOT NULL,
        state TEXT NOT NULL,
        title TEXT NOT NULL,
        request TEXT NOT NULL,
        file_path TEXT,
        snapshot_id INTEGER,
        result TEXT,
        message TEXT,
        attempts INTEGER NOT NULL DEFAULT 0,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE INDEX outbox_items_by_state ON outbox_items (account_id, state, seq);

      CREATE TABLE outbox_snapshots (
        snapshot_id INTEGER PRIMARY KEY,
        account_id TEXT NOT NULL,
        taken_at TEXT NOT NULL
      );
      CREATE TABLE outbox_snapshot_ids (
        snapshot_id INTEGER NOT NULL REFERENCES outbox_snapshots (snapshot_id) ON DELETE CASCADE,
        pdf_id TEXT NOT NULL,
        PRIMARY KEY (snapshot_id, pdf_id)
      ) WITHOUT ROWID;
    `,
  },
  {
    version: 4,
    name: "imported documents wrongly taken for finished are tracked again",
    sql: `
      UPDATE documents SET finished = 0, next_check_at = 0, check_interval_ms = NULL, polled_at = NULL
        WHERE imported = 1 AND finished = 1 AND has_final_pdf = 0
          AND lower(trim(last_status)) NOT IN (${terminalSql});
    `,
  },
  documentServiceNames(5),
  {
    version: 6,
    name: "the service's listings kept once per account, each document under the first listing that showed it",
    sql: `
      CREATE TABLE service_listings (
        listing_id INTEGER PRIMARY KEY AUTOINCREMENT,
        account_id TEXT NOT NULL,
        started_at TEXT NOT NULL,
        completed_at TEXT
      );
      CREATE INDEX service_listings_by_account ON service_listings (account_id, listing_id);
      CREATE TABLE listed_documents (
        account_id TEXT NOT NULL,
        pdf_id TEXT NOT NULL,
        listing_id INTEGER NOT NULL REFERENCES service_listings (listing_id) ON DELETE CASCADE,
        PRIMARY KEY (account_id, pdf_id)
      ) WITHOUT ROWID;
      CREATE INDEX listed_documents_by_listing ON listed_documents (listing_id);

      INSERT INTO service_listings (listing_id, account_id, started_at, completed_at)
        SELECT snapshot_id, account_id, taken_at, taken_at FROM outbox_snapshots;
      INSERT INTO listed_documents (account_id, pdf_id, listing_id)
        SELECT s.account_id, i.pdf_id, MIN(i.snapshot_id)
        FROM outbox_snapshot_ids i JOIN outbox_snapshots s ON s.snapshot_id = i.snapshot_id
        GROUP BY s.account_id, i.pdf_id;
      DROP TABLE outbox_snapshot_ids;
      DROP TABLE outbox_snapshots;
      ALTER TABLE outbox_items RENAME COLUMN snapshot_id TO listing_id;

      ALTER TABLE bulk_batches ADD COLUMN listing_id INTEGER;
    `,
  },
];

/**
 * The name the service gives each document (`service_name`; NULL: not known yet), kept beside `name`, which is
 * Signdesk's own: the service names every document after its template, while a send is named for its recipient. An
 * imported document's name is the service's already. Self-contained, so that its number can change at a merge.
 */
function documentServiceNames(version: number) {
  return {
    version,
    name: "the name the service gives each document, beside Signdesk's own",
    sql: `
      ALTER TABLE documents ADD COLUMN service_name TEXT;
      UPDATE documents SET service_name = name WHERE imported = 1;
    `,
  };
}

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
