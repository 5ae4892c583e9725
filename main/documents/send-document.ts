import type { Account } from "../../common/accounts";
import type { Phrase } from "../../common/i18n/phrase";
import type { DocumentRecord } from "../../common/records";
import type { SendCheckOptions } from "../core-parts";
import { HandlerError } from "../handler-error";
import type { ServiceError } from "../service/service-error";

export function newDocumentRecord(
  account: Account,
  pdfId: string,
  name: string,
  templateId: string | null,
  recipients: { name: string; email: string }[],
  at: string,
  options: { status?: string; imported?: boolean; serviceName?: string } = {},
): DocumentRecord {
  const status = options.status ?? "pending";
  return {
    accountId: account.id,
    pdfId,
    name,
    ...(options.serviceName === undefined ? {} : { serviceName: options.serviceName }),
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

/**
 * After a lost answer, getAllDocuments is asked at these times (ms after the loss): often at first, then
 * less, for about 2 minutes in all; a service that acts slowly has its document found on a later look.
 */
export const defaultSendCheck: SendCheckOptions = {
  scheduleMs: [0, 2_000, 5_000, 10_000, 20_000, 40_000, 80_000, 120_000],
  listTimeoutMs: 10_000,
};

/** A lost answer's message without its closing promise to check (what the check found follows it). */
export const whatHappened = (error: ServiceError) => error.message.replace(/\s*The outcome is unknown[:,].*$/s, "");

/** The sends under way: the same one (same account, template, addresses) is not started twice at once. */
const underway = new WeakMap<object, Set<string>>();

/** Runs `run` unless the same `key` runs already (a second press of Send), which is refused. */
export async function onlyOnce<T>(core: object, key: string, refusal: Phrase, run: () => Promise<T>): Promise<T> {
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
