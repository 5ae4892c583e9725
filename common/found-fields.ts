import { z } from "zod";
import { FieldTypeSchema } from "./fields";

/**
 * Fields found in a document's own data (issue 34): its AcroForm widgets and its text tags, in Documenso's
 * `{{TYPE, rN, …}}` and DocuSeal's `{{Name;role=…;type=…}}` syntaxes. Found by main (node-shared/pdf/detect) in a
 * worker thread, shown in the editor for review; nothing is placed until the person accepts.
 *
 * Positions are API coordinates (common/coordinates.ts): points from the top-left of the displayed page, the
 * top-left of the field's fixed-size box, already moved inwards so the box stays on its page.
 */

/** A rectangle in displayed page points (top-left origin, y down). */
export const FoundRectSchema = z.object({
  x: z.number(),
  y: z.number(),
  width: z.number().nonnegative(),
  height: z.number().nonnegative(),
});
export type FoundRect = z.infer<typeof FoundRectSchema>;

/** The colour a tag's cover is painted in: what the page shows under the tag, as "#rrggbb" (white when absent). */
export const CoverColorSchema = z.string().regex(/^#[0-9a-f]{6}$/);

/** A tag's text box, to be covered with the page's colour under it. */
export const FoundCoverSchema = FoundRectSchema.extend({ color: CoverColorSchema.optional() });
export type FoundCover = z.infer<typeof FoundCoverSchema>;

export const FoundSourceSchema = z.enum(["widget", "documensoTag", "docusealTag"]);
export type FoundSource = z.infer<typeof FoundSourceSchema>;

export const FoundFieldSchema = z.object({
  /** Stable within one detection: page, source and order on the page (`p3-tag-2`). */
  key: z.string().min(1).max(100),
  type: FieldTypeSchema,
  page: z.int().min(1),
  x: z.number(),
  y: z.number(),
  /** Index into `FieldsFound.roles`: the recipient this field belongs to. */
  role: z.int().min(0),
  source: FoundSourceSchema,
  /** What the document calls it: the widget's field name (or tooltip), or the tag's text as written. */
  label: z.string().max(500),
  /** The widget's rectangle or the tag's text box on the page (ascent to descent), as found. */
  found: FoundRectSchema,
  /** A tag's text box, to be covered in the uploaded PDF so recipients never see it; absent for widgets. */
  cover: FoundCoverSchema.optional(),
  /** The rest of a tag that wraps onto the next line, covered too. */
  moreCovers: z.array(FoundCoverSchema).max(3).optional(),
});
export type FoundField = z.infer<typeof FoundFieldSchema>;

/** Something found but not placed, said to the person with its reason. */
export const FoundNoteSchema = z.object({
  kind: z.enum(["radioGroup", "pushButton", "choiceList", "unsupportedType", "unknownType", "tooManyFields"]),
  page: z.int().min(1),
  /** The widget's field name, or the tag's text as written. */
  label: z.string().max(500),
  /** A tag's type as written, when that is what the service lacks (`radio`, `image`…). */
  tagType: z.string().max(100).optional(),
});
export type FoundNote = z.infer<typeof FoundNoteSchema>;

export const FieldsFoundSchema = z.object({
  /** The recipients the fields name, in order of first use by role number, then by first appearance. */
  roles: z.array(z.string().min(1).max(100)).max(100),
  fields: z.array(FoundFieldSchema),
  notes: z.array(FoundNoteSchema),
  pageCount: z.int().min(0),
});
export type FieldsFound = z.infer<typeof FieldsFoundSchema>;
