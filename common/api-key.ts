import { z } from "zod";
import { defineMessages } from "./i18n/define-messages";
import { type Phrase, phrase } from "./i18n/phrase";
import { schemaMessage } from "./schema-words";

const messages = defineMessages({
  tooLong: {
    id: "rules.apiKey.tooLong",
    defaultMessage: "The API key is longer than {max, number, ::group-off} characters.",
  },
  unsendable: {
    id: "rules.apiKey.unsendable",
    defaultMessage: "The API key contains characters that cannot be sent (spaces or line breaks?); enter it again.",
  },
});

/**
 * The one rule for an API key: it travels as the `x-api-key` header, so it is printable ASCII without spaces
 * (what a header value can carry unchanged), at most 4,096 characters. Checked when an account is added or its
 * key replaced (main, with the contract's schema; the Accounts form, under the field) and before each request
 * (the service client, for a key stored before the rule was checked there).
 */
export const maxApiKeyLength = 4096;

const sendable = /^[\x21-\x7e]+$/;

export const unsendableApiKeyMessage =
  "The API key contains characters that cannot be sent (spaces or line breaks?); enter it again.";

/** Why `key` (as it will be sent) cannot be sent, or null when it can. An empty key is not this rule's. */
export function apiKeyProblem(key: string): Phrase | null {
  return key === "" || sendable.test(key) ? null : phrase(messages.unsendable);
}

/** A key as typed: trimmed; blank allowed (adding requires one, changing keeps the stored key). */
export const ApiKeyInputSchema = z
  .string()
  .trim()
  .max(maxApiKeyLength, schemaMessage(phrase(messages.tooLong, { max: maxApiKeyLength })))
  .refine((key) => apiKeyProblem(key) === null, { error: schemaMessage(phrase(messages.unsendable)) });
