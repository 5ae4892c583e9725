import type { FieldType } from "../../../common/field-boxes";
import type { FoundCover, FoundNote, FoundRect, FoundSource } from "../../../common/found-fields";
import type { TagRole } from "./tag-syntax";

/** A field found on one page, before roles are numbered and keys given (assemble-fields.ts). */
export interface FieldDraft {
  source: FoundSource;
  type: FieldType;
  x: number;
  y: number;
  label: string;
  found: FoundRect;
  cover?: FoundCover;
  moreCovers?: FoundCover[];
  role: TagRole;
}

/** What one page holds: its fields in the order found (widgets, then tags in content order) and its notes. */
export interface PageFindings {
  page: number;
  widgets: FieldDraft[];
  tags: FieldDraft[];
  notes: FoundNote[];
}
