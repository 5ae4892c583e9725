import { z } from "zod";
import { FieldTypeSchema } from "./fields";

/*
 * The service's wire format (API-SPEC.md, API-NOTES.md).
 *
 * Requests are what this client sends: exact. Responses are what the service answers: parsed
 * LIBERALLY, because the client must work against the real service: unknown members are kept
 * (z.looseObject), `status` is any string, `message` and storage keys may be missing, and
 * `finalUrl` / `publicUrl` may be a string, null or absent. Only what the app relies on is required.
 */

// ---------------------------------------------------------------- requests

/** A field as sent to createNewTemplate; `recipient` is its group's number (groups count from 1). */
export const WireFieldSchema = z.object({
  id: z.string().min(1),
  x: z.number(),
  y: z.number(),
  page: z.int().min(1),
  type: FieldTypeSchema,
  recipient: z.int().min(1),
});
export type WireField = z.infer<typeof WireFieldSchema>;

/** A recipient of createNewTemplate (the only call that takes a phone number). */
export const TemplateRecipientSchema = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable().optional(),
});
export type TemplateRecipient = z.infer<typeof TemplateRecipientSchema>;

/** A recipient of createFromTemplate. */
export const DocumentRecipientSchema = z.object({ name: z.string(), email: z.string() });
export type DocumentRecipient = z.infer<typeof DocumentRecipientSchema>;

export const webhookEventTypes = ["document.signed", "document.finalized"] as const;
export const WebhookEventTypeSchema = z.enum(webhookEventTypes);
export type WebhookEventType = z.infer<typeof WebhookEventTypeSchema>;

export const CreateFromTemplateRequestSchema = z.object({
  templateId: z.string(),
  recipients: z.array(DocumentRecipientSchema),
  emailSubject: z.string().optional(),
});
export type CreateFromTemplateRequest = z.infer<typeof CreateFromTemplateRequestSchema>;

export const RegisterWebhookRequestSchema = z.object({
  url: z.string(),
  eventType: WebhookEventTypeSchema,
  secret: z.string().nullable().optional(),
  /** In the webhook guide's example body only (API-NOTES.md): sent when the account sets one. */
  user_id: z.string().optional(),
});
export type RegisterWebhookRequest = z.infer<typeof RegisterWebhookRequestSchema>;

export const DeleteWebhookRequestSchema = z.object({ url: z.string() });
export type DeleteWebhookRequest = z.infer<typeof DeleteWebhookRequestSchema>;

// ---------------------------------------------------------------- responses
//
// Each answer requires only what the app reads (API-NOTES.md, "Required members of answers"):
//   createNewTemplate: template_id, and pdf_id when recipients were sent (s3_url is read when given);
//   createFromTemplate: pdf_id;   getDocumentDetails: document (its status and finalUrl when given);
//   getAllDocuments: documents, each with id and recipients;   registerWebhook, deleteWebhook: nothing.
// Anything else may be missing or null, and unknown members are kept (z.looseObject) to be shown for
// diagnosis. The echoed `fields` are informational and not read at all. A text the app reads may come
// as a number, and is read as its decimal text.

/** A text the app reads; a number is taken as its decimal text. */
const text = z.union([z.string(), z.number().transform(String)]);
/** A text the app reads when given: absent or null both read as undefined. */
const optionalText = text.nullish().transform((value) => value ?? undefined);
/** An identifier the app needs: a non-empty string. */
const id = z.string().min(1);
const message = text.nullish();
/** A signed, time-limited link: a string once it exists; null or absent before. */
const maybeUrl = z.string().nullish();

/** A recipient in an answer: a missing or null name or address reads as "" (the app shows what it gets). */
const recipientText = text.nullish().transform((value) => value ?? "");
export const RecipientSchema = z.looseObject({ name: recipientText, email: recipientText });
export type Recipient = z.infer<typeof RecipientSchema>;

/** createNewTemplate without recipients: the template only (its echoed `fields` are kept, not read). */
export const TemplateCreatedSchema = z.looseObject({ message, template_id: id, s3_url: z.string().nullish() });
export type TemplateCreated = z.infer<typeof TemplateCreatedSchema>;

/** createNewTemplate with recipients: the template and its first document. */
export const TemplateAndDocumentCreatedSchema = TemplateCreatedSchema.extend({ pdf_id: id });
export type TemplateAndDocumentCreated = z.infer<typeof TemplateAndDocumentCreatedSchema>;

/** Either form of a createNewTemplate answer. */
export const CreateNewTemplateResponseSchema = z.union([TemplateAndDocumentCreatedSchema, TemplateCreatedSchema]);
export type CreateNewTemplateResponse = z.infer<typeof CreateNewTemplateResponseSchema>;

/** createFromTemplate: only the new document's ID is read (its `recipients` echo may be missing). */
export const CreateFromTemplateResponseSchema = z.looseObject({ message, pdf_id: id });
export type CreateFromTemplateResponse = z.infer<typeof CreateFromTemplateResponseSchema>;

export const DocumentDetailsSchema = z.looseObject({
  id: optionalText,
  name: optionalText,
  status: optionalText,
  recipients: z.array(RecipientSchema).nullish(),
  finalUrl: maybeUrl,
});
export type DocumentDetails = z.infer<typeof DocumentDetailsSchema>;

export const DocumentDetailsResponseSchema = z.looseObject({ message, document: DocumentDetailsSchema });
export type DocumentDetailsResponse = z.infer<typeof DocumentDetailsResponseSchema>;

/**
 * A listed document as it comes, checked without a transform: the listing is read one document at a time (up to
 * the whole account), and zod's transforms, run per member, made V8 grow main's young generation to its limit
 * (+230 MB of RSS over 40 readings of 10,000 documents, against +14 MB without). `listedDocument` then reads it
 * as `DocumentSummarySchema` would.
 */
export const ListedDocumentSchema = z.looseObject({
  id,
  name: text.nullish(),
  status: text.nullish(),
  publicUrl: maybeUrl,
  recipients: z.array(z.looseObject({ name: text.nullish(), email: text.nullish() })),
});

/** A listed document as the app reads it: a missing name or status undefined, a recipient's missing text "". */
export function listedDocument(listed: z.infer<typeof ListedDocumentSchema>) {
  return {
    ...listed,
    name: listed.name ?? undefined,
    status: listed.status ?? undefined,
    recipients: listed.recipients.map((recipient) => ({
      ...recipient,
      name: recipient.name ?? "",
      email: recipient.email ?? "",
    })),
  };
}

/** A listed document: only `id` and `recipients` are required (API-NOTES.md). */
export const DocumentSummarySchema = ListedDocumentSchema.transform(listedDocument);
export type DocumentSummary = z.infer<typeof DocumentSummarySchema>;

export const AllDocumentsResponseSchema = z.looseObject({ message, documents: z.array(DocumentSummarySchema) });
export type AllDocumentsResponse = z.infer<typeof AllDocumentsResponseSchema>;

/** The registration as answered; the app falls back to what it asked for where a member is missing. */
export const RegisteredWebhookSchema = z.looseObject({
  webhook_id: optionalText,
  url: optionalText,
  eventType: optionalText,
});
export type RegisteredWebhook = z.infer<typeof RegisteredWebhookSchema>;

export const RegisterWebhookResponseSchema = z.looseObject({ message, webhook: RegisteredWebhookSchema.nullish() });
export type RegisterWebhookResponse = z.infer<typeof RegisterWebhookResponseSchema>;

export const DeleteWebhookResponseSchema = z.looseObject({ message, url: z.string().nullish() });
export type DeleteWebhookResponse = z.infer<typeof DeleteWebhookResponseSchema>;

/** Members of a document the app reads itself; the others are kept for diagnosis (`unknownMembers`). */
const documentMembers = new Set(["id", "name", "status", "recipients", "finalUrl", "publicUrl"]);
const maxUnknownMembers = 30;
const maxUnknownText = 500;

/**
 * The members of a listed or detailed document that the app does not read, each as JSON text (cut at
 * 500 characters; at most 30 members), to be shown in the document's details for diagnosis.
 */
export function unknownMembers(document: Record<string, unknown>): Record<string, string> {
  const kept: Record<string, string> = {};
  let count = 0;
  for (const [name, value] of Object.entries(document)) {
    if (documentMembers.has(name) || value === undefined) continue;
    if (count === maxUnknownMembers) break;
    const json = JSON.stringify(value) ?? String(value);
    kept[name.slice(0, 100)] = json.length > maxUnknownText ? `${json.slice(0, maxUnknownText)}…` : json;
    count += 1;
  }
  return kept;
}

/** An error answer: `{message}` (createNewTemplate) or `{message, error}` (the others; `error` is the status). */
export const ErrorBodySchema = z.looseObject({ message: z.string(), error: z.unknown().optional() });
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
