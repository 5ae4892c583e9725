import type { Account } from "../../common/accounts";
import type { DocumentRecord } from "../../common/records";
import type { Core } from "../core-types";
import { HandlerError } from "../handler-error";
import { ServiceError } from "../service/service-error";

export function newDocumentRecord(
  account: Account,
  pdfId: string,
  name: string,
  templateId: string | null,
  recipients: { name: string; email: string }[],
  at: string,
  options: { status?: string; imported?: boolean } = {},
): DocumentRecord {
  const status = options.status ?? "pending";
  return {
    accountId: account.id,
    pdfId,
    name,
    templateId,
    recipients,
    sentAt: at,
    lastStatus: status,
    lastCheckedAt: null,
    finished: false,
    hasFinalPdf: false,
    statusHistory: [{ status, at }],
    imported: options.imported ?? false,
  };
}

/** Records a document the service created and starts watching it. */
export function trackNewDocument(core: Core, record: DocumentRecord): DocumentRecord {
  core.index.add(record);
  void core.tracker.refreshNow([record.pdfId]);
  return record;
}

const sameAddresses = (a: readonly { email: string }[], b: readonly { email: string }[]) =>
  a.length === b.length && a.every((entry, index) => entry.email.toLowerCase() === b[index]?.email.toLowerCase());

/**
 * After a send whose answer was lost: asks getAllDocuments for a document the app does not know yet,
 * with this name and these recipients. Found: it was created, and is recorded now. Not found: it was not.
 */
export async function reconcileLostSend(
  core: Core,
  account: Account,
  name: string,
  templateId: string | null,
  recipients: { name: string; email: string }[],
): Promise<DocumentRecord | null> {
  const { documents } = await core.clientFor(account).getAllDocuments();
  const candidate = documents.find(
    (document) =>
      core.index.find(account.id, document.id) === undefined &&
      document.name === name &&
      sameAddresses(document.recipients, recipients),
  );
  if (candidate === undefined) return null;
  const at = new Date(core.now()).toISOString();
  return trackNewDocument(
    core,
    newDocumentRecord(account, candidate.id, name, templateId, recipients, at, { status: candidate.status }),
  );
}

/**
 * Runs a call that creates a document; never retried blindly. When its outcome is unknown, the app
 * checks with the service and says what it found.
 */
export async function createDocumentOnce(
  core: Core,
  account: Account,
  expected: { name: string; templateId: string | null; recipients: { name: string; email: string }[] },
  create: () => Promise<DocumentRecord>,
): Promise<DocumentRecord> {
  try {
    return await create();
  } catch (error) {
    if (!(error instanceof ServiceError) || error.category !== "outcome_unknown") throw error;
    let found: DocumentRecord | null;
    try {
      found = await reconcileLostSend(core, account, expected.name, expected.templateId, expected.recipients);
    } catch {
      throw new HandlerError(
        "outcome_unknown",
        `${error.message} Signdesk could not check either; look in Documents after "Import from service" before sending again.`,
      );
    }
    if (found !== null) return found;
    throw new HandlerError(
      "not_sent",
      "The service did not answer, and it has no such document: nothing was sent. You can send again.",
    );
  }
}
