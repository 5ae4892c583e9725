import type { Account } from "../../common/accounts";
import type { DocumentSummary } from "../../common/wire";
import type { CoreParts } from "../core-parts";
import { sleep } from "../service/retry";
import { ServiceError } from "../service/service-error";
import { templateIdNamedBy } from "../templates/template-ids-seen";
import type { SendBaseline } from "./send-baseline";

/** What finding lost sends needs of the core, and the baseline whose listings it reads (and keeps current). */
export type FindDeps = Pick<CoreParts, "records" | "sendCheck" | "clock"> & { baseline: SendBaseline };

/** A send whose answer was lost: what it asked for. */
export interface LostSend<K> {
  key: K;
  recipients: readonly { email: string }[];
  /** The template sent; null when the same call created the template (then: of no template the account knows). */
  templateId: string | null;
  /** The name the service gives the document (its template's): tells it from others to the same people. */
  serviceName?: string;
}

export type LostSendFinding =
  | { kind: "found"; document: DocumentSummary }
  | { kind: "absent" }
  | { kind: "several"; count: number };

/** The same people, whatever the order and case of their addresses. */
export const addressKey = (recipients: readonly { email: string }[]) =>
  recipients
    .map((recipient) => recipient.email.trim().toLowerCase())
    .sort()
    .join("\n");

/**
 * Finds, for each send whose answer was lost (a bulk row, an outbox item), the document the service made for it, as
 * a single send does (send-document.ts) but for all of them with one listing per look: a candidate is unknown to
 * Signdesk, not among the documents that existed before the sends (`existedBefore`: send-baseline.ts), to the send's
 * addresses, and of its template when the listing names one. Looks on `core.sendCheck`'s schedule until every send is
 * found (each look keeps the baseline current for later sends); a send never found is "absent" only when the whole
 * schedule was looked through and the last look succeeded. Sends left out of the answer are undecided (the service
 * could not be listed, or the caller stopped): they stay in doubt.
 */
export async function findLostSends<K>(
  core: FindDeps,
  account: Account,
  sends: readonly LostSend<K>[],
  existedBefore: (pdfId: string) => boolean,
  options: {
    /** The caller stopped: what is not decided yet stays undecided. */
    stopped: () => boolean;
    /** Told before each look ("Checking whether it was sent…", `made` of `planned`). */
    onLook?: (made: number, planned: number) => void;
    /**
     * A document another send of this app may have made while these were looked for (a send the person is waiting
     * for, to the same people): it is nobody's here, and the sends it could be stay undecided rather than absent.
     */
    contested?: (document: DocumentSummary) => boolean;
  },
): Promise<Map<K, LostSendFinding>> {
  const { stopped, onLook, contested } = options;
  const findings = new Map<K, LostSendFinding>();
  const knownTemplates = new Set(
    core.records.templates
      .all()
      .filter((template) => template.accountId === account.id)
      .map((template) => template.templateId),
  );
  const groupOf = (templateId: string | null, recipients: readonly { email: string }[]) =>
    `${templateId ?? ""}\n${addressKey(recipients)}`;
  const open = new Map<string, LostSend<K>[]>();
  for (const send of sends) {
    const group = groupOf(send.templateId, send.recipients);
    open.set(group, [...(open.get(group) ?? []), send]);
  }
  const { scheduleMs, listTimeoutMs } = core.sendCheck;
  const started = core.clock.now();
  let lastLookWorked = false;
  let lastUndecidable = new Set<string>();
  let looked = 0;
  for (const at of scheduleMs) {
    if (open.size === 0 || stopped()) break;
    looked += 1;
    await sleep(Math.max(0, started + at - core.clock.now()), undefined, core.clock);
    onLook?.(looked, scheduleMs.length);
    const candidates = new Map<string, DocumentSummary[]>();
    const undecidable = new Set<string>();
    const consider = (group: string, document: DocumentSummary) => {
      if (!open.has(group)) return;
      if (contested?.(document) === true) {
        undecidable.add(group);
        return;
      }
      const list = candidates.get(group) ?? [];
      // A retried listing starts again from the first document.
      if (!list.some((known) => known.id === document.id)) list.push(document);
      candidates.set(group, list);
    };
    try {
      await core.baseline.list(
        account,
        (documents) => {
          for (const document of documents) {
            if (core.records.documents.has(account.id, document.id) || existedBefore(document.id)) continue;
            const named = templateIdNamedBy(document);
            if (named === null) {
              // The listing does not say which template: it may be any send to these addresses.
              for (const group of open.keys())
                if (group.endsWith(`\n${addressKey(document.recipients)}`)) consider(group, document);
            } else {
              consider(groupOf(named, document.recipients), document);
              if (!knownTemplates.has(named)) consider(groupOf(null, document.recipients), document);
            }
          }
        },
        { signal: AbortSignal.timeout(listTimeoutMs) },
      );
      lastLookWorked = true;
    } catch (error) {
      // Not the service's failure (no key stored…): looking again would not help; the caller stops with it.
      if (!(error instanceof ServiceError)) throw error;
      lastLookWorked = false;
      continue;
    }
    lastUndecidable = undecidable;
    for (const [group, waiting] of open) {
      const found = candidates.get(group) ?? [];
      if (found.length === 0 || undecidable.has(group)) continue;
      // One send and several new documents to its people: the one with the name the service gives, if only one has it.
      const [send] = waiting;
      const named =
        waiting.length === 1 && found.length > 1 && send?.serviceName !== undefined
          ? found.filter((document) => document.name === send.serviceName)
          : found;
      const [only] = named;
      if (waiting.length === 1 && named.length === 1 && only !== undefined) {
        if (send !== undefined) findings.set(send.key, { kind: "found", document: only });
      } else {
        // Several sends to the same people, or several new documents to them: which is which cannot be told.
        for (const send of waiting) findings.set(send.key, { kind: "several", count: found.length });
      }
      open.delete(group);
    }
  }
  if (!lastLookWorked || looked < scheduleMs.length) return findings;
  for (const [group, waiting] of open)
    if (!lastUndecidable.has(group)) for (const send of waiting) findings.set(send.key, { kind: "absent" });
  return findings;
}
