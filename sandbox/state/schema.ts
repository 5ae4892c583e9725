import { z } from "zod";
import { FieldTypeSchema } from "../../common/fields";
import { PageGeometrySchema } from "../../common/page-geometry-schema";

/** The sandbox's persisted state (state.json), validated whenever it is read from disk. */

export const TemplateFieldSchema = z.object({
  id: z.string(),
  x: z.number(),
  y: z.number(),
  page: z.number().int(),
  type: FieldTypeSchema,
  recipient: z.number().int(),
});
export type TemplateField = z.infer<typeof TemplateFieldSchema>;

const ApiKeySchema = z.object({
  /** SHA-256 of the key: the key itself is never stored. */
  hash: z.string(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
});

export const UserSchema = z.object({ id: z.string(), createdAt: z.string(), keys: z.array(ApiKeySchema) });
export type User = z.infer<typeof UserSchema>;

export const TemplateSchema = z.object({
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  storageKey: z.string(),
  file: z.string(),
  sha256: z.string(),
  pages: z.array(PageGeometrySchema),
  groups: z.array(z.array(TemplateFieldSchema)),
  autoRelease: z.boolean(),
  createdAt: z.string(),
});
export type Template = z.infer<typeof TemplateSchema>;

export const FieldValueSchema = z.union([z.string(), z.boolean()]);

/**
 * A recipient's values by field id, read into an object without a prototype. Not z.record, which drops a
 * `__proto__` key: field ids are the client's, and a value signed under any id must survive a restart.
 */
const FieldValuesSchema = z
  .custom<Record<string, string | boolean>>(
    (value) =>
      typeof value === "object" &&
      value !== null &&
      !Array.isArray(value) &&
      Object.values(value).every((item) => FieldValueSchema.safeParse(item).success),
    { error: "expected field values by field id, each a text or true/false" },
  )
  .transform((value) => Object.assign(Object.create(null) as Record<string, string | boolean>, value));

export const DocumentRecipientSchema = z.object({
  name: z.string(),
  email: z.string(),
  hash: z.string(),
  group: z.number().int(),
  status: z.enum(["pending", "signed", "declined"]),
  actedAt: z.string().nullable(),
  ipAddress: z.string().nullable(),
  values: FieldValuesSchema,
});
export type DocumentRecipient = z.infer<typeof DocumentRecipientSchema>;

export const DocumentStatusSchema = z.enum(["pending", "partially_signed", "signed", "declined"]);
export type DocumentStatus = z.infer<typeof DocumentStatusSchema>;

export const SignedDocumentSchema = z.object({
  id: z.string(),
  userId: z.string(),
  templateId: z.string(),
  name: z.string(),
  emailSubject: z.string().nullable(),
  status: DocumentStatusSchema,
  createdAt: z.string(),
  recipients: z.array(DocumentRecipientSchema),
  final: z
    .object({ file: z.string(), finalizedAt: z.string(), sha256: z.string(), signedContentSha256: z.string() })
    .nullable(),
});
export type SignedDocument = z.infer<typeof SignedDocumentSchema>;

export const OutboxMessageSchema = z.object({
  userId: z.string(),
  to: z.string(),
  name: z.string(),
  subject: z.string(),
  pdf_id: z.string(),
  signingUrl: z.string(),
  sentAt: z.string(),
});
export type OutboxMessage = z.infer<typeof OutboxMessageSchema>;

export const WebhookEventTypeSchema = z.enum(["document.signed", "document.finalized"]);
export type WebhookEventType = z.infer<typeof WebhookEventTypeSchema>;

export const WebhookSchema = z.object({
  id: z.string(),
  userId: z.string(),
  url: z.string(),
  eventType: WebhookEventTypeSchema,
  secret: z.string().nullable(),
  createdAt: z.string(),
});
export type Webhook = z.infer<typeof WebhookSchema>;

export const DeliveryAttemptSchema = z.object({
  at: z.string(),
  ok: z.boolean(),
  status: z.number().int().nullable(),
  error: z.string().nullable(),
  durationMs: z.number(),
});

export const DeliverySchema = z.object({
  id: z.string(),
  eventId: z.string(),
  userId: z.string(),
  webhookId: z.string(),
  pdf_id: z.string(),
  url: z.string(),
  eventType: WebhookEventTypeSchema,
  /** The exact body sent (and signed) on every attempt. */
  body: z.string(),
  secret: z.string().nullable(),
  sequence: z.number().int(),
  state: z.enum(["pending", "delivered", "failed"]),
  nextAttemptAt: z.string().nullable(),
  attempts: z.array(DeliveryAttemptSchema),
  createdAt: z.string(),
});
export type Delivery = z.infer<typeof DeliverySchema>;

export const SandboxStateSchema = z.object({
  version: z.literal(1),
  /** Key of the HMAC that signs download URLs. */
  urlSecret: z.string(),
  deliverySequence: z.number().int(),
  users: z.array(UserSchema),
  templates: z.array(TemplateSchema),
  documents: z.array(SignedDocumentSchema),
  outbox: z.array(OutboxMessageSchema),
  webhooks: z.array(WebhookSchema),
  deliveries: z.array(DeliverySchema),
});
export type SandboxState = z.infer<typeof SandboxStateSchema>;
