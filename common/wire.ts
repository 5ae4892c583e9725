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

const message = z.string().optional();
/** A signed, time-limited link: a string once it exists; null or absent before. */
const maybeUrl = z.string().nullable().optional();

const fieldMembers = { id: z.string(), x: z.number(), y: z.number(), page: z.number(), type: z.string() };

/** A field as the service answers it in a template's grouped `fields`. */
export const ReturnedFieldSchema = z.looseObject({ ...fieldMembers, recipient: z.number() });
export type ReturnedField = z.infer<typeof ReturnedFieldSchema>;

export const RecipientSchema = z.looseObject({ name: z.string(), email: z.string() });
export type Recipient = z.infer<typeof RecipientSchema>;

/** A field of a template created together with its document: `recipient` is the person, not the group. */
export const PopulatedFieldSchema = z.looseObject({ ...fieldMembers, recipient: RecipientSchema });
export type PopulatedField = z.infer<typeof PopulatedFieldSchema>;

/** createNewTemplate without recipients: the template only, fields grouped by recipient. */
export const TemplateCreatedSchema = z.looseObject({
  message,
  template_id: z.string(),
  s3_url: z.string().optional(),
  fields: z.array(z.array(ReturnedFieldSchema)),
});
export type TemplateCreated = z.infer<typeof TemplateCreatedSchema>;

/** createNewTemplate with recipients: the template and its first document; populated fields, flat. */
export const TemplateAndDocumentCreatedSchema = z.looseObject({
  message,
  template_id: z.string(),
  pdf_id: z.string(),
  s3_url: z.string().optional(),
  fields: z.array(PopulatedFieldSchema),
  recipients: z.array(z.string()),
});
export type TemplateAndDocumentCreated = z.infer<typeof TemplateAndDocumentCreatedSchema>;

/** Either form of a createNewTemplate answer. */
export const CreateNewTemplateResponseSchema = z.union([TemplateAndDocumentCreatedSchema, TemplateCreatedSchema]);
export type CreateNewTemplateResponse = z.infer<typeof CreateNewTemplateResponseSchema>;

export const CreateFromTemplateResponseSchema = z.looseObject({
  message,
  pdf_id: z.string(),
  recipients: z.array(z.string()),
});
export type CreateFromTemplateResponse = z.infer<typeof CreateFromTemplateResponseSchema>;

export const DocumentDetailsSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  status: z.string(),
  recipients: z.array(RecipientSchema),
  finalUrl: maybeUrl,
});
export type DocumentDetails = z.infer<typeof DocumentDetailsSchema>;

export const DocumentDetailsResponseSchema = z.looseObject({ message, document: DocumentDetailsSchema });
export type DocumentDetailsResponse = z.infer<typeof DocumentDetailsResponseSchema>;

export const DocumentSummarySchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  status: z.string(),
  publicUrl: maybeUrl,
  recipients: z.array(RecipientSchema),
});
export type DocumentSummary = z.infer<typeof DocumentSummarySchema>;

export const AllDocumentsResponseSchema = z.looseObject({ message, documents: z.array(DocumentSummarySchema) });
export type AllDocumentsResponse = z.infer<typeof AllDocumentsResponseSchema>;

export const RegisteredWebhookSchema = z.looseObject({
  webhook_id: z.string(),
  url: z.string(),
  eventType: z.string(),
});
export type RegisteredWebhook = z.infer<typeof RegisteredWebhookSchema>;

export const RegisterWebhookResponseSchema = z.looseObject({ message, webhook: RegisteredWebhookSchema });
export type RegisterWebhookResponse = z.infer<typeof RegisterWebhookResponseSchema>;

export const DeleteWebhookResponseSchema = z.looseObject({ message, url: z.string().optional() });
export type DeleteWebhookResponse = z.infer<typeof DeleteWebhookResponseSchema>;

/** An error answer: `{message}` (createNewTemplate) or `{message, error}` (the others; `error` is the status). */
export const ErrorBodySchema = z.looseObject({ message: z.string(), error: z.unknown().optional() });
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
