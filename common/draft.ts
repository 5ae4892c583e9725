import { z } from "zod";
import { boxFitsPage, displayedSize } from "./coordinates";
import { PageGeometrySchema } from "./page-geometry-schema";

export { PageGeometrySchema } from "./page-geometry-schema";

import { FieldTypeSchema, fieldBoxSizes, limits } from "./fields";
import { CoverColorSchema } from "./found-fields";
import { defineMessages } from "./i18n/define-messages";
import { inEnglish } from "./i18n/english";
import { type Phrase, phrase } from "./i18n/phrase";
import { issueWords, phraseParams, schemaMessage } from "./schema-words";

const messages = defineMessages({
  notBlank: {
    id: "rules.draft.notBlank",
    defaultMessage: "{what, select, groupLabel {a group label} other {a draft name}} cannot be blank",
    description: "A problem in a draft's file, listed after others (so in lower case, without a full stop).",
  },
  colour: {
    id: "rules.draft.colour",
    defaultMessage: "a colour is #rrggbb",
    description: "A problem in a draft's file, listed after others (so in lower case, without a full stop).",
  },
  pageNoArea: {
    id: "rules.draft.pageNoArea",
    defaultMessage: "page {page, number, ::group-off} has no area",
    description: "A problem in a draft's file, listed after others (so in lower case, without a full stop).",
  },
  duplicateGroup: {
    id: "rules.draft.duplicateGroup",
    defaultMessage: 'duplicate group id "{id}"',
    description: "A problem in a draft's file, listed after others (so in lower case, without a full stop).",
  },
  duplicateField: {
    id: "rules.draft.duplicateField",
    defaultMessage: 'duplicate field id "{id}"',
    description: "A problem in a draft's file, listed after others (so in lower case, without a full stop).",
  },
  unknownGroup: {
    id: "rules.draft.unknownGroup",
    defaultMessage: 'field "{id}" belongs to unknown group "{group}"',
    description: "A problem in a draft's file, listed after others (so in lower case, without a full stop).",
  },
  noSuchPage: {
    id: "rules.draft.noSuchPage",
    defaultMessage:
      'field "{id}" is on page {page, number, ::group-off}, but the document has {pages, number, ::group-off}',
    description: "A problem in a draft's file, listed after others (so in lower case, without a full stop).",
  },
  leavesPage: {
    id: "rules.draft.leavesPage",
    defaultMessage: 'field "{id}" ({type}) leaves page {page, number, ::group-off} ({width}×{height} pt)',
    description: "A problem in a draft's file: {type} is the field's kind as stored (Text, Signature…), untranslated.",
  },
  issueAt: {
    id: "rules.draft.issueAt",
    defaultMessage: "{where}: {problem}",
    description: "A problem in a draft's file: {where} is where in the file (such as name or groups.0.label).",
  },
  issue: {
    id: "rules.draft.issue",
    defaultMessage: "{problem}",
    description: "A problem in a draft's file, as zod (the checking library) words it, in English.",
  },
  issues: {
    id: "rules.draft.issues",
    defaultMessage: "{earlier}; {next}",
    description: "Problems in a draft's file, one after the other.",
  },
  more: {
    id: "rules.draft.more",
    defaultMessage: "{issues}; and {more, number} more",
    description: "Problems in a draft's file, then how many more there are.",
  },
});

/** A custom issue of the checks below: its English message for logs, its phrase for people. */
function customIssue(path: PropertyKey[], words: Phrase) {
  return { code: "custom" as const, path, message: inEnglish(words), params: phraseParams(words) };
}

/**
 * An offline template draft (`draft.json`, beside the draft's `document.pdf`). Field positions are API
 * coordinates (API-NOTES.md, "Numbering and coordinates"): points from the top-left of the displayed
 * page, locating the top-left of the field's box. Group i becomes API recipient i + 1.
 */

export const draftVersion = 1;
export const maxDraftNameLength = 200;
export const maxGroupLabelLength = 60;

/**
 * Recipient group colours: the Okabe–Ito palette (Okabe & Ito, "Color Universal Design"), eight colours
 * chosen to stay distinguishable with protanopia, deuteranopia and tritanopia.
 */
export const groupColors = [
  "#0072b2", // blue
  "#e69f00", // orange
  "#009e73", // bluish green
  "#cc79a7", // reddish purple
  "#56b4e9", // sky blue
  "#d55e00", // vermilion
  "#f0e442", // yellow
  "#000000", // black
] as const;

/** The first palette colour no group uses yet; once all are taken, the palette repeats in order. */
export function nextGroupColor(used: readonly string[]): string {
  const taken = new Set(used.map((color) => color.toLowerCase()));
  const free = groupColors.find((color) => !taken.has(color));
  return free ?? groupColors[used.length % groupColors.length] ?? groupColors[0];
}

const notBlank = (what: "groupLabel" | "draftName") => ({ error: schemaMessage(phrase(messages.notBlank, { what })) });

export const DraftGroupSchema = z.object({
  id: z.string().min(1).max(100),
  label: z.string().min(1).max(maxGroupLabelLength).regex(/\S/, notBlank("groupLabel")),
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/, { error: schemaMessage(phrase(messages.colour)) }),
});
export type DraftGroup = z.infer<typeof DraftGroupSchema>;

/**
 * What the uploaded PDF hides under a field placed from a text tag: the tag's text box, on its page (displayed
 * points), painted over in the page's colour under it in the copy that is uploaded (main/templates/uploadable-pdf.ts)
 * so recipients never see it.
 */
export const TagCoverSchema = z.object({
  page: z.int().min(1),
  x: z.number().finite(),
  y: z.number().finite(),
  width: z.number().finite().nonnegative().max(20_000),
  height: z.number().finite().nonnegative().max(20_000),
  /** The page's colour under the tag (white when absent). */
  color: CoverColorSchema.optional(),
});
export type TagCover = z.infer<typeof TagCoverSchema>;

export const DraftFieldSchema = z.object({
  id: z.string().min(1).max(100),
  type: FieldTypeSchema,
  groupId: z.string().min(1),
  page: z.int().min(1),
  x: z.number(),
  y: z.number(),
  cover: TagCoverSchema.optional(),
  /** The rest of a tag that wrapped onto the next line. */
  moreCovers: z.array(TagCoverSchema).max(3).optional(),
});
export type DraftField = z.infer<typeof DraftFieldSchema>;

export const SourceKindSchema = z.enum(["pdf", "docx", "doc"]);
export type SourceKind = z.infer<typeof SourceKindSchema>;

const DraftShape = z.object({
  version: z.literal(draftVersion),
  id: z.uuid(),
  name: z.string().min(1).max(maxDraftNameLength).regex(/\S/, notBlank("draftName")),
  revision: z.int().min(0),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  source: z.object({ fileName: z.string().min(1).max(255), kind: SourceKindSchema }),
  pages: z.array(PageGeometrySchema).min(1),
  groups: z.array(DraftGroupSchema).min(1).max(limits.maxRecipientGroups),
  fields: z.array(DraftFieldSchema).max(limits.maxFieldsPerTemplate),
});

export const DraftSchema = DraftShape.superRefine((draft, context) => {
  draft.pages.forEach(({ cropBox: [left, bottom, right, top] }, index) => {
    if (!(right > left && top > bottom)) {
      context.addIssue(customIssue(["pages", index], phrase(messages.pageNoArea, { page: index + 1 })));
    }
  });
  const groupIds = new Set<string>();
  draft.groups.forEach((group, index) => {
    if (groupIds.has(group.id)) {
      context.addIssue(customIssue(["groups", index, "id"], phrase(messages.duplicateGroup, { id: group.id })));
    }
    groupIds.add(group.id);
  });
  const fieldIds = new Set<string>();
  draft.fields.forEach((field, index) => {
    const at = ["fields", index];
    if (fieldIds.has(field.id)) {
      context.addIssue(customIssue([...at, "id"], phrase(messages.duplicateField, { id: field.id })));
    }
    fieldIds.add(field.id);
    if (!groupIds.has(field.groupId)) {
      const words = phrase(messages.unknownGroup, { id: field.id, group: field.groupId });
      context.addIssue(customIssue([...at, "groupId"], words));
    }
    const page = draft.pages[field.page - 1];
    if (page === undefined) {
      const words = phrase(messages.noSuchPage, { id: field.id, page: field.page, pages: draft.pages.length });
      context.addIssue(customIssue([...at, "page"], words));
    } else if (!boxFitsPage(page, field, fieldBoxSizes[field.type])) {
      const { width, height } = displayedSize(page);
      const words = phrase(messages.leavesPage, {
        id: field.id,
        type: field.type,
        page: field.page,
        width: String(width),
        height: String(height),
      });
      context.addIssue(customIssue(at, words));
    }
  });
});
export type Draft = z.infer<typeof DraftSchema>;

export const DraftSummarySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  pageCount: z.int(),
  groupCount: z.int(),
  fieldCount: z.int(),
  updatedAt: z.iso.datetime(),
  createdAt: z.iso.datetime(),
  sourceKind: SourceKindSchema,
});
export type DraftSummary = z.infer<typeof DraftSummarySchema>;

export function summarizeDraft(draft: Draft): DraftSummary {
  return {
    id: draft.id,
    name: draft.name,
    pageCount: draft.pages.length,
    groupCount: draft.groups.length,
    fieldCount: draft.fields.length,
    updatedAt: draft.updatedAt,
    createdAt: draft.createdAt,
    sourceKind: draft.source.kind,
  };
}

/**
 * One line naming the first problems of a failed parse. The checks above name their field themselves
 * (`field "a" (Text) leaves page 1 (612×792 pt)`); zod's own issues get their path (`name: Too small…`, zod's
 * English).
 */
export function describeDraftIssues(error: z.ZodError, most = 3): Phrase {
  const lines = error.issues.slice(0, most).map((issue) => {
    const where = issue.path.map(String).join(".");
    const problem = issueWords(issue);
    return where === "" || issue.code === "custom" ? problem : phrase(messages.issueAt, { where, problem });
  });
  const [first = "", ...rest] = lines;
  const issues = rest.reduce<string | Phrase>((earlier, next) => phrase(messages.issues, { earlier, next }), first);
  const more = error.issues.length - most;
  const listed = typeof issues === "string" ? phrase(messages.issue, { problem: issues }) : issues;
  return more > 0 ? phrase(messages.more, { issues, more }) : listed;
}
