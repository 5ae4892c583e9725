import { SqliteTable } from "./sqlite-table";

/**
 * The documents each account's service listed that Signdesk had not recorded, each kept once, under the first
 * listing that showed it (listings are numbered in the order they began). A listing is complete once read to its
 * end; only a complete one is ever named by a send (main/documents/send-baseline.ts).
 */
export class ServiceListings extends SqliteTable {
  /** Starts a listing of the account's documents; answers its number. */
  begin(accountId: string, at: string): number {
    const made = this.statement("INSERT INTO service_listings (account_id, started_at) VALUES (?, ?)").run(
      accountId,
      at,
    );
    return Number(made.lastInsertRowid);
  }

  /** Keeps the IDs of one batch of the listing that no earlier listing showed and no record has. */
  note(listingId: number, accountId: string, pdfIds: readonly string[]): void {
    this.transaction(() => {
      const insert = this.statement(
        "INSERT OR IGNORE INTO listed_documents (account_id, pdf_id, listing_id) SELECT ?, ?, ? " +
          "WHERE NOT EXISTS (SELECT 1 FROM documents WHERE account_id = ? AND pdf_id = ?)",
      );
      for (const pdfId of pdfIds) insert.run(accountId, pdfId, listingId, accountId, pdfId);
    });
  }

  complete(listingId: number, at: string): void {
    this.statement("UPDATE service_listings SET completed_at = ? WHERE listing_id = ?").run(at, listingId);
  }

  /** The account's newest complete listing (below `below`, when given), or null when none was read to its end. */
  latest(accountId: string, below: number | null = null): number | null {
    const row = this.statement(
      "SELECT MAX(listing_id) AS id FROM service_listings " +
        "WHERE account_id = ? AND completed_at IS NOT NULL AND (? IS NULL OR listing_id < ?)",
    ).get(accountId, below, below) as { id: number | null };
    return row.id;
  }

  /** Whether the document was shown by this listing or an earlier one of the account. */
  listedBy(accountId: string, pdfId: string, listingId: number): boolean {
    return (
      this.statement("SELECT 1 FROM listed_documents WHERE account_id = ? AND pdf_id = ? AND listing_id <= ?").get(
        accountId,
        pdfId,
        listingId,
      ) !== undefined
    );
  }

  /** How many documents are kept for the account (the benchmark's and the tests' measure of what a listing cost). */
  count(accountId: string): number {
    return (
      this.statement("SELECT COUNT(*) AS n FROM listed_documents WHERE account_id = ?").get(accountId) as { n: number }
    ).n;
  }

  removeAccount(accountId: string): void {
    this.statement("DELETE FROM service_listings WHERE account_id = ?").run(accountId);
  }
}
