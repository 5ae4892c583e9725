import { z } from "zod";
import {
  type BulkBatch,
  type BulkBatchState,
  type BulkRowCounts,
  type BulkRowState,
  type BulkRowView,
  bulkRowStates,
} from "../../common/bulk-batches";
import { type PhraseOrText, readStoredWords, storedWords } from "../../common/i18n/phrase";
import { SqliteTable } from "../records/sqlite-table";

/** A row as the journal is given it: checked already, with the key that tells "the same row" in later batches. */
export interface JournalRowInput {
  line: number;
  key: string;
  recipients: { name: string; email: string }[];
  documentName: string;
  emailSubject: string | null;
}

export interface NewBulkBatch {
  batchId: string;
  accountId: string;
  templateId: string;
  templateName: string;
  fileName: string;
  createdAt: string;
  rows: readonly JournalRowInput[];
}

interface BatchRow {
  batch_id: string;
  account_id: string;
  template_id: string;
  template_name: string;
  file_name: string;
  created_at: string;
  state: BulkBatchState;
  state_reason: string | null;
  snapshot_taken: number;
}

interface RowRow {
  position: number;
  request: string;
  state: BulkRowState;
  pdf_id: string | null;
  message: string | null;
}

/** What a row's job asks, as `jobs.request` keeps it (JSON, read back through this schema: the database is a file). */
const BulkRowRequestSchema = z.object({
  line: z.number(),
  recipients: z.array(z.object({ name: z.string(), email: z.string() })),
  documentName: z.string(),
  emailSubject: z.string().nullable(),
});
type BulkRowRequest = z.infer<typeof BulkRowRequestSchema>;

export interface JournalledBatch extends BulkBatch {
  accountId: string;
  snapshotTaken: boolean;
}

const rowColumns = "position, request, state, pdf_id, message";

/**
 * Bulk send's journal in the records database: every batch, each of its rows' state (a row is a job of kind `bulkRow`
 * in the `jobs` table, main/jobs/), and the document IDs the service
 * listed before the batch began. Each change is its own transaction (or the caller's), committed before the request it
 * stands for leaves and as soon as its answer is read, so that the journal is what happened when the app stops.
 */
export class BulkJournal extends SqliteTable {
  create(batch: NewBulkBatch): void {
    this.transaction(() => {
      this.statement(
        "INSERT INTO bulk_batches (batch_id, account_id, template_id, template_name, file_name, created_at, state) " +
          "VALUES (?, ?, ?, ?, ?, ?, 'ready')",
      ).run(batch.batchId, batch.accountId, batch.templateId, batch.templateName, batch.fileName, batch.createdAt);
      const insert = this.statement(
        "INSERT INTO jobs (job_id, account_id, kind, batch_id, position, state, title, request, dedupe_key, " +
          "created_at, updated_at) VALUES (?, ?, 'bulkRow', ?, ?, 'queued', ?, ?, ?, ?, ?)",
      );
      for (const [position, row] of batch.rows.entries()) {
        const request: BulkRowRequest = {
          line: row.line,
          recipients: row.recipients,
          documentName: row.documentName,
          emailSubject: row.emailSubject,
        };
        insert.run(
          `${batch.batchId}/${position}`,
          batch.accountId,
          batch.batchId,
          position,
          row.documentName,
          JSON.stringify(request),
          row.key,
          batch.createdAt,
          batch.createdAt,
        );
      }
    });
  }

  counts(batchId: string): BulkRowCounts {
    const counts = Object.fromEntries(bulkRowStates.map((state) => [state, 0])) as BulkRowCounts;
    for (const row of this.statement("SELECT state, COUNT(*) AS n FROM jobs WHERE batch_id = ? GROUP BY state").iterate(
      batchId,
    )) {
      const { state, n } = row as { state: BulkRowState; n: number };
      counts[state] = n;
    }
    return counts;
  }

  private batchOf(row: BatchRow): JournalledBatch {
    const counts = this.counts(row.batch_id);
    return {
      batchId: row.batch_id,
      accountId: row.account_id,
      templateId: row.template_id,
      templateName: row.template_name,
      fileName: row.file_name,
      createdAt: row.created_at,
      state: row.state,
      stateReason: row.state_reason === null ? null : readStoredWords(row.state_reason),
      snapshotTaken: row.snapshot_taken === 1,
      total: Object.values(counts).reduce((sum, n) => sum + n, 0),
      counts,
    };
  }

  batch(batchId: string): JournalledBatch | undefined {
    const row = this.statement("SELECT * FROM bulk_batches WHERE batch_id = ?").get(batchId) as BatchRow | undefined;
    return row === undefined ? undefined : this.batchOf(row);
  }

  /** An account's batches, newest first. */
  batches(accountId: string): JournalledBatch[] {
    const rows = this.statement("SELECT * FROM bulk_batches WHERE account_id = ? ORDER BY created_at DESC").all(
      accountId,
    ) as unknown as BatchRow[];
    return rows.map((row) => this.batchOf(row));
  }

  setState(batchId: string, state: BulkBatchState, reason: PhraseOrText | null = null): void {
    this.statement("UPDATE bulk_batches SET state = ?, state_reason = ? WHERE batch_id = ?").run(
      state,
      reason === null ? null : storedWords(reason),
      batchId,
    );
  }

  /** The app stopped while these batches were sending: they wait for the person to resume them. */
  interruptSending(): number {
    return Number(
      this.statement("UPDATE bulk_batches SET state = 'interrupted', state_reason = NULL WHERE state = 'sending'").run()
        .changes,
    );
  }

  rows(batchId: string, offset: number, limit: number): BulkRowView[] {
    const rows = this.statement(
      `SELECT ${rowColumns} FROM jobs WHERE batch_id = ? ORDER BY position LIMIT ? OFFSET ?`,
    ).all(batchId, limit, offset) as unknown as RowRow[];
    return rows.map(viewOf);
  }

  rowsIn(batchId: string, state: BulkRowState, limit = -1): BulkRowView[] {
    const rows = this.statement(
      `SELECT ${rowColumns} FROM jobs WHERE batch_id = ? AND state = ? ORDER BY position LIMIT ?`,
    ).all(batchId, state, limit) as unknown as RowRow[];
    return rows.map(viewOf);
  }

  /** Moves a row to `state`; answers whether it was in one of `from` (else nothing changes). */
  move(
    batchId: string,
    position: number,
    from: readonly BulkRowState[],
    state: BulkRowState,
    details: { pdfId?: string | null; message?: PhraseOrText | null; attempt?: boolean; at: string },
  ): boolean {
    const placeholders = from.map(() => "?").join(", ");
    const result = this.statement(
      `UPDATE jobs SET state = ?, pdf_id = COALESCE(?, pdf_id), message = ?, attempts = attempts + ?, ` +
        `updated_at = ? WHERE batch_id = ? AND position = ? AND state IN (${placeholders})`,
    ).run(
      state,
      details.pdfId ?? null,
      details.message === undefined || details.message === null ? null : storedWords(details.message),
      details.attempt === true ? 1 : 0,
      details.at,
      batchId,
      position,
      ...from,
    );
    return result.changes > 0;
  }

  /** Every row of the batch in `from` moves to `state` (a cancel, a crash's rows in flight). */
  moveAll(batchId: string, from: BulkRowState, state: BulkRowState, message: PhraseOrText | null, at: string): number {
    return Number(
      this.statement("UPDATE jobs SET state = ?, message = ?, updated_at = ? WHERE batch_id = ? AND state = ?").run(
        state,
        message === null ? null : storedWords(message),
        at,
        batchId,
        from,
      ).changes,
    );
  }

  /** Keys of the rows sent to this template in any batch of the account: sending one again is flagged. */
  sentKeys(accountId: string, templateId: string): string[] {
    const rows = this.statement(
      "SELECT DISTINCT r.dedupe_key AS key FROM jobs r JOIN bulk_batches b ON b.batch_id = r.batch_id " +
        "WHERE r.state = 'sent' AND r.dedupe_key IS NOT NULL AND b.account_id = ? AND b.template_id = ?",
    ).all(accountId, templateId) as { key: string }[];
    return rows.map((row) => row.key);
  }

  /**
   * The service's listing the batch's sends are compared with (documents/send-baseline.ts); null for a batch begun by
   * an earlier Signdesk, which kept its own listing (`snapshot`), or begun when no listing could be read.
   */
  listing(batchId: string): number | null {
    const row = this.statement("SELECT listing_id FROM bulk_batches WHERE batch_id = ?").get(batchId) as
      | { listing_id: number | null }
      | undefined;
    return row?.listing_id ?? null;
  }

  /** Names the listing the batch's sends are compared with, before its first row leaves. */
  setListing(batchId: string, listingId: number | null): void {
    this.statement("UPDATE bulk_batches SET listing_id = ?, snapshot_taken = 1 WHERE batch_id = ?").run(
      listingId,
      batchId,
    );
  }

  /** The document IDs an earlier Signdesk listed before the batch began (or an empty set when none was taken). */
  snapshot(batchId: string): Set<string> {
    const rows = this.statement("SELECT pdf_id FROM bulk_snapshot WHERE batch_id = ?").all(batchId) as {
      pdf_id: string;
    }[];
    return new Set(rows.map((row) => row.pdf_id));
  }

  saveSnapshot(batchId: string, pdfIds: Iterable<string>): void {
    this.transaction(() => {
      const insert = this.statement("INSERT OR IGNORE INTO bulk_snapshot (batch_id, pdf_id) VALUES (?, ?)");
      for (const pdfId of pdfIds) insert.run(batchId, pdfId);
      this.statement("UPDATE bulk_batches SET snapshot_taken = 1 WHERE batch_id = ?").run(batchId);
    });
  }

  /** The documents this batch created, by row (for "filter by batch" and the results). */
  documentIds(batchId: string): string[] {
    const rows = this.statement(
      "SELECT pdf_id FROM jobs WHERE batch_id = ? AND pdf_id IS NOT NULL ORDER BY position",
    ).all(batchId) as { pdf_id: string }[];
    return rows.map((row) => row.pdf_id);
  }

  removeAccount(accountId: string): void {
    this.statement("DELETE FROM bulk_batches WHERE account_id = ?").run(accountId);
  }
}

function viewOf(row: RowRow): BulkRowView {
  const request = BulkRowRequestSchema.parse(JSON.parse(row.request));
  return {
    position: row.position,
    ...request,
    state: row.state,
    pdfId: row.pdf_id,
    message: row.message === null ? null : readStoredWords(row.message),
  };
}
