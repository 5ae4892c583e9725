import type { Account } from "../../common/accounts";
import type { DocumentRecord, TemplateRecord, WebhookRecord } from "../../common/records";
import { supersedeByNewVersion } from "../../common/template-versions";
import type { CoreParts } from "../core-parts";
import { newDocumentRecord } from "../documents/send-document";
import type { JournalledItem } from "./outbox-journal";
import type { OutboxResult } from "./outbox-request";

/** What a delivered item added to the records: the handlers answer with these. */
export interface Recorded {
  template: TemplateRecord | null;
  document: DocumentRecord | null;
  webhook: WebhookRecord | null;
}

/**
 * Writes what the service made of an item into the records (its template, document or webhook), in the caller's
 * transaction with the item's move to `sent`, so that the two are never apart after a crash.
 */
export function recordDelivery(
  core: Pick<CoreParts, "records">,
  account: Account,
  item: JournalledItem,
  result: OutboxResult,
  at: string,
  documentStatus = "pending",
): Recorded {
  const recorded: Recorded = { template: null, document: null, webhook: null };
  const { request: asked } = item;
  switch (asked.kind) {
    case "createTemplate":
    case "createAndSend": {
      const upload = asked.request;
      if (result.templateId !== undefined && result.templateId !== "") {
        const template: TemplateRecord = {
          accountId: account.id,
          templateId: result.templateId,
          name: upload.templateName,
          s3Url: result.s3Url ?? "",
          draftId: upload.draftId,
          groups: upload.groups.map((label) => ({ label })),
          createdAt: at,
        };
        // A draft's new template supersedes the one it made before (New version from its draft).
        core.records.templates.setAll(supersedeByNewVersion(core.records.templates.all(), template));
        recorded.template = template;
      }
      if (asked.kind === "createAndSend" && result.pdfId !== undefined) {
        recorded.document = newDocumentRecord(
          account,
          result.pdfId,
          upload.templateName,
          result.templateId ?? null,
          asked.request.recipients,
          at,
          { status: documentStatus, serviceName: upload.templateName },
        );
        core.records.documents.add(recorded.document);
      }
      return recorded;
    }
    case "sendFromTemplate":
      if (result.pdfId !== undefined) {
        recorded.document = newDocumentRecord(
          account,
          result.pdfId,
          asked.request.documentName,
          asked.request.templateId,
          asked.request.recipients,
          at,
          { status: documentStatus, serviceName: asked.request.serviceName },
        );
        core.records.documents.add(recorded.document);
      }
      return recorded;
    case "registerWebhook": {
      const { url, eventType, hasSecret } = asked.request;
      const webhook: WebhookRecord = {
        accountId: account.id,
        webhookId: result.webhookId ?? "",
        url,
        eventType,
        hasSecret,
        createdAt: at,
      };
      const others = core.records.webhooks
        .all()
        .filter((known) => !(known.accountId === account.id && known.url === url && known.eventType === eventType));
      core.records.webhooks.setAll([...others, webhook]);
      recorded.webhook = webhook;
      return recorded;
    }
    case "deleteWebhook": {
      const { url } = asked.request;
      core.records.webhooks.setAll(
        core.records.webhooks.all().filter((known) => !(known.accountId === account.id && known.url === url)),
      );
      return recorded;
    }
  }
}
