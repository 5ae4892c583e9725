import type { IntlShape } from "react-intl";
import { defineMessages } from "../../../common/i18n/define-messages";
import type { MessageDescriptor } from "../../../common/i18n/phrase";

export type WebhookEventType = "document.signed" | "document.finalized";

const messages = defineMessages({
  signed: {
    id: "webhooks.event.signed",
    defaultMessage: "A recipient signs a document",
    description: "An event a webhook can be registered for.",
  },
  finalized: {
    id: "webhooks.event.finalized",
    defaultMessage: "A document's signed PDF is ready",
    description: "An event a webhook can be registered for.",
  },
});

/** The events a webhook can be registered for, in the user's words. */
export const eventTypes: readonly { value: WebhookEventType; label: MessageDescriptor }[] = [
  { value: "document.signed", label: messages.signed },
  { value: "document.finalized", label: messages.finalized },
];

export function eventLabel(intl: IntlShape, eventType: string): string {
  const label = eventTypes.find((type) => type.value === eventType)?.label;
  return label === undefined ? eventType : intl.formatMessage(label);
}
