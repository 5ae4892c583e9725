import {
  canCancel,
  canEditRecipients,
  canRetry,
  type OutboxItem,
  type OutboxKind,
  type OutboxState,
} from "../../common/outbox";

/** An item's state in words (the badge's text). */
export const stateWords: Record<OutboxState, string> = {
  queued: "Queued",
  sending: "Sending",
  sent: "Sent",
  failed: "Failed",
  unknown: "In doubt",
  cancelled: "Cancelled",
};

/** Sends make a document, and have recipients (whose address the service may refuse). */
export const sendKinds: readonly OutboxKind[] = ["createAndSend", "sendFromTemplate"];
export const templateKinds: readonly OutboxKind[] = ["createTemplate", "createAndSend"];
export const webhookKinds: readonly OutboxKind[] = ["registerWebhook", "deleteWebhook"];

export const isSend = (item: Pick<OutboxItem, "kind">) => sendKinds.includes(item.kind);

export function recipientNames(item: Pick<OutboxItem, "recipients">): string {
  return item.recipients.map((recipient) => recipient.name).join(", ");
}

/** Each recipient as "Ada Buyer <ada@example.com>". */
export function recipientAddresses(item: Pick<OutboxItem, "recipients">): string {
  return item.recipients.map((recipient) => `${recipient.name} <${recipient.email}>`).join(", ");
}

/** What the item asks of the service, in words: "New template, sent to Ada Buyer" (or `to`, as given). */
export function kindWords(
  item: Pick<OutboxItem, "kind" | "recipients" | "eventType">,
  to: string = recipientNames(item),
): string {
  switch (item.kind) {
    case "createTemplate":
      return "New template";
    case "createAndSend":
      return `New template, sent to ${to}`;
    case "sendFromTemplate":
      return `Document from a template, sent to ${to}`;
    case "registerWebhook":
      return item.eventType === null ? "Register webhook" : `Register webhook for ${item.eventType}`;
    case "deleteWebhook":
      return "Delete webhook";
  }
}

/** The Cancel button's words, saying what stops: "Cancel sending". */
const cancelWords: Record<OutboxKind, string> = {
  createTemplate: "Cancel creating",
  createAndSend: "Cancel creating and sending",
  sendFromTemplate: "Cancel sending",
  registerWebhook: "Cancel registering",
  deleteWebhook: "Cancel deleting",
};

export interface ItemActions {
  /** The Cancel button's words, or null when it cannot be cancelled now. */
  cancel: string | null;
  /** The retry button's words ("Send again", "Check now"), or null. */
  retry: string | null;
  editRecipients: boolean;
}

/**
 * What the person can do with a waiting item. Cancel: queued or failed, and a template alone in doubt (the service
 * lists no templates, so the person decides). A send in doubt is checked by Signdesk: "Check now" asks at once.
 */
export function actionsFor(item: Pick<OutboxItem, "kind" | "state">): ItemActions {
  const cancel = canCancel(item) ? cancelWords[item.kind] : null;
  let retry: string | null = null;
  if (canRetry(item)) retry = item.state === "unknown" && isSend(item) ? "Check now" : "Send again";
  return { cancel, retry, editRecipients: canEditRecipients(item) };
}

/** What a delivered or cancelled item came to, in words. */
export function outcomeWords(item: OutboxItem): string {
  if (item.state === "cancelled") return "Cancelled: nothing was sent.";
  const made = item.result;
  switch (item.kind) {
    case "createTemplate":
      return made?.templateId ? `Template created (ID ${made.templateId}).` : "Template created.";
    case "createAndSend":
      return made?.pdfId ? `Template created and sent: document ${made.pdfId}, listed in Documents.` : "Sent.";
    case "sendFromTemplate":
      return made?.pdfId ? `Sent: document ${made.pdfId}, listed in Documents.` : "Sent.";
    case "registerWebhook":
      return "Webhook registered.";
    case "deleteWebhook":
      return "Webhook deleted.";
  }
}
