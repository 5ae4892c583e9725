import { emailAddressProblem, emailLimits } from "../../common/email-address";
import type { FieldType } from "../../common/fields";
import { maxImageSide } from "../final-pdf/image-limits";
import { ApiError } from "../http/api-error";
import { maxSignatureImageBytes } from "../http/body-limits";
import type { TemplateField } from "../state/schema";

const pngDataUrl = /^data:image\/png;base64,([A-Za-z0-9+/]+={0,2})$/;

/** The bytes of a PNG data URL of at most 2 MB, or null (whether they are a PNG is pngProblem's to say). */
function pngOfDataUrl(value: unknown): Uint8Array | null {
  const match = typeof value === "string" ? pngDataUrl.exec(value) : null;
  if (match?.[1] === undefined) return null;
  const bytes = Buffer.from(match[1], "base64");
  return bytes.length <= maxSignatureImageBytes ? bytes : null;
}

const imageNeeds = `a PNG image as a data URL (at most 2 MB and ${maxImageSide} \u00d7 ${maxImageSide} pixels)`;

const expectations: Record<FieldType, { check: (value: unknown) => boolean; needs: string }> = {
  Signature: { check: (v) => pngOfDataUrl(v) !== null, needs: imageNeeds },
  Initials: { check: (v) => pngOfDataUrl(v) !== null, needs: imageNeeds },
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
  // Never checked: checkFieldValues puts the signing date in every Date field, whatever was sent.
  Date: { check: () => true, needs: "nothing (the sandbox fills in the signing date)" },
  Checkbox: { check: (v) => typeof v === "boolean", needs: "true or false" },
};

/** A recipient's values by field id: made without a prototype (any id, `__proto__` too, is a plain key); read with fieldValue. */
export type FieldValues = Record<string, string | boolean>;

/**
 * The value a recipient gave field `id`, read as an own property only: values read back from disk are ordinary
 * objects, where an id such as `constructor` would otherwise find Object.prototype's member.
 */
export function fieldValue(values: Readonly<FieldValues>, id: string): string | boolean | undefined {
  return Object.hasOwn(values, id) ? values[id] : undefined;
}

/**
 * Checks a recipient's submitted values: exactly their fields, each valid for its type, and each image one the
 * final PDF can draw (a value accepted here must never stop the document from being finalized). Date fields get
 * `signingDate` (YYYY-MM-DD), sent or not: the date of signing is the sandbox's to say, not the client's.
 * A problem answers 400 naming the field (`field` in the body too).
 */
export async function checkFieldValues(
  fields: readonly TemplateField[],
  submitted: unknown,
  signingDate: string,
): Promise<FieldValues> {
  if (typeof submitted !== "object" || submitted === null || Array.isArray(submitted)) {
    throw new ApiError(400, "fields must be an object of field id to value.");
  }
  // Field ids are the template author's choice: read them from a Map, never through a prototype.
  const values = new Map<string, unknown>(Object.entries(submitted));
  const own = new Set(fields.map((field) => field.id));
  for (const id of values.keys()) {
    if (!own.has(id)) throw new ApiError(400, `Field ${id} is not one of your fields.`, { details: { field: id } });
  }
  const accepted: FieldValues = Object.create(null);
  for (const field of fields) {
    if (field.type === "Date") {
      accepted[field.id] = signingDate;
      continue;
    }
    const value = values.get(field.id);
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
    const png = field.type === "Signature" || field.type === "Initials" ? pngOfDataUrl(value) : null;
    // pdf-lib's PNG decoder is loaded with the first signature image, not when the sandbox starts.
    const problem = png === null ? null : await (await import("../final-pdf/stamp-field")).pngProblem(png);
    if (problem !== null) {
      throw new ApiError(400, `Field ${field.id} (${field.type}) is not valid: the image is ${problem}.`, {
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
