import { z } from "zod";
import { maxGroupLabelLength } from "./draft";
import { limits } from "./fields";
import { TemplateNameSchema } from "./record-names";

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
  .min(1, "Enter the template's ID.")
  .max(maxTemplateIdLength, `The template ID is longer than ${maxTemplateIdLength} characters.`)
  .regex(/^[^\s\p{Cc}]+$/u, "A template ID has no spaces or line breaks: check what was pasted.");

const GroupLabelInputSchema = z
  .string()
  .trim()
  .min(1, "Give every recipient group a label.")
  .max(maxGroupLabelLength, `Keep each label to ${maxGroupLabelLength} characters or fewer.`);

export const TemplateByIdInputSchema = z.object({
  templateId: TemplateIdInputSchema,
  name: TemplateNameSchema,
  /** In the template's order: group i is the service's recipient i + 1 (API-NOTES.md). */
  groups: z
    .array(z.object({ label: GroupLabelInputSchema }))
    .min(1, "A template has at least one recipient group.")
    .max(limits.maxRecipientGroups, `A template has at most ${limits.maxRecipientGroups} recipient groups.`)
    .superRefine((groups, context) => {
      const seen = new Map<string, number>();
      groups.forEach(({ label }, index) => {
        const key = label.toLowerCase();
        const first = seen.get(key);
        if (first === undefined) seen.set(key, index);
        else if (label !== "") {
          context.addIssue({
            code: "custom",
            path: [index, "label"],
            message: `“${label}” is already the label of group ${first + 1}: each group needs its own.`,
          });
        }
      });
    }),
});
export type TemplateByIdInput = z.input<typeof TemplateByIdInputSchema>;

/** What is wrong with a template entered by ID, per field, in words for the person (empty when nothing is). */
export interface TemplateByIdProblems {
  templateId?: string;
  name?: string;
  /** About the groups as a whole (none, too many). */
  groups?: string;
  /** Per group, by index. */
  labels: (string | undefined)[];
}

export function templateByIdProblems(input: TemplateByIdInput): TemplateByIdProblems {
  const problems: TemplateByIdProblems = { labels: [] };
  const parsed = TemplateByIdInputSchema.safeParse(input);
  if (parsed.success) return problems;
  for (const issue of parsed.error.issues) {
    const [field, index] = issue.path;
    if (field === "groups" && typeof index === "number") problems.labels[index] ??= issue.message;
    else if (field === "templateId" || field === "name" || field === "groups") problems[field] ??= issue.message;
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
