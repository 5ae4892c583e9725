import type { Migration } from "./migration";

/**
 * Documents keep what the tracker needs to choose what is due (`next_check_at`, a partial index over unfinished
 * documents), the list's sorts as columns with indexes (`sent_ms`, `sort_name`, `status_rank`), recipients and status
 * history in tables of their own, and an FTS5 index over name, recipients' names and e-mail addresses (rowid =
 * documents.id). Per-status counts are kept by triggers, so that the list's counts never scan.
 */
export const documents: Migration = {
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
};
