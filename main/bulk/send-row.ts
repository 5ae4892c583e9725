import type { Account } from "../../common/accounts";
import type { BulkRowView } from "../../common/bulk-batches";
import { type PhraseOrText, phrase } from "../../common/i18n/phrase";
import { UserError } from "../../common/user-error";
import type { CoreParts } from "../core-parts";
import { decide, type JobDecision, type JobKindRules, outcomeOfError } from "../jobs/job-policy";
import type { JournalledBatch } from "./bulk-journal";
import { bulkMessages } from "./bulk-messages";

/**
 * How a batch's rows read their failures (jobs/job-policy.ts). Unlike an outbox item, every row sends the same
 * template: the batch stops with the first row that finds it gone (404) rather than failing every row after it.
 */
export const bulkRowRules: JobKindRules = { repeatable: false, checkable: true, onNotFound: "pause" };

/** What a row's request came to. */
export type RowOutcome =
  | { kind: "sent"; pdfId: string }
  | { kind: "came_back"; decision: JobDecision; message: PhraseOrText };

/** Sends one row with createFromTemplate; never throws. */
export async function sendRow(
  core: Pick<CoreParts, "clientFor">,
  account: Account,
  batch: JournalledBatch,
  row: BulkRowView,
): Promise<RowOutcome> {
  try {
    const sent = await core.clientFor(account).createFromTemplate({
      templateId: batch.templateId,
      recipients: row.recipients,
      ...(row.emailSubject === null ? {} : { emailSubject: row.emailSubject }),
    });
    return { kind: "sent", pdfId: sent.pdf_id };
  } catch (error) {
    const decision = decide(bulkRowRules, outcomeOfError(error));
    const message: PhraseOrText =
      error instanceof UserError
        ? (error.phrase ?? error.message)
        : error instanceof Error
          ? error.message
          : String(error);
    return {
      kind: "came_back",
      decision,
      message:
        decision.effect === "wait_for_service" ? phrase(bulkMessages.waitingForService, { reason: message }) : message,
    };
  }
}
