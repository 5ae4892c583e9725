import { z } from "zod";
import { EmailAddressSchema } from "./email-address";
import { PhraseOrTextSchema } from "./i18n/phrase";

/** What the app records about templates, documents and webhooks (per account); shared by main and renderer. */

export const TemplateRecordSchema = z.object({
  accountId: z.string(),
  templateId: z.string(),
  name: z.string(),
  s3Url: z.string(),
  draftId: z.string().nullable(),
  groups: z.array(z.object({ label: z.string() })),
  createdAt: z.string(),
  /** "by-id": made outside Signdesk and added by its ID (no draft, no s3Url); absent: created by the app. */
  source: z.literal("by-id").optional(),
  /**
   * The ID of the template made later from the same draft, which takes this one's place in the list (this one
   * stays sendable under "Earlier versions"). Absent: the newest version, and in older settings files.
   */
  supersededBy: z.string().optional(),
  /** The name the service knows it by, kept when it is renamed in Signdesk (the service names documents after it). */
  serviceName: z.string().optional(),
});
export type TemplateRecord = z.infer<typeof TemplateRecordSchema>;

export const WebhookRecordSchema = z.object({
  accountId: z.string(),
  webhookId: z.string(),
  url: z.string(),
  eventType: z.string(),
  hasSecret: z.boolean(),
  createdAt: z.string(),
});
export type WebhookRecord = z.infer<typeof WebhookRecordSchema>;

export const StatusChangeSchema = z.object({ status: z.string(), at: z.string() });

export const DocumentRecordSchema = z.object({
  accountId: z.string(),
  pdfId: z.string(),
  /** Signdesk's name for it: given at sending (Send screen, bulk send), or the service's when imported. */
  name: z.string(),
  /**
   * The name the service gives it (the template's, as createFromTemplate takes no name), as its last answer said;
   * the tracker keeps it current and never changes `name`. Absent when not known (records from before it was kept).
   */
  serviceName: z.string().optional(),
  templateId: z.string().nullable(),
  recipients: z.array(z.object({ name: z.string(), email: z.string() })),
  sentAt: z.string(),
  lastStatus: z.string(),
  lastCheckedAt: z.string().nullable(),
  /** True once the final PDF exists (finalUrl set) or the status is terminal (common/statuses.ts): polling stops. */
  finished: z.boolean(),
  hasFinalPdf: z.boolean(),
  statusHistory: z.array(StatusChangeSchema),
  imported: z.boolean(),
  /**
   * Set while the document's status cannot be read: since the first failure of the run (ISO time),
   * and why, in words. Cleared by the next answer that can be read. Absent in older settings files.
   */
  statusProblem: z.object({ since: z.string(), reason: PhraseOrTextSchema }).optional(),
  /** Members of the service's last answer about this document that the app does not read, as JSON text. */
  unknownMembers: z.record(z.string(), z.string()).optional(),
});
export type DocumentRecord = z.infer<typeof DocumentRecordSchema>;

export const DocumentChangeSchema = z.object({
  accountId: z.string(),
  pdfId: z.string(),
  name: z.string(),
  from: z.string(),
  to: z.string(),
  finalPdfReady: z.boolean(),
  finished: z.boolean(),
  at: z.string(),
});
export type DocumentChange = z.infer<typeof DocumentChangeSchema>;

/** The longest recipient name the app sends. */
export const maxRecipientNameLength = 200;

export const RecipientSchema = z.object({
  name: z.string().trim().min(1, "Enter the recipient's name.").max(maxRecipientNameLength),
  email: EmailAddressSchema,
});

export const OutboxMessageSchema = z.object({
  to: z.string(),
  name: z.string(),
  subject: z.string(),
  pdf_id: z.string(),
  signingUrl: z.string(),
  sentAt: z.string(),
});

/** Whether the active account's service answers, as the last request to it found. */
export const ConnectionStateSchema = z.object({
  reachable: z.boolean(),
  /** Why the last contact failed, rendered in the window's language; null while reachable. */
  reason: PhraseOrTextSchema.nullable(),
  /** When a request last succeeded (ISO time), or null. */
  lastSuccessAt: z.string().nullable(),
});
export type ConnectionStateView = z.infer<typeof ConnectionStateSchema>;

/** What "Refresh now" did: of `total` unfinished documents, how many were read and how many failed. */
export const RefreshOutcomeSchema = ConnectionStateSchema.extend({
  total: z.number(),
  checked: z.number(),
  failed: z.number(),
});
export type RefreshOutcome = z.infer<typeof RefreshOutcomeSchema>;
