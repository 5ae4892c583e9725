import type { Account } from "../../common/accounts";
import type { BulkRowView } from "../../common/bulk-batches";
import type { DocumentSummary } from "../../common/wire";
import type { Core } from "../core-types";

/** What bulk send needs of the core. */
export type BulkDeps = Pick<Core, "records" | "accounts" | "clientFor" | "emit" | "now" | "tracker" | "sendCheck">;

import { sleep } from "../service/retry";
import { ServiceError } from "../service/service-error";
import { templateIdNamedBy } from "../templates/template-ids-seen";

export type RowFinding =
  | { kind: "found"; document: DocumentSummary }
  | { kind: "absent" }
  | { kind: "several"; count: number };

const addressKey = (recipients: readonly { email: string }[]) =>
  recipients
    .map((recipient) => recipient.email.trim().toLowerCase())
    .sort()
    .join("\n");

/**
 * Finds, for each row whose answer was lost, the document the service made for it, as a single send does
 * (send-document.ts) but for all of them with one listing per look: a candidate is unknown to Signdesk, absent from
 * the listing taken before the batch began, to the row's addresses, and of the batch's template when the listing
 * names one. Looks on `core.sendCheck`'s schedule until every row is found; a row never found is "absent" only when
 * the whole schedule was looked through and the last look succeeded. Rows left out of the answer are undecided (the
 * service could not be listed, or the batch was stopped): they stay in doubt.
 */
export async function reconcileRows(
  core: BulkDeps,
  account: Account,
  templateId: string,
  rows: readonly BulkRowView[],
  before: ReadonlySet<string>,
  stopped: () => boolean,
): Promise<Map<number, RowFinding>> {
  const findings = new Map<number, RowFinding>();
  const open = new Map<string, BulkRowView[]>();
  for (const row of rows) {
    const key = addressKey(row.recipients);
    open.set(key, [...(open.get(key) ?? []), row]);
  }
  const { scheduleMs, listTimeoutMs } = core.sendCheck;
  const started = Date.now();
  let lastLookWorked = false;
  let looked = 0;
  for (const at of scheduleMs) {
    if (open.size === 0 || stopped()) break;
    looked += 1;
    await sleep(Math.max(0, started + at - Date.now()));
    const candidates = new Map<string, DocumentSummary[]>();
    try {
      await core.clientFor(account).getAllDocumentsInBatches(
        (documents) => {
          for (const document of documents) {
            if (before.has(document.id) || core.records.documents.get(account.id, document.id) !== undefined) continue;
            const named = templateIdNamedBy(document);
            if (named !== null && named !== templateId) continue;
            const key = addressKey(document.recipients);
            if (!open.has(key)) continue;
            const list = candidates.get(key) ?? [];
            // A retried listing starts again from the first document.
            if (!list.some((known) => known.id === document.id)) list.push(document);
            candidates.set(key, list);
          }
        },
        { signal: AbortSignal.timeout(listTimeoutMs) },
      );
      lastLookWorked = true;
    } catch (error) {
      // Not the service's failure (no key stored…): looking again would not help; the batch stops with it.
      if (!(error instanceof ServiceError)) throw error;
      lastLookWorked = false;
      continue;
    }
    for (const [key, waiting] of open) {
      const found = candidates.get(key) ?? [];
      if (found.length === 0) continue;
      const [only] = found;
      if (waiting.length === 1 && found.length === 1 && only !== undefined) {
        const [row] = waiting;
        if (row !== undefined) findings.set(row.position, { kind: "found", document: only });
      } else {
        // Several rows to the same people, or several new documents to them: which is which cannot be told.
        for (const row of waiting) findings.set(row.position, { kind: "several", count: found.length });
      }
      open.delete(key);
    }
  }
  if (!lastLookWorked || looked < scheduleMs.length) return findings;
  for (const waiting of open.values()) for (const row of waiting) findings.set(row.position, { kind: "absent" });
  return findings;
}
