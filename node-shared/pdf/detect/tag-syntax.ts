import type { FieldType } from "../../../common/field-boxes";

/**
 * The grammar of the two published text-tag syntaxes, on one line of a page's text. Pure: no PDF here.
 *
 * Documenso (packages/lib/server-only/pdf/auto-place-fields.ts, helpers.ts): `{{TYPE, rN, key=value, …}}`, parts
 * split on commas and trimmed; TYPE case-insensitive, full or short (`s`, `i`, `n`, `e`, `d`, `t`, `num`, `r`,
 * `cb`, `dd`, `fs`); the second part must be `rN` (any case), else Documenso leaves the text alone, and so do we.
 *
 * DocuSeal (lib/templates/find_text_tags.rb): `{{Name;key=value;…}}`, parts split on `;`, blank parts dropped; the
 * first is the field's name, the rest attributes (key case-insensitive, `-` read as `_`); `type` defaults to text,
 * a tag without `role` belongs to the first party. DocuSeal itself takes any `{{…}}` as a text field, which would
 * turn every Handlebars or Jinja example (`{{ user.name }}`, `{{#each}}`) into a field; here a DocuSeal tag must
 * carry at least one attribute DocuSeal knows (`{{Name;type=text}}`, `{{Sign;role=Buyer}}`). `{{Name}}` alone is
 * not a tag.
 *
 * Both: the inner text has no `{` or `}` (as DocuSeal's `\{\{([^{}]+)\}\}`), and a tag lies on one line.
 */

export type TagSyntax = "documenso" | "docuseal";

export type TagKind =
  | { kind: "field"; type: FieldType }
  | { kind: "unsupportedType"; tagType: string }
  | { kind: "unknownType"; tagType: string };

export type TagRole =
  | { kind: "none" }
  | { kind: "number"; number: number; token: string }
  | { kind: "named"; name: string };

export interface ParsedTag {
  syntax: TagSyntax;
  /** The tag as written, braces included. */
  text: string;
  /** Offsets of the tag in the line searched: [start, end). */
  start: number;
  end: number;
  what: TagKind;
  role: TagRole;
  /** How many of its parts the syntax knows, with a value: where a line has several readings, the likelier one. */
  known: number;
}

const documensoShort: Record<string, string> = {
  s: "signature",
  fs: "free_signature",
  i: "initials",
  n: "name",
  e: "email",
  d: "date",
  t: "text",
  num: "number",
  r: "radio",
  cb: "checkbox",
  dd: "dropdown",
};

const documensoTypes: Record<string, TagKind> = {
  signature: { kind: "field", type: "Signature" },
  // Documenso's signature that is not bound to a name: still a signature here.
  free_signature: { kind: "field", type: "Signature" },
  initials: { kind: "field", type: "Initials" },
  name: { kind: "field", type: "Name" },
  email: { kind: "field", type: "Email" },
  date: { kind: "field", type: "Date" },
  text: { kind: "field", type: "Text" },
  checkbox: { kind: "field", type: "Checkbox" },
  number: { kind: "unsupportedType", tagType: "number" },
  radio: { kind: "unsupportedType", tagType: "radio" },
  dropdown: { kind: "unsupportedType", tagType: "dropdown" },
};

const docusealFieldTypes: Record<string, FieldType> = {
  text: "Text",
  signature: "Signature",
  initials: "Initials",
  date: "Date",
  datenow: "Date",
  checkbox: "Checkbox",
};

const docusealOtherTypes = new Set([
  "image",
  "file",
  "payment",
  "stamp",
  "select",
  "multiple",
  "radio",
  "phone",
  "number",
  "cells",
  "verification",
  "kba",
  "strikethrough",
]);

/** The attribute keys DocuSeal reads from a tag (find_text_tags.rb's build_field and build_preferences). */
const docusealKeys = new Set([
  "type",
  "role",
  "required",
  "readonly",
  "title",
  "description",
  "default_value",
  "value",
  "options",
  "values",
  "uuid",
  "font_size",
  "font_type",
  "font",
  "color",
  "background",
  "align",
  "valign",
  "format",
  "price",
  "currency",
  "mask",
  "reasons",
]);

const tagPattern = /\{\{([^{}]+)\}\}/g;
const recipientToken = /^r(\d+)$/i;

/** Every tag on one line of text, in order; text in braces that is not a tag of either syntax is left out. */
export function findTags(line: string): ParsedTag[] {
  const tags: ParsedTag[] = [];
  for (const match of line.matchAll(tagPattern)) {
    const inner = match[1] ?? "";
    const text = match[0];
    const start = match.index;
    const parsed = parseDocumenso(inner) ?? parseDocuseal(inner);
    if (parsed !== null) tags.push({ ...parsed, text, start, end: start + text.length });
  }
  return tags;
}

type Parsed = Pick<ParsedTag, "syntax" | "what" | "role" | "known">;

function parseDocumenso(inner: string): Parsed | null {
  const [typeWord = "", recipient = ""] = inner.split(",").map((part) => part.trim());
  const number = recipientToken.exec(recipient)?.[1];
  if (number === undefined || typeWord === "" || typeWord.includes(";")) return null;
  const lower = typeWord.toLowerCase();
  const what = documensoTypes[documensoShort[lower] ?? lower] ?? { kind: "unknownType", tagType: typeWord };
  const known = what.kind === "unknownType" ? 1 : 2;
  return { syntax: "documenso", what, role: { kind: "number", number: Number(number), token: recipient }, known };
}

function parseDocuseal(inner: string): Parsed | null {
  const [name, ...parts] = inner
    .split(";")
    .map((part) => part.trim())
    .filter((part) => part !== "");
  if (name === undefined) return null;
  const attributes = new Map<string, string>();
  for (const part of parts) {
    const equals = part.indexOf("=");
    const key = (equals < 0 ? part : part.slice(0, equals)).trim().replaceAll("-", "_").toLowerCase();
    if (key !== "") attributes.set(key, equals < 0 ? "" : part.slice(equals + 1).trim());
  }
  if (![...attributes.keys()].some((key) => docusealKeys.has(key))) return null;
  const role = attributes.get("role") ?? "";
  const known = [...attributes].filter(([key, value]) => docusealKeys.has(key) && value !== "").length;
  return {
    syntax: "docuseal",
    what: docusealKind(attributes.get("type") ?? ""),
    role: role === "" ? { kind: "none" } : { kind: "named", name: role },
    known,
  };
}

function docusealKind(written: string): TagKind {
  const lower = written.toLowerCase();
  if (lower === "") return { kind: "field", type: "Text" };
  const type = docusealFieldTypes[lower];
  if (type !== undefined) return { kind: "field", type };
  if (docusealOtherTypes.has(lower)) return { kind: "unsupportedType", tagType: written };
  return { kind: "unknownType", tagType: written };
}
