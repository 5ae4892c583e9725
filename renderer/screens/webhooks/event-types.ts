export type WebhookEventType = "document.signed" | "document.finalized";

/** The events a webhook can be registered for, in the user's words. */
export const eventTypes: readonly { value: WebhookEventType; label: string }[] = [
  { value: "document.signed", label: "A recipient signs a document" },
  { value: "document.finalized", label: "A document's signed PDF is ready" },
];

export function eventLabel(eventType: string): string {
  return eventTypes.find((type) => type.value === eventType)?.label ?? eventType;
}
