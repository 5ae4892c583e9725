import { setImmediate as nextTurn } from "node:timers/promises";
import type { Account } from "../../common/accounts";
import type { DocumentRecord } from "../../common/records";
import { isTerminalStatus, statusNotReported } from "../../common/statuses";
import { type DocumentSummary, unknownMembers } from "../../common/wire";
import type { Core } from "../core-types";
import { templateIdNamedBy } from "../templates/template-ids-seen";
import { newDocumentRecord } from "./send-document";

/** What this uses of the core. */
export type ImportDeps = Pick<Core, "clientFor" | "clock" | "records" | "tracker">;

export interface ImportOutcome {
  /** Documents recorded now (the others were recorded already). */
  imported: number;
  /** Documents the service listed. */
  read: number;
  /** Listed in a form that cannot be read (no id…): left out. */
  skipped: number;
}

/**
 * The record of a document the service listed. Only a terminal status finishes it here: a listing's `publicUrl` is a
 * link to the document that exists before anyone signs (API-NOTES.md), so it never means a final PDF. Everything
 * else is due for a check at once, and getDocumentDetails tells whether a final PDF exists.
 */
function importedRecord(account: Account, document: DocumentSummary, at: string): DocumentRecord {
  const status = document.status ?? statusNotReported;
  const record = newDocumentRecord(
    account,
    document.id,
    document.name ?? "Untitled document",
    templateIdNamedBy(document),
    document.recipients.map(({ name, email }) => ({ name, email })),
    at,
    { status, imported: true, ...(document.name === undefined ? {} : { serviceName: document.name }) },
  );
  const extras = unknownMembers(document);
  return {
    ...record,
    finished: isTerminalStatus(status),
    ...(Object.keys(extras).length === 0 ? {} : { unknownMembers: extras }),
  };
}

/**
 * Adds the documents the account's service lists that are not recorded yet: the list is read as a stream, and each
 * batch is stored in one transaction before the next is read, so 100,000 documents take bounded memory; the main
 * thread gets a turn between batches. The new unfinished ones are due at once (their next check time is 0): the
 * tracker reaches them at its own pace rather than all at once.
 */
export async function importDocuments(
  core: ImportDeps,
  account: Account,
  onProgress?: (read: number) => void,
): Promise<ImportOutcome> {
  const at = new Date(core.clock.now()).toISOString();
  let imported = 0;
  let read = 0;
  const outcome = await core.clientFor(account).getAllDocumentsInBatches(async (documents) => {
    imported += core.records.documents.addMany(documents.map((document) => importedRecord(account, document, at)));
    read += documents.length;
    onProgress?.(read);
    await nextTurn();
  });
  if (imported > 0) core.tracker.wake();
  return { imported, read: outcome.read, skipped: outcome.skipped };
}
