import { z } from "zod";
import { boxFitsPage, type PageGeometry } from "../../common/coordinates";
import { FieldTypeSchema, fieldBoxSizes, limits } from "../../common/fields";
import { ApiError } from "../http/api-error";
import type { TemplateField } from "../state/schema";

export const invalidFields = "Invalid fields data.";

const WireFieldSchema = z.object({
  id: z.string().min(1).max(200),
  x: z.number().finite(),
  y: z.number().finite(),
  page: z.number().int().min(1),
  type: FieldTypeSchema,
  recipient: z.number().int(),
});

/**
 * Parses the `fields` form value (a JSON string: one array of fields per recipient group) and checks
 * every field against the document: its page exists, its box lies on the page, its `recipient` is its
 * group's number (groups count from 1), its type is known, ids are unique. Any problem: 400.
 */
export function parseTemplateFields(raw: string | undefined, pages: readonly PageGeometry[]): TemplateField[][] {
  if (raw === undefined) throw new ApiError(400, invalidFields);
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new ApiError(400, invalidFields);
  }
  const parsed = z.array(z.array(WireFieldSchema).min(1)).min(1).max(limits.maxRecipientGroups).safeParse(json);
  if (!parsed.success) throw new ApiError(400, invalidFields);
  const groups = parsed.data;
  if (groups.reduce((count, group) => count + group.length, 0) > limits.maxFieldsPerTemplate) {
    throw new ApiError(400, invalidFields);
  }
  const ids = new Set<string>();
  groups.forEach((group, index) => {
    for (const field of group) {
      const page = pages[field.page - 1];
      const fits = page !== undefined && boxFitsPage(page, field, fieldBoxSizes[field.type]);
      if (!fits || field.recipient !== index + 1 || ids.has(field.id)) throw new ApiError(400, invalidFields);
      ids.add(field.id);
    }
  });
  return groups;
}

/** Whether the JSON text is valid JSON at all (the first check of `fields`, before the file is read). */
export function isJsonText(raw: string | undefined): boolean {
  if (raw === undefined) return false;
  try {
    JSON.parse(raw);
    return true;
  } catch {
    return false;
  }
}
