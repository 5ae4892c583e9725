import type { Account } from "../../common/accounts";
import { phrase } from "../../common/i18n/phrase";
import { UserError } from "../../common/user-error";
import type { CoreParts } from "../core-parts";
import { decide, type JobDecision, outcomeOfError } from "../jobs/job-policy";
import type { JournalledItem } from "./outbox-journal";
import { outboxKindRules } from "./outbox-kinds";
import { outboxMessages } from "./outbox-messages";
import type { OutboxResult } from "./outbox-request";

/**
 * What an item's request came to: the service's answer, or its error with what the job policy (jobs/job-policy.ts)
 * decides of it.
 */
export type Delivery =
  | { kind: "sent"; result: OutboxResult }
  | { kind: "came_back"; decision: JobDecision; error: UserError };

export type DeliverDeps = Pick<CoreParts, "clientFor"> & {
  /** A webhook's secret, kept in the OS keychain while its registration waits. */
  webhookSecret(itemId: string): Promise<string | null>;
};

export interface DeliverHooks {
  onUpload?: (done: number, total: number) => void;
}

/** Sends one item's request and tells what came of it; never throws. */
export async function deliverItem(
  deps: DeliverDeps,
  account: Account,
  item: JournalledItem,
  hooks: DeliverHooks = {},
): Promise<Delivery> {
  try {
    return { kind: "sent", ...(await request(deps, account, item, hooks)) };
  } catch (error) {
    return classify(item, error);
  }
}

async function request(
  deps: DeliverDeps,
  account: Account,
  item: JournalledItem,
  hooks: DeliverHooks,
): Promise<{ result: OutboxResult }> {
  const client = deps.clientFor(account);
  const uploadOptions = hooks.onUpload === undefined ? {} : { onProgress: hooks.onUpload };
  const { request: asked } = item;
  switch (asked.kind) {
    case "createTemplate":
    case "createAndSend": {
      if (item.filePath === null) throw new UserError("outbox_file", phrase(outboxMessages.lostPdf));
      const { request: upload } = asked;
      const input = {
        file: item.filePath,
        fileName: upload.fileName,
        templateName: upload.templateName,
        fields: upload.fields,
        autoReleaseSignatures: upload.autoReleaseSignatures,
      };
      if (asked.kind === "createTemplate") {
        const created = await client.createNewTemplate(input, uploadOptions);
        return { result: { templateId: created.template_id, ...(created.s3_url ? { s3Url: created.s3_url } : {}) } };
      }
      const { recipients, emailSubject } = asked.request;
      const created = await client.createNewTemplate(
        { ...input, recipients, ...(emailSubject === undefined ? {} : { emailSubject }) },
        uploadOptions,
      );
      return { result: { templateId: created.template_id, pdfId: created.pdf_id } };
    }
    case "sendFromTemplate": {
      const { templateId, recipients, emailSubject } = asked.request;
      const sent = await client.createFromTemplate({
        templateId,
        recipients,
        ...(emailSubject === undefined ? {} : { emailSubject }),
      });
      return { result: { pdfId: sent.pdf_id, templateId } };
    }
    case "registerWebhook": {
      const { url, eventType, hasSecret, userId } = asked.request;
      const secret = hasSecret ? await deps.webhookSecret(item.itemId) : null;
      if (hasSecret && secret === null) throw new UserError("outbox_secret", phrase(outboxMessages.lostSecret));
      const answer = await client.registerWebhook({
        url,
        eventType,
        ...(secret === null ? {} : { secret }),
        ...(userId === undefined ? {} : { user_id: userId }),
      });
      return { result: { webhookId: answer.webhook?.webhook_id ?? "" } };
    }
    case "deleteWebhook":
      await client.deleteWebhook(asked.request.url);
      return { result: {} };
  }
}

function classify(item: JournalledItem, error: unknown): Delivery {
  const decision = decide(outboxKindRules[item.kind], outcomeOfError(error));
  if (decision.state === "sent") return { kind: "sent", result: {} };
  const userError =
    error instanceof UserError
      ? error
      : new UserError(
          "internal",
          phrase(outboxMessages.sendingStopped, { reason: error instanceof Error ? error.message : String(error) }),
        );
  return { kind: "came_back", decision, error: userError };
}
