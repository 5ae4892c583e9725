import type { Migration } from "./migration";

/**
 * Bulk send journals each row's state before and after its request, so that a crash or a quit resumes where it
 * stopped; the document IDs the service listed before a batch began tell its documents from older ones.
 */
export const bulkSend: Migration = {
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
};
