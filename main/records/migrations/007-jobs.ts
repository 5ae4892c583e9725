import { bulkRowJobColumns, bulkRowsAsJobs } from "./bulk-rows-as-jobs";
import type { Migration } from "./migration";

/**
 * The outbox's items and bulk send's rows become one journal of jobs (main/jobs/): each is written before its request,
 * in the order it goes out (`seq`), with its kind, state and request as JSON. A bulk row is a job of kind `bulkRow`
 * that names its batch and its place in it; its line, recipients, document name and subject are its request, the row's
 * key (what tells "the same row" in later batches) its `dedupe_key`. What was queued, in doubt or being sent when the
 * app last stopped is carried over as it was, so that nothing is sent twice or forgotten.
 */
export const jobs: Migration = {
  version: 7,
  name: "one journal of jobs for the outbox's items and bulk send's rows",
  sql: `
      CREATE TABLE jobs (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        job_id TEXT NOT NULL UNIQUE,
        account_id TEXT NOT NULL,
        kind TEXT NOT NULL,
        batch_id TEXT REFERENCES bulk_batches (batch_id) ON DELETE CASCADE,
        position INTEGER,
        state TEXT NOT NULL,
        title TEXT NOT NULL,
        request TEXT NOT NULL,
        file_path TEXT,
        listing_id INTEGER,
        result TEXT,
        pdf_id TEXT,
        dedupe_key TEXT,
        message TEXT,
        attempts INTEGER NOT NULL DEFAULT 0,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE INDEX jobs_by_queue ON jobs (account_id, state, seq) WHERE batch_id IS NULL;
      CREATE UNIQUE INDEX jobs_by_batch ON jobs (batch_id, position) WHERE batch_id IS NOT NULL;
      CREATE INDEX jobs_by_batch_state ON jobs (batch_id, state, position) WHERE batch_id IS NOT NULL;
      CREATE INDEX jobs_sent_keys ON jobs (dedupe_key) WHERE state = 'sent' AND dedupe_key IS NOT NULL;
      CREATE INDEX jobs_by_document ON jobs (pdf_id) WHERE pdf_id IS NOT NULL;

      INSERT INTO jobs (seq, job_id, account_id, kind, state, title, request, file_path, listing_id, result, pdf_id,
          message, attempts, created_at, updated_at)
        SELECT seq, item_id, account_id, kind, state, title, request, file_path, listing_id, result,
          json_extract(result, '$.pdfId'), message, attempts, created_at, updated_at
        FROM outbox_items ORDER BY seq;
      INSERT INTO jobs (${bulkRowJobColumns}) ${bulkRowsAsJobs};
      DROP TABLE bulk_rows;
      DROP TABLE outbox_items;
    `,
};
