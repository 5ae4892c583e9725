import { z } from "zod";
import { boxFitsPage, displayedSize } from "./coordinates";
import { PageGeometrySchema } from "./page-geometry-schema";

export { PageGeometrySchema } from "./page-geometry-schema";

import { FieldTypeSchema, fieldBoxSizes, limits } from "./fields";

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

const notBlank = (what: string) => ({ error: `${what} cannot be blank` });

export const DraftGroupSchema = z.object({
  id: z.string().min(1).max(100),
  label: z.string().min(1).max(maxGroupLabelLength).regex(/\S/, notBlank("a group label")),
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/, { error: "a colour is #rrggbb" }),
});
export type DraftGroup = z.infer<typeof DraftGroupSchema>;

export const DraftFieldSchema = z.object({
  id: z.string().min(1).max(100),
  type: FieldTypeSchema,
  groupId: z.string().min(1),
  page: z.int().min(1),
  x: z.number(),
  y: z.number(),
});
export type DraftField = z.infer<typeof DraftFieldSchema>;

export const SourceKindSchema = z.enum(["pdf", "docx", "doc"]);
export type SourceKind = z.infer<typeof SourceKindSchema>;

const DraftShape = z.object({
  version: z.literal(draftVersion),
  id: z.uuid(),
  name: z.string().min(1).max(maxDraftNameLength).regex(/\S/, notBlank("a draft name")),
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
      context.addIssue({ code: "custom", path: ["pages", index], message: `page ${index + 1} has no area` });
    }
  });
  const groupIds = new Set<string>();
  draft.groups.forEach((group, index) => {
    if (groupIds.has(group.id)) {
      context.addIssue({ code: "custom", path: ["groups", index, "id"], message: `duplicate group id "${group.id}"` });
    }
    groupIds.add(group.id);
  });
  const fieldIds = new Set<string>();
  draft.fields.forEach((field, index) => {
    const at = ["fields", index];
    if (fieldIds.has(field.id)) {
      context.addIssue({ code: "custom", path: [...at, "id"], message: `duplicate field id "${field.id}"` });
    }
    fieldIds.add(field.id);
    if (!groupIds.has(field.groupId)) {
      const message = `field "${field.id}" belongs to unknown group "${field.groupId}"`;
      context.addIssue({ code: "custom", path: [...at, "groupId"], message });
    }
    const page = draft.pages[field.page - 1];
    if (page === undefined) {
      const message = `field "${field.id}" is on page ${field.page}, but the document has ${draft.pages.length}`;
      context.addIssue({ code: "custom", path: [...at, "page"], message });
    } else if (!boxFitsPage(page, field, fieldBoxSizes[field.type])) {
      const { width, height } = displayedSize(page);
      const message = `field "${field.id}" (${field.type}) leaves page ${field.page} (${width}×${height} pt)`;
      context.addIssue({ code: "custom", path: at, message });
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
 * (`field "a" (Text) leaves page 1 (612×792 pt)`); zod's own issues get their path (`name: Too small…`).
 */
export function describeDraftIssues(error: z.ZodError, most = 3): string {
  const lines = error.issues.slice(0, most).map((issue) => {
    const where = issue.path.map(String).join(".");
    return where === "" || issue.code === "custom" ? issue.message : `${where}: ${issue.message}`;
  });
  const more = error.issues.length - most;
  return more > 0 ? `${lines.join("; ")}; and ${more} more` : lines.join("; ");
}
