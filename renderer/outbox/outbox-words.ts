import type { IntlShape } from "react-intl";
import { defineMessages } from "../../common/i18n/define-messages";
import {
  canCancel,
  canEditRecipients,
  canRetry,
  type OutboxItem,
  type OutboxKind,
  type OutboxState,
} from "../../common/outbox";

const messages = defineMessages({
  stateQueued: { id: "outbox.state.queued", defaultMessage: "Queued", description: "An Outbox item's state badge." },
  stateSending: { id: "outbox.state.sending", defaultMessage: "Sending", description: "An Outbox item's state badge." },
  stateSent: { id: "outbox.state.sent", defaultMessage: "Sent", description: "An Outbox item's state badge." },
  stateFailed: { id: "outbox.state.failed", defaultMessage: "Failed", description: "An Outbox item's state badge." },
  stateUnknown: {
    id: "outbox.state.unknown",
    defaultMessage: "In doubt",
    description: "An Outbox item's state badge: whether the service received it is not known yet.",
  },
  stateCancelled: {
    id: "outbox.state.cancelled",
    defaultMessage: "Cancelled",
    description: "An Outbox item's state badge.",
  },
  recipientAddress: {
    id: "outbox.recipientAddress",
    defaultMessage: "{name} <{email}>",
    description: "A recipient with their e-mail address, as in an e-mail header: 'Ada Buyer <ada@example.com>'.",
  },
  kindCreateTemplate: { id: "outbox.kind.createTemplate", defaultMessage: "New template" },
  kindCreateAndSend: {
    id: "outbox.kind.createAndSend",
    defaultMessage: "New template, sent to {to}",
    description: "{to}: the recipients, listed.",
  },
  kindSendFromTemplate: {
    id: "outbox.kind.sendFromTemplate",
    defaultMessage: "Document from a template, sent to {to}",
    description: "{to}: the recipients, listed.",
  },
  kindRegisterWebhook: { id: "outbox.kind.registerWebhook", defaultMessage: "Register webhook" },
  kindRegisterWebhookFor: {
    id: "outbox.kind.registerWebhookFor",
    defaultMessage: "Register webhook for {eventType}",
    description: "{eventType}: the service's event name, e.g. document.signed.",
  },
  kindDeleteWebhook: { id: "outbox.kind.deleteWebhook", defaultMessage: "Delete webhook" },
  cancelCreateTemplate: {
    id: "outbox.cancel.createTemplate",
    defaultMessage: "Cancel creating",
    description: "Button: takes a new template out of the Outbox before it is created.",
  },
  cancelCreateAndSend: {
    id: "outbox.cancel.createAndSend",
    defaultMessage: "Cancel creating and sending",
    description: "Button: takes a new template and its send out of the Outbox.",
  },
  cancelSendFromTemplate: {
    id: "outbox.cancel.sendFromTemplate",
    defaultMessage: "Cancel sending",
    description: "Button: takes a send out of the Outbox.",
  },
  cancelRegisterWebhook: {
    id: "outbox.cancel.registerWebhook",
    defaultMessage: "Cancel registering",
    description: "Button: takes a webhook's registration out of the Outbox.",
  },
  cancelDeleteWebhook: {
    id: "outbox.cancel.deleteWebhook",
    defaultMessage: "Cancel deleting",
    description: "Button: takes a webhook's deletion out of the Outbox.",
  },
  checkNow: {
    id: "outbox.retry.checkNow",
    defaultMessage: "Check now",
    description: "Button: asks the service at once whether a send in doubt went out.",
  },
  sendAgain: { id: "outbox.retry.sendAgain", defaultMessage: "Send again", description: "Button." },
  outcomeCancelled: { id: "outbox.outcome.cancelled", defaultMessage: "Cancelled: nothing was sent." },
  outcomeTemplateCreatedId: {
    id: "outbox.outcome.templateCreatedId",
    defaultMessage: "Template created (ID {templateId}).",
  },
  outcomeTemplateCreated: { id: "outbox.outcome.templateCreated", defaultMessage: "Template created." },
  outcomeTemplateSent: {
    id: "outbox.outcome.templateSent",
    defaultMessage: "Template created and sent: document {pdfId}, listed in Documents.",
    description: "{pdfId}: the service's document ID. Documents: the screen.",
  },
  outcomeSentDocument: {
    id: "outbox.outcome.sentDocument",
    defaultMessage: "Sent: document {pdfId}, listed in Documents.",
    description: "{pdfId}: the service's document ID. Documents: the screen.",
  },
  outcomeSent: { id: "outbox.outcome.sent", defaultMessage: "Sent." },
  outcomeWebhookRegistered: { id: "outbox.outcome.webhookRegistered", defaultMessage: "Webhook registered." },
  outcomeWebhookDeleted: { id: "outbox.outcome.webhookDeleted", defaultMessage: "Webhook deleted." },
});

const stateMessages = {
  queued: messages.stateQueued,
  sending: messages.stateSending,
  sent: messages.stateSent,
  failed: messages.stateFailed,
  unknown: messages.stateUnknown,
  cancelled: messages.stateCancelled,
} as const satisfies Record<OutboxState, unknown>;

/** An item's state in words (the badge's text). */
export function stateWords(intl: IntlShape, state: OutboxState): string {
  return intl.formatMessage(stateMessages[state]);
}

/** Sends make a document, and have recipients (whose address the service may refuse). */
export const sendKinds: readonly OutboxKind[] = ["createAndSend", "sendFromTemplate"];
export const templateKinds: readonly OutboxKind[] = ["createTemplate", "createAndSend"];
export const webhookKinds: readonly OutboxKind[] = ["registerWebhook", "deleteWebhook"];

export const isSend = (item: Pick<OutboxItem, "kind">) => sendKinds.includes(item.kind);

/** Names (or addresses) listed as the window's language lists them: "Ada, Bob" in English. */
function listed(intl: IntlShape, parts: readonly string[]): string {
  return intl.formatList(parts, { type: "unit", style: "short" });
}

export function recipientNames(intl: IntlShape, item: Pick<OutboxItem, "recipients">): string {
  return listed(
    intl,
    item.recipients.map((recipient) => recipient.name),
  );
}

/** Each recipient as "Ada Buyer <ada@example.com>". */
export function recipientAddresses(intl: IntlShape, item: Pick<OutboxItem, "recipients">): string {
  return listed(
    intl,
    item.recipients.map((recipient) =>
      intl.formatMessage(messages.recipientAddress, { name: recipient.name, email: recipient.email }),
    ),
  );
}

/** What the item asks of the service, in words: "New template, sent to Ada Buyer" (or `to`, as given). */
export function kindWords(
  intl: IntlShape,
  item: Pick<OutboxItem, "kind" | "recipients" | "eventType">,
  to: string = recipientNames(intl, item),
): string {
  switch (item.kind) {
    case "createTemplate":
      return intl.formatMessage(messages.kindCreateTemplate);
    case "createAndSend":
      return intl.formatMessage(messages.kindCreateAndSend, { to });
    case "sendFromTemplate":
      return intl.formatMessage(messages.kindSendFromTemplate, { to });
    case "registerWebhook":
      return item.eventType === null
        ? intl.formatMessage(messages.kindRegisterWebhook)
        : intl.formatMessage(messages.kindRegisterWebhookFor, { eventType: item.eventType });
    case "deleteWebhook":
      return intl.formatMessage(messages.kindDeleteWebhook);
  }
}

/** The Cancel button's words, saying what stops: "Cancel sending". */
const cancelMessages = {
  createTemplate: messages.cancelCreateTemplate,
  createAndSend: messages.cancelCreateAndSend,
  sendFromTemplate: messages.cancelSendFromTemplate,
  registerWebhook: messages.cancelRegisterWebhook,
  deleteWebhook: messages.cancelDeleteWebhook,
} as const satisfies Record<OutboxKind, unknown>;

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
export function actionsFor(intl: IntlShape, item: Pick<OutboxItem, "kind" | "state">): ItemActions {
  const cancel = canCancel(item) ? intl.formatMessage(cancelMessages[item.kind]) : null;
  let retry: string | null = null;
  if (canRetry(item))
    retry = intl.formatMessage(item.state === "unknown" && isSend(item) ? messages.checkNow : messages.sendAgain);
  return { cancel, retry, editRecipients: canEditRecipients(item) };
}

/** What a delivered or cancelled item came to, in words. */
export function outcomeWords(intl: IntlShape, item: OutboxItem): string {
  if (item.state === "cancelled") return intl.formatMessage(messages.outcomeCancelled);
  const made = item.result;
  switch (item.kind) {
    case "createTemplate":
      return made?.templateId
        ? intl.formatMessage(messages.outcomeTemplateCreatedId, { templateId: made.templateId })
        : intl.formatMessage(messages.outcomeTemplateCreated);
    case "createAndSend":
      return made?.pdfId
        ? intl.formatMessage(messages.outcomeTemplateSent, { pdfId: made.pdfId })
        : intl.formatMessage(messages.outcomeSent);
    case "sendFromTemplate":
      return made?.pdfId
        ? intl.formatMessage(messages.outcomeSentDocument, { pdfId: made.pdfId })
        : intl.formatMessage(messages.outcomeSent);
    case "registerWebhook":
      return intl.formatMessage(messages.outcomeWebhookRegistered);
    case "deleteWebhook":
      return intl.formatMessage(messages.outcomeWebhookDeleted);
  }
}
