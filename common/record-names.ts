import { z } from "zod";
import { maxDraftNameLength } from "./draft";
import { defineMessages } from "./i18n/define-messages";
import { type PhraseOrText, phrase } from "./i18n/phrase";
import { issueWords, schemaMessage } from "./schema-words";

const messages = defineMessages({
  giveName: {
    id: "rules.recordNames.giveName",
    defaultMessage: "Give the {what, select, template {template} other {document}} a name.",
  },
  tooLong: {
    id: "rules.recordNames.tooLong",
    defaultMessage: "Keep the name to {max, number} characters or fewer.",
  },
  unseen: {
    id: "rules.recordNames.unseen",
    defaultMessage: "The name has characters that cannot be seen (line breaks, tabs or direction marks): retype it.",
  },
  cannotUse: {
    id: "rules.recordNames.cannotUse",
    defaultMessage: "This name cannot be used.",
  },
});

/**
 * The one rule for the names a person gives a template (added by ID, renamed) or a sent document: trimmed, not
 * blank, at most maxRecordNameLength characters, and nothing that cannot be seen (control characters, lone
 * surrogates, direction overrides, which make a name read other than it is).
 */

export const maxRecordNameLength = maxDraftNameLength;

const unseen = /[\p{Cc}\p{Cs}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

function recordNameSchema(what: "template" | "document") {
  return z
    .string()
    .trim()
    .min(1, schemaMessage(phrase(messages.giveName, { what })))
    .max(maxRecordNameLength, schemaMessage(phrase(messages.tooLong, { max: maxRecordNameLength })))
    .refine((name) => !unseen.test(name), schemaMessage(phrase(messages.unseen)));
}

export const TemplateNameSchema = recordNameSchema("template");
export const DocumentNameSchema = recordNameSchema("document");

/** What is wrong with `name` under `schema`, in words for the person; null when nothing is. */
export function nameProblem(schema: z.ZodType, name: string): PhraseOrText | null {
  const parsed = schema.safeParse(name);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0];
  return issue === undefined ? phrase(messages.cannotUse) : issueWords(issue);
}
