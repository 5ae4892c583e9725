import { z } from "zod";
import { defineMessages } from "./i18n/define-messages";
import { type Phrase, PhraseOrTextSchema, phrase } from "./i18n/phrase";
import { RecipientSchema } from "./records";

const messages = defineMessages({
  willBeSent: {
    id: "rules.outbox.willBeSent",
    defaultMessage: "It will be sent when {account} is reachable.",
    description: "An action left in the Outbox. {account} is the account's name.",
  },
});

/** At most this many of an account's outbox requests are in flight at once. */
export const outboxMaxInFlight = 4;

/** How many delivered items the Outbox view keeps showing under "Sent", newest first. */
export const outboxSentShown = 20;

/**
 * What an outbox item asks of the service: a template from a draft (`createTemplate`), the same and a document from
 * it (`createAndSend`), a document from a template (`sendFromTemplate`), a webhook registered or deleted.
 */
export const OutboxKindSchema = z.enum([
  "createTemplate",
  "createAndSend",
  "sendFromTemplate",
  "registerWebhook",
  "deleteWebhook",
]);
export type OutboxKind = z.infer<typeof OutboxKindSchema>;

/**
 * An item: `queued` until its turn (or until its account's service answers); `sending` while its request is out
 * (journalled before it leaves); `sent` with the service's IDs; `failed` with the service's reason (editable and
 * retryable); `unknown` when the answer was lost (checked with the service before anything is sent again; a template
 * alone cannot be checked, as the service lists no templates, so the person decides); `cancelled` by the person.
 */
export const outboxStates = ["queued", "sending", "sent", "failed", "unknown", "cancelled"] as const;
export const OutboxStateSchema = z.enum(outboxStates);
export type OutboxState = z.infer<typeof OutboxStateSchema>;

/** Items that still wait for something: the sidebar counts these. */
export const outboxWaitingStates: readonly OutboxState[] = ["queued", "sending", "unknown", "failed"];

export const OutboxItemSchema = z.object({
  itemId: z.string(),
  accountId: z.string(),
  kind: OutboxKindSchema,
  state: OutboxStateSchema,
  /** What the person recognises it by: the template's or document's name, or the webhook's address. */
  title: z.string(),
  /** A send's recipients (empty for a template alone and for webhooks). */
  recipients: z.array(RecipientSchema),
  /** For a template: its recipient groups' labels, in order (what the recipients fill). */
  groups: z.array(z.string()),
  /** A webhook's event type. */
  eventType: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  attempts: z.number(),
  /** Why it failed, is in doubt, or waits; null otherwise. */
  message: PhraseOrTextSchema.nullable(),
  /** What the service made of it once sent. */
  result: z
    .object({
      templateId: z.string().optional(),
      s3Url: z.string().optional(),
      pdfId: z.string().optional(),
      webhookId: z.string().optional(),
    })
    .nullable(),
});
export type OutboxItem = z.infer<typeof OutboxItemSchema>;

/** The active account's outbox at a glance (the sidebar's count and the Outbox view's heading). */
export const OutboxSummarySchema = z.object({
  accountId: z.string().nullable(),
  accountName: z.string().nullable(),
  /** Items not sent yet (queued, sending, in doubt, failed). */
  waiting: z.number(),
  failed: z.number(),
  /** Why this account's queue is paused (its key was refused), else null. */
  paused: PhraseOrTextSchema.nullable(),
  /** Why the account's service cannot be reached now, else null. */
  unreachable: PhraseOrTextSchema.nullable(),
});
export type OutboxSummary = z.infer<typeof OutboxSummarySchema>;

export const OutboxListSchema = z.object({
  summary: OutboxSummarySchema,
  /** What waits, in the order it goes out. */
  waiting: z.array(OutboxItemSchema),
  /** The last items delivered or cancelled, newest first. */
  done: z.array(OutboxItemSchema),
});
export type OutboxList = z.infer<typeof OutboxListSchema>;

/** The error code of an outgoing call that could not reach the service and was left in the outbox. */
export const queuedCode = "queued";

/**
 * Queued or failed items can be cancelled, and a template alone in doubt (the service lists no templates, so the
 * person decides); a send in doubt is Signdesk's to check: cancelling it would not call back what may have gone.
 */
export const canCancel = (item: Pick<OutboxItem, "state" | "kind">) =>
  item.state === "queued" || item.state === "failed" || (item.state === "unknown" && item.kind === "createTemplate");
export const canRetry = (item: Pick<OutboxItem, "state">) => item.state === "failed" || item.state === "unknown";
export const canEditRecipients = (item: Pick<OutboxItem, "state" | "kind">) =>
  item.state === "failed" && (item.kind === "createAndSend" || item.kind === "sendFromTemplate");

/** "will be sent when Sandbox is reachable": what a queued action says, written once. */
export function willBeSentWhen(accountName: string): Phrase {
  return phrase(messages.willBeSent, { account: accountName });
}
