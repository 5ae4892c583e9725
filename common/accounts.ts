import { z } from "zod";
import { ApiKeyInputSchema } from "./api-key";
import { PhraseOrTextSchema } from "./i18n/phrase";
import { maxAddressLength } from "./service-address";

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
  .min(1, "Give the account a name.")
  .max(80, "Keep the account's name to 80 characters or fewer.");
const BaseUrlInput = z
  .string()
  .trim()
  .min(1, "Enter the service's base URL.")
  .max(maxAddressLength, `The base URL is longer than ${maxAddressLength} characters.`);
/** Blank: none (when changing an account, a blank value clears it). */
const WebhookUserIdInput = z.string().trim().max(200, "Keep the webhook user ID to 200 characters or fewer.");

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
