import { z } from "zod";
import type { OutboxKind } from "../../common/outbox";
import { WireFieldSchema, webhookEventTypes } from "../../common/wire";

const Recipient = z.object({ name: z.string(), email: z.string() });

/** A template's upload, as the outbox keeps it: the PDF itself is the item's own copy (`file_path`). */
const TemplateUpload = z.object({
  draftId: z.string(),
  templateName: z.string(),
  fileName: z.string(),
  fields: z.array(z.array(WireFieldSchema)),
  groups: z.array(z.string()),
  autoReleaseSignatures: z.boolean(),
});

/**
 * What each kind of item asks the service, as stored in `jobs.request` (JSON, read back through these
 * schemas: the database is a file on disk). A webhook's secret is not here: it waits in the OS keychain.
 */
export const OutboxRequestSchemas = {
  createTemplate: TemplateUpload,
  createAndSend: TemplateUpload.extend({
    recipients: z.array(Recipient).min(1),
    emailSubject: z.string().optional(),
  }),
  sendFromTemplate: z.object({
    templateId: z.string(),
    documentName: z.string(),
    /** The name the service gives the document (its template's), when it differs from `documentName`. */
    serviceName: z.string(),
    recipients: z.array(Recipient).min(1),
    emailSubject: z.string().optional(),
  }),
  registerWebhook: z.object({
    url: z.string(),
    eventType: z.enum(webhookEventTypes),
    hasSecret: z.boolean(),
    userId: z.string().optional(),
  }),
  deleteWebhook: z.object({ url: z.string() }),
} as const satisfies Record<OutboxKind, z.ZodType>;

export type OutboxRequest<K extends OutboxKind = OutboxKind> = z.infer<(typeof OutboxRequestSchemas)[K]>;

/** An item's request with its kind, so that a switch on `kind` narrows `request`. */
export type KindAndRequest = {
  [K in OutboxKind]: { kind: K; request: OutboxRequest<K> };
}[OutboxKind];

export function parseRequest(kind: OutboxKind, json: string): KindAndRequest {
  return { kind, request: OutboxRequestSchemas[kind].parse(JSON.parse(json)) } as KindAndRequest;
}

/** The recipients an item sends to (none for a template alone or a webhook). */
export function recipientsOf(item: KindAndRequest): { name: string; email: string }[] {
  return item.kind === "createAndSend" || item.kind === "sendFromTemplate" ? item.request.recipients : [];
}

/** The ids the service gave, kept with a sent item. */
export const OutboxResultSchema = z.object({
  templateId: z.string().optional(),
  s3Url: z.string().optional(),
  pdfId: z.string().optional(),
  webhookId: z.string().optional(),
});
export type OutboxResult = z.infer<typeof OutboxResultSchema>;
