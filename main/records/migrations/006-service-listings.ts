import type { Migration } from "./migration";

/**
 * Replaces the listing taken before each outbox drain (every ID each time) by one record per account of the
 * documents the service listed that Signdesk had not recorded, each under the first listing that showed it
 * (main/documents/send-baseline.ts says why that is enough); outbox items and bulk batches name the listing their
 * sends are compared with.
 */
export const serviceListings: Migration = {
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
};
