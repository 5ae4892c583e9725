import type { Settings } from "../settings/settings";
import type { DocumentRecord } from "../settings/settings-schema";

/**
 * The documents the app sent or imported, per account, kept in settings. Reads are from memory;
 * writes are batched (the tracker touches many records per pass) and flushed at most every `flushMs`,
 * and at once for changes the user must not lose (a new document, a status change).
 */
export class DocumentIndex {
  private records: DocumentRecord[];
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly settings: Settings,
    private readonly flushMs = 1000,
  ) {
    this.records = [...settings.get("documents")];
  }

  all(accountId?: string): DocumentRecord[] {
    return accountId === undefined ? this.records : this.records.filter((record) => record.accountId === accountId);
  }

  find(accountId: string, pdfId: string): DocumentRecord | undefined {
    return this.records.find((record) => record.accountId === accountId && record.pdfId === pdfId);
  }

  add(record: DocumentRecord): void {
    if (this.find(record.accountId, record.pdfId) !== undefined) return;
    this.records = [...this.records, record];
    this.flushNow();
  }

  /** Replaces a record; `urgent` writes at once, otherwise with the next batch. */
  replace(next: DocumentRecord, urgent: boolean): void {
    this.records = this.records.map((record) =>
      record.accountId === next.accountId && record.pdfId === next.pdfId ? next : record,
    );
    if (urgent) this.flushNow();
    else this.flushSoon();
  }

  flushNow(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.settings.update({ documents: this.records });
  }

  private flushSoon(): void {
    this.timer ??= setTimeout(() => this.flushNow(), this.flushMs);
  }
}
