import { z } from "zod";
import { maxGroupLabelLength } from "./draft";
import { limits } from "./fields";
import { defineMessages } from "./i18n/define-messages";
import { inEnglish } from "./i18n/english";
import { type PhraseOrText, phrase } from "./i18n/phrase";
import { TemplateNameSchema } from "./record-names";
import { issueWords, phraseParams, schemaMessage } from "./schema-words";

const messages = defineMessages({
  enterId: { id: "rules.templateById.enterId", defaultMessage: "Enter the template's ID." },
  idTooLong: {
    id: "rules.templateById.idTooLong",
    defaultMessage: "The template ID is longer than {max, number} characters.",
  },
  idSpaces: {
    id: "rules.templateById.idSpaces",
    defaultMessage: "A template ID has no spaces or line breaks: check what was pasted.",
  },
  giveLabel: { id: "rules.templateById.giveLabel", defaultMessage: "Give every recipient group a label." },
  labelTooLong: {
    id: "rules.templateById.labelTooLong",
    defaultMessage: "Keep each label to {max, number} characters or fewer.",
  },
  tooFewGroups: {
    id: "rules.templateById.tooFewGroups",
    defaultMessage: "A template has at least one recipient group.",
  },
  tooManyGroups: {
    id: "rules.templateById.tooManyGroups",
    defaultMessage: "A template has at most {max, number} recipient groups.",
  },
  labelTwice: {
    id: "rules.templateById.labelTwice",
    defaultMessage: "“{label}” is already the label of group {group, number}: each group needs its own.",
  },
});

/**
 * A template made outside Signdesk (in the service's web app, as its quick start has people do), added to an
 * account by its ID so that it can be sent like the templates the app created. The service has no call that
 * reads a template, so what the person enters (name, recipient groups) is what the app knows of it; the service
 * checks the ID and the number of recipients when a document is sent.
 */

export const maxTemplateIdLength = 200;

/** A template's ID as typed or pasted: trimmed, non-empty, at most 200 characters, no spaces or line breaks. */
export const TemplateIdInputSchema = z
  .string()
  .trim()
  .min(1, schemaMessage(phrase(messages.enterId)))
  .max(maxTemplateIdLength, schemaMessage(phrase(messages.idTooLong, { max: maxTemplateIdLength })))
  .regex(/^[^\s\p{Cc}]+$/u, schemaMessage(phrase(messages.idSpaces)));

const GroupLabelInputSchema = z
  .string()
  .trim()
  .min(1, schemaMessage(phrase(messages.giveLabel)))
  .max(maxGroupLabelLength, schemaMessage(phrase(messages.labelTooLong, { max: maxGroupLabelLength })));

export const TemplateByIdInputSchema = z.object({
  templateId: TemplateIdInputSchema,
  name: TemplateNameSchema,
  /** In the template's order: group i is the service's recipient i + 1 (API-NOTES.md). */
  groups: z
    .array(z.object({ label: GroupLabelInputSchema }))
    .min(1, schemaMessage(phrase(messages.tooFewGroups)))
    .max(limits.maxRecipientGroups, schemaMessage(phrase(messages.tooManyGroups, { max: limits.maxRecipientGroups })))
    .superRefine((groups, context) => {
      const seen = new Map<string, number>();
      groups.forEach(({ label }, index) => {
        const key = label.toLowerCase();
        const first = seen.get(key);
        if (first === undefined) seen.set(key, index);
        else if (label !== "") {
          const words = phrase(messages.labelTwice, { label, group: first + 1 });
          context.addIssue({
            code: "custom",
            path: [index, "label"],
            message: inEnglish(words),
            params: phraseParams(words),
          });
        }
      });
    }),
});
export type TemplateByIdInput = z.input<typeof TemplateByIdInputSchema>;

/** What is wrong with a template entered by ID, per field, in words for the person (empty when nothing is). */
export interface TemplateByIdProblems {
  templateId?: PhraseOrText;
  name?: PhraseOrText;
  /** About the groups as a whole (none, too many). */
  groups?: PhraseOrText;
  /** Per group, by index. */
  labels: (PhraseOrText | undefined)[];
}

export function templateByIdProblems(input: TemplateByIdInput): TemplateByIdProblems {
  const problems: TemplateByIdProblems = { labels: [] };
  const parsed = TemplateByIdInputSchema.safeParse(input);
  if (parsed.success) return problems;
  for (const issue of parsed.error.issues) {
    const [field, index] = issue.path;
    if (field === "groups" && typeof index === "number") problems.labels[index] ??= issueWords(issue);
    else if (field === "templateId" || field === "name" || field === "groups") problems[field] ??= issueWords(issue);
  }
  return problems;
}

export function hasTemplateByIdProblems(problems: TemplateByIdProblems): boolean {
  return (
    problems.templateId !== undefined ||
    problems.name !== undefined ||
    problems.groups !== undefined ||
    problems.labels.some((label) => label !== undefined)
  );
}

/** A template ID found in the account's documents that none of its templates has: offered to add by ID. */
export const SeenTemplateIdSchema = z.object({
  templateId: z.string(),
  /** How many of the account's documents name it. */
  documentCount: z.number(),
  /** The newest of those documents: its name and when it was sent (or imported). */
  latestName: z.string(),
  latestAt: z.string(),
});
export type SeenTemplateId = z.infer<typeof SeenTemplateIdSchema>;
