import type { Account } from "../../common/accounts";
import type { DocumentRecord } from "../../common/records";
import { statusNotReported } from "../../common/statuses";
import type { DocumentSummary } from "../../common/wire";
import type { Core, SendCheckOptions } from "../core-types";
import { HandlerError } from "../handler-error";
import { sleep } from "../service/retry";
import { formatDuration, ServiceError } from "../service/service-error";
import { templateIdNamedBy } from "../templates/template-ids-seen";

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
  core.records.documents.add(record);
  void core.tracker.refreshNow([record.pdfId]);
  return record;
}

/**
 * After a lost answer, getAllDocuments is asked at these times (ms after the loss): often at first, then
 * less, for about 2 minutes in all; a service that acts slowly has its document found on a later look.
 */
export const defaultSendCheck: SendCheckOptions = {
  scheduleMs: [0, 2_000, 5_000, 10_000, 20_000, 40_000, 80_000, 120_000],
  listTimeoutMs: 10_000,
};

/** What the send asked for. */
export interface ExpectedDocument {
  /** The name Signdesk records (a send's own name, else the template's). */
  name: string;
  /** The name the service gives the document, when it differs from `name` (it names a send after its template). */
  serviceName?: string;
  /** The template sent; null when the same call creates the template (createNewTemplate with recipients). */
  templateId: string | null;
  recipients: { name: string; email: string }[];
}

/** The service's document IDs just before a send; null when they could not be read. */
type Snapshot = ReadonlySet<string> | null;

/** Lists the documents before a send, within a bounded time: what is there already is not the new one. */
async function snapshotBefore(core: Core, account: Account): Promise<Snapshot> {
  try {
    const signal = AbortSignal.timeout(core.sendCheck.listTimeoutMs);
    // Read as a stream, keeping only the IDs: an account may have 100,000 documents.
    const ids = new Set<string>();
    await core.clientFor(account).getAllDocumentsInBatches(
      (documents) => {
        for (const document of documents) ids.add(document.id);
      },
      { signal },
    );
    return ids;
  } catch {
    return null;
  }
}

const addresses = (recipients: readonly { email: string }[]) =>
  recipients.map((recipient) => recipient.email.trim().toLowerCase()).sort();

function sameAddresses(listed: readonly { email: string }[], sent: readonly { email: string }[]): boolean {
  const [a, b] = [addresses(listed), addresses(sent)];
  return a.length === b.length && a.every((email, index) => email === b[index]);
}

/**
 * The listed documents that can be the one sent: unknown to the app, absent from the listing taken before
 * the send (when there is one), to the same addresses (names are not compared: services rename), and of
 * the template sent when the listing names one (a new template's: of no template the app knows).
 */
function candidates(
  core: Core,
  account: Account,
  listed: DocumentSummary[],
  expected: ExpectedDocument,
  before: Snapshot,
) {
  const knownTemplates = new Set(
    core.records.templates
      .all()
      .filter((template) => template.accountId === account.id)
      .map((template) => template.templateId),
  );
  return listed.filter((document) => {
    if (core.records.documents.get(account.id, document.id) !== undefined || before?.has(document.id) === true)
      return false;
    if (!sameAddresses(document.recipients, expected.recipients)) return false;
    const named = templateIdNamedBy(document);
    if (named === null) return true;
    return expected.templateId === null ? !knownTemplates.has(named) : named === expected.templateId;
  });
}

type CheckOutcome =
  | { kind: "found"; document: DocumentSummary }
  | { kind: "several"; count: number }
  | { kind: "none" }
  | { kind: "unchecked"; error: unknown };

/**
 * Looks for the document on the schedule until it appears. "none" only when the last look succeeded;
 * "unchecked" when it failed (the document may have appeared since the last look that worked).
 */
async function lookForDocument(
  core: Core,
  account: Account,
  expected: ExpectedDocument,
  before: Snapshot,
  onCheck: (made: number, planned: number) => void,
): Promise<CheckOutcome> {
  const { scheduleMs } = core.sendCheck;
  const started = Date.now();
  let last: CheckOutcome = { kind: "unchecked", error: null };
  for (const [index, at] of scheduleMs.entries()) {
    await sleep(Math.max(0, started + at - Date.now()));
    onCheck(index + 1, scheduleMs.length);
    // Read as a stream, keeping only the documents that can be the one sent (by ID: a retried read starts over).
    const candidatesById = new Map<string, DocumentSummary>();
    try {
      const signal = AbortSignal.timeout(core.sendCheck.listTimeoutMs);
      await core.clientFor(account).getAllDocumentsInBatches(
        (documents) => {
          for (const document of candidates(core, account, documents, expected, before))
            candidatesById.set(document.id, document);
        },
        { signal },
      );
    } catch (error) {
      last = { kind: "unchecked", error };
      continue;
    }
    const found = [...candidatesById.values()];
    // Several new documents to the same people: the one with the name sent, if only one has it.
    const named =
      found.length > 1 ? found.filter((document) => document.name === (expected.serviceName ?? expected.name)) : found;
    const [only] = named;
    if (named.length === 1 && only !== undefined) return { kind: "found", document: only };
    if (found.length > 1) return { kind: "several", count: found.length };
    last = { kind: "none" };
  }
  return last;
}

/** A lost answer's message without its closing promise to check (what the check found follows it). */
export const whatHappened = (error: ServiceError) => error.message.replace(/\s*The outcome is unknown[:,].*$/s, "");

export interface SendOnceOptions {
  /** Told before each look at the service's documents after a lost answer ("Checking whether it was sent…"). */
  onChecking?: (made: number, planned: number) => void;
}

/** The sends under way: the same one (same account, template, addresses) is not started twice at once. */
const underway = new WeakMap<Core, Set<string>>();

/** Runs `run` unless the same `key` runs already (a second press of Send), which is refused. */
export async function onlyOnce<T>(core: Core, key: string, refusal: string, run: () => Promise<T>): Promise<T> {
  const running = underway.get(core) ?? new Set<string>();
  underway.set(core, running);
  if (running.has(key)) throw new HandlerError("in_progress", refusal);
  running.add(key);
  try {
    return await run();
  } finally {
    running.delete(key);
  }
}

/**
 * Runs a call that creates a document; never retried blindly, never twice at once. The service's
 * documents are listed first (within a bounded time) so that, when the call's outcome is unknown (an
 * answer lost to a time-out, a reset or a gateway error), the document can be told from older ones: the
 * service is then asked again on `core.sendCheck`'s schedule, and the document recorded once it appears.
 */
export async function createDocumentOnce(
  core: Core,
  account: Account,
  expected: ExpectedDocument,
  create: () => Promise<DocumentRecord>,
  options: SendOnceOptions & { key?: string } = {},
): Promise<DocumentRecord> {
  const key = options.key ?? `send ${account.id} ${expected.templateId} ${addresses(expected.recipients).join(" ")}`;
  return onlyOnce(
    core,
    key,
    "This document is being sent already: wait for the answer before sending it again.",
    async () => {
      const before = await snapshotBefore(core, account);
      try {
        return await create();
      } catch (error) {
        if (!(error instanceof ServiceError) || error.category !== "outcome_unknown") throw error;
        const outcome = await lookForDocument(core, account, expected, before, options.onChecking ?? (() => {}));
        const checkedFor = formatDuration(core.sendCheck.scheduleMs.at(-1) ?? 0);
        switch (outcome.kind) {
          case "found": {
            const { document } = outcome;
            const at = new Date(core.now()).toISOString();
            // A new template's ID is known only when the listing names it.
            const templateId = expected.templateId ?? templateIdNamedBy(document);
            const status = document.status ?? statusNotReported;
            const record = newDocumentRecord(account, document.id, expected.name, templateId, expected.recipients, at, {
              status,
            });
            return trackNewDocument(core, record);
          }
          case "none":
            throw new HandlerError(
              "not_sent",
              `${whatHappened(error)} Signdesk checked with the service for ${checkedFor} and no such document appeared: nothing was sent. You can send again.`,
            );
          case "several":
            throw new HandlerError(
              "outcome_unknown",
              `${whatHappened(error)} Since then, ${outcome.count} documents to these recipients that Signdesk did not know appeared on the service, and it cannot tell which one is this send: it was probably sent. Use "Import from service" on the Documents screen to see them before sending again.`,
            );
          case "unchecked": {
            const why =
              outcome.error instanceof ServiceError || outcome.error instanceof HandlerError
                ? ` (${outcome.error.message.replace(/\.$/, "")})`
                : ` (the service did not list its documents within ${formatDuration(core.sendCheck.listTimeoutMs)})`;
            throw new HandlerError(
              "outcome_unknown",
              `${whatHappened(error)} Signdesk could not check whether it was sent${why}; look in Documents after "Import from service" before sending again.`,
            );
          }
        }
      }
    },
  );
}
