import { z } from "zod";
import { maxDraftNameLength } from "./draft";

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
    .min(1, `Give the ${what} a name.`)
    .max(maxRecordNameLength, `Keep the name to ${maxRecordNameLength} characters or fewer.`)
    .refine(
      (name) => !unseen.test(name),
      "The name has characters that cannot be seen (line breaks, tabs or direction marks): retype it.",
    );
}

export const TemplateNameSchema = recordNameSchema("template");
export const DocumentNameSchema = recordNameSchema("document");

/** What is wrong with `name` under `schema`, in words for the person; null when nothing is. */
export function nameProblem(schema: z.ZodType, name: string): string | null {
  const parsed = schema.safeParse(name);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? "This name cannot be used.");
}
