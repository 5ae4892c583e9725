import type { DocumentRecord } from "../../common/records";

/** A pending document of account "acct" sent at `sentAt`, with what a test overrides. */
export function pendingDocument(pdfId: string, overrides: Partial<DocumentRecord> = {}): DocumentRecord {
  const sentAt = overrides.sentAt ?? "2026-11-01T09:00:00.000Z";
  return {
    accountId: "acct",
    pdfId,
    name: `Lease ${pdfId}`,
    templateId: null,
    recipients: [{ name: "Ada", email: "ada@example.com" }],
    sentAt,
    lastStatus: "pending",
    lastCheckedAt: null,
    finished: false,
    hasFinalPdf: false,
    statusHistory: [{ status: "pending", at: sentAt }],
    imported: false,
    ...overrides,
  };
}
