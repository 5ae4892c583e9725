import type { DocumentRecord } from "../../common/records.ts";
import type { Records } from "../../main/records/records.ts";

const statuses = ["pending", "partially_signed", "signed", "declined"] as const;
const firstNames = ["Ada", "Grace", "Alan", "Edsger", "Barbara", "Donald", "Margaret", "Ken", "Frances", "Tim"];
const lastNames = ["Lovelace", "Hopper", "Turing", "Dijkstra", "Liskov", "Knuth", "Hamilton", "Thompson", "Allen"];
const kinds = ["Lease", "NDA", "Offer letter", "Consent form", "Sales agreement", "Invoice approval", "Contract"];

/** A plausible document: names, addresses, statuses and dates vary the way a real history does. */
export function benchDocument(accountId: string, index: number, now: number): DocumentRecord {
  const first = firstNames[index % firstNames.length] ?? "Ada";
  const last = lastNames[Math.floor(index / firstNames.length) % lastNames.length] ?? "Lovelace";
  const status = statuses[index % 7 === 0 ? 0 : index % 5 === 0 ? 1 : index % 11 === 0 ? 3 : 2] ?? "signed";
  const sentAt = new Date(now - index * 300_000).toISOString();
  const finished = status === "signed" || status === "declined";
  return {
    accountId,
    pdfId: `00000000-0000-4000-8000-${index.toString(16).padStart(12, "0")}`,
    name: `${kinds[index % kinds.length]} ${index} — ${first} ${last}`,
    templateId: `template-${index % 40}`,
    recipients: [
      { name: `${first} ${last}`, email: `${first}.${last}${index}@example.com`.toLowerCase() },
      { name: "Signdesk Bench", email: "bench@example.org" },
    ],
    sentAt,
    lastStatus: status,
    lastCheckedAt: sentAt,
    finished,
    hasFinalPdf: status === "signed",
    statusHistory: [{ status: "pending", at: sentAt }, ...(status === "pending" ? [] : [{ status, at: sentAt }])],
    imported: index % 3 === 0,
  };
}

/** Adds `count` documents for the account in transactions of 5,000. */
export function seedRecords(records: Records, accountId: string, count: number, now = Date.now()): void {
  for (let start = 0; start < count; start += 5_000) {
    const batch = Array.from({ length: Math.min(5_000, count - start) }, (_, offset) =>
      benchDocument(accountId, start + offset, now),
    );
    records.documents.addMany(batch);
  }
}
