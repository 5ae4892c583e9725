import type { Account } from "../../common/accounts";
import { UserError } from "../../common/user-error";
import type { CoreParts } from "../core-parts";
import { failureKindOf } from "../service/failure-kind";
import { ServiceError } from "../service/service-error";
import type { JournalledItem } from "./outbox-journal";
import type { OutboxResult } from "./outbox-request";

/** What an item's request came to. */
export type Delivery =
  | { kind: "sent"; result: OutboxResult; serviceStatus?: string }
  /** The request did not reach the service (it cannot have acted): the item waits for it. */
  | { kind: "unreachable"; error: ServiceError }
  /** The service refused it for a reason of its own (the person can change it and send again). */
  | { kind: "failed"; error: UserError }
  /** Nothing of this account's can go until the person acts (a refused key, a moved service, no key stored). */
  | { kind: "paused"; error: UserError }
  /** The answer was lost: the service may have acted. */
  | { kind: "unknown"; error: UserError }
  /** The service asked to wait (429). */
  | { kind: "again"; error: ServiceError; holdMs: number };

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
      if (item.filePath === null) throw new UserError("outbox_file", "The outbox lost this template's PDF.");
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
      if (hasSecret && secret === null)
        throw new UserError(
          "outbox_secret",
          "This webhook's secret is no longer in the system keychain: cancel it and register it again.",
        );
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
  if (!(error instanceof ServiceError)) {
    // Main's own refusal before anything was sent (no API key stored): the account's queue waits for the person.
    if (error instanceof UserError) return { kind: "paused", error };
    const message = error instanceof Error ? error.message : String(error);
    return { kind: "unknown", error: new UserError("internal", `Sending stopped: ${message}`) };
  }
  const failure = failureKindOf(error);
  switch (failure.kind) {
    case "not_sent":
      return { kind: "unreachable", error };
    case "rate_limited":
      return { kind: "again", error, holdMs: failure.holdMs };
    case "needs_person":
      return { kind: "paused", error };
    case "not_found":
      // Deleting a webhook the service no longer has: it is gone, as asked.
      if (item.kind === "deleteWebhook") return { kind: "sent", result: {} };
      return { kind: "failed", error };
    case "refused":
      return { kind: "failed", error };
    case "in_doubt":
      return { kind: "unknown", error };
  }
}
