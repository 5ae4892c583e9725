import { z } from "zod";
import { ApiKeyInputSchema } from "./api-key";
import { defineMessages } from "./i18n/define-messages";
import { PhraseOrTextSchema, phrase } from "./i18n/phrase";
import { schemaMessage } from "./schema-words";
import { maxAddressLength } from "./service-address";

const messages = defineMessages({
  nameMissing: { id: "rules.account.nameMissing", defaultMessage: "Give the account a name." },
  nameTooLong: {
    id: "rules.account.nameTooLong",
    defaultMessage: "Keep the account's name to {max, number, ::group-off} characters or fewer.",
  },
  addressMissing: { id: "rules.account.addressMissing", defaultMessage: "Enter the service's base URL." },
  addressTooLong: {
    id: "rules.account.addressTooLong",
    defaultMessage: "The base URL is longer than {max, number, ::group-off} characters.",
  },
  webhookUserIdTooLong: {
    id: "rules.account.webhookUserIdTooLong",
    defaultMessage: "Keep the webhook user ID to {max, number, ::group-off} characters or fewer.",
  },
});

export const CoordinateOriginSchema = z.enum(["top-left", "bottom-left"]);

export const AccountSchema = z.object({
  id: z.string(),
  name: z.string().min(1).max(80),
  baseUrl: z.string(),
  /** Where the service measures y from (API-NOTES.md: top-left; some services may read bottom-left). */
  coordinateOrigin: CoordinateOriginSchema,
  /** The embedded sandbox account, started by the app itself. */
  kind: z.enum(["sandbox", "service"]),
  createdAt: z.string(),
  /** The `user_id` registerWebhook's body carries (the webhook guide's example); sent only when set. */
  webhookUserId: z.string().optional(),
});
export type Account = z.infer<typeof AccountSchema>;

/**
 * The rules of what the user types for an account, shared by adding and changing one (main) and by the Accounts
 * form, which shows the same messages under the fields before asking main.
 */
export const AccountNameSchema = z
  .string()
  .trim()
  .min(1, schemaMessage(phrase(messages.nameMissing)))
  .max(80, schemaMessage(phrase(messages.nameTooLong, { max: 80 })));
const BaseUrlInput = z
  .string()
  .trim()
  .min(1, schemaMessage(phrase(messages.addressMissing)))
  .max(maxAddressLength, schemaMessage(phrase(messages.addressTooLong, { max: maxAddressLength })));
/** Blank: none (when changing an account, a blank value clears it). */
const WebhookUserIdInput = z
  .string()
  .trim()
  .max(200, schemaMessage(phrase(messages.webhookUserIdTooLong, { max: 200 })));

export const AccountInputSchema = z.object({
  name: AccountNameSchema,
  baseUrl: BaseUrlInput,
  coordinateOrigin: CoordinateOriginSchema.default("top-left"),
  /** Only when adding, or replacing the key; never read back. */
  apiKey: ApiKeyInputSchema.pipe(z.string().min(1)).optional(),
  webhookUserId: WebhookUserIdInput.optional(),
});
export type AccountInput = z.input<typeof AccountInputSchema>;

/** Changes to an account: what is given is checked as when adding; a blank apiKey keeps the stored key. */
export const AccountChangesSchema = z.object({
  name: AccountNameSchema.optional(),
  baseUrl: BaseUrlInput.optional(),
  coordinateOrigin: CoordinateOriginSchema.optional(),
  apiKey: ApiKeyInputSchema.optional(),
  webhookUserId: WebhookUserIdInput.optional(),
});
export type AccountChanges = z.output<typeof AccountChangesSchema>;

export const ConnectionCheckSchema = z.object({
  outcome: z.enum(["ok", "wrong_key", "unreachable", "not_this_service", "no_key"]),
  /** What the check found, rendered in the window's language (a service's own message as it is). */
  message: PhraseOrTextSchema,
});
export type ConnectionCheck = z.infer<typeof ConnectionCheckSchema>;
