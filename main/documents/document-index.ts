import type { DocumentRecords } from "../records/document-records";
import type { DocumentRecord } from "../settings/settings-schema";

/** The documents the app sent or imported, per account: whole records over the records database. */
export class DocumentIndex {
  constructor(private readonly records: DocumentRecords) {}

  all(accountId?: string): DocumentRecord[] {
    return this.records.all(accountId);
  }

  find(accountId: string, pdfId: string): DocumentRecord | undefined {
    return this.records.get(accountId, pdfId);
  }

  add(record: DocumentRecord): void {
    this.records.add(record);
  }

  /** Replaces a record: only what differs is written (a status change appends to the history). */
  replace(next: DocumentRecord, _urgent = true): void {
    const current = this.records.get(next.accountId, next.pdfId);
    if (current === undefined) return;
    const appended = next.statusHistory.slice(current.statusHistory.length);
    this.records.transaction(() => {
      this.records.patch(next.accountId, next.pdfId, {
        lastStatus: next.lastStatus,
        lastCheckedAt: next.lastCheckedAt,
        finished: next.finished,
        hasFinalPdf: next.hasFinalPdf,
        statusProblem: next.statusProblem ?? null,
        unknownMembers: next.unknownMembers ?? null,
      });
      for (const entry of appended) this.records.patch(next.accountId, next.pdfId, { appendHistory: entry });
    });
  }

  flushNow(): void {}
}
