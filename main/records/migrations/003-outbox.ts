import type { Migration } from "./migration";

/**
 * The outbox does for every other outgoing action what bulk send does for rows: each item is written before its
 * request (`seq` is the order it goes out in), with the request's arguments as JSON and the path of its own copy of
 * the PDF.
 */
export const outbox: Migration = {
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
};
