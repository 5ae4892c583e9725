import { emailAddressProblem, emailLimits } from "../../common/email-address";
import type { FieldType } from "../../common/fields";
import { ApiError } from "../http/api-error";
import type { TemplateField } from "../state/schema";

const pngDataUrl = /^data:image\/png;base64,([A-Za-z0-9+/]+={0,2})$/;
const pngMagic = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const maxImageBytes = 2 * 1024 * 1024;

function isPngDataUrl(value: string): boolean {
  const match = pngDataUrl.exec(value);
  if (match?.[1] === undefined) return false;
  const bytes = Buffer.from(match[1], "base64");
  return bytes.length <= maxImageBytes && bytes.subarray(0, 8).equals(pngMagic);
}

function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

const expectations: Record<FieldType, { check: (value: unknown) => boolean; needs: string }> = {
  Signature: { check: (v) => typeof v === "string" && isPngDataUrl(v), needs: "a PNG image as a data URL" },
  Initials: { check: (v) => typeof v === "string" && isPngDataUrl(v), needs: "a PNG image as a data URL" },
  Text: {
    check: (v) => typeof v === "string" && v.trim() !== "" && v.length <= 1000,
    needs: "text (1 to 1000 characters)",
  },
  Name: {
    check: (v) => typeof v === "string" && v.trim() !== "" && v.length <= 200,
    needs: "a name (1 to 200 characters)",
  },
  Email: {
    check: (v) => typeof v === "string" && emailAddressProblem(v) === null,
    needs: `a valid email address (at most ${emailLimits.maxLength} characters)`,
  },
  Date: { check: (v) => typeof v === "string" && isCalendarDate(v), needs: "a date as YYYY-MM-DD" },
  Checkbox: { check: (v) => typeof v === "boolean", needs: "true or false" },
};

/**
 * Checks a recipient's submitted values: exactly their fields, each valid for its type.
 * A problem answers 400 naming the field (`field` in the body too).
 */
export function checkFieldValues(
  fields: readonly TemplateField[],
  submitted: unknown,
): Record<string, string | boolean> {
  if (typeof submitted !== "object" || submitted === null || Array.isArray(submitted)) {
    throw new ApiError(400, "fields must be an object of field id to value.");
  }
  const values = submitted as Record<string, unknown>;
  const own = new Set(fields.map((field) => field.id));
  for (const id of Object.keys(values)) {
    if (!own.has(id)) throw new ApiError(400, `Field ${id} is not one of your fields.`, { details: { field: id } });
  }
  const accepted: Record<string, string | boolean> = {};
  for (const field of fields) {
    const value = values[field.id];
    const { check, needs } = expectations[field.type];
    if (value === undefined) {
      throw new ApiError(400, `Field ${field.id} (${field.type}) is missing: it needs ${needs}.`, {
        details: { field: field.id },
      });
    }
    if (!check(value)) {
      throw new ApiError(400, `Field ${field.id} (${field.type}) is not valid: it needs ${needs}.`, {
        details: { field: field.id },
      });
    }
    accepted[field.id] =
      typeof value === "string" && field.type !== "Signature" && field.type !== "Initials"
        ? value.trim()
        : (value as string | boolean);
  }
  return accepted;
}
