import type { FieldType } from "../../common/field-boxes.ts";

/**
 * The corpus's reading of a text widget's type from its partial name and tooltip (issue 34: "Tx → Text, or
 * Name/Email/Date/Initials by name/tooltip keywords"). Whole words only, camelCase and separators split, first rule
 * wins: e-mail, initials (plural: "middle initial" is part of a name), date, name. If the detector's keyword list
 * differs, the files whose text widgets these words touch are listed in SOURCES.md ("keyword-typed").
 */
const rules: [RegExp, FieldType][] = [
  [/\b(?:e ?mail|courriel|correo)\b/, "Email"],
  [/\b(?:initials|paraphe)\b/, "Initials"],
  [/\b(?:date|datum|fecha)\b/, "Date"],
  [/\b(?:name|nom|nombre|nome|naam|nazwisko)\b/, "Name"],
];

/**
 * A name that is not a person's (an organisation's name and address, in the field's name or its tooltip: SF 1199A's
 * "inst" is "the Financial Institution Name and Address"), or a row of a table of people (Acrobat names a table's cells
 * "…Row1"): Text, as the "where the field's name says so" means the signer's own name.
 */
const notAPerson = /\b(?:address|adresse|company|organisation|organisme|soci t|agency|institution)\b|row\d+$/;

export function wordsOf(text: string): string {
  return text
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .replace(/[^A-Za-z]+/g, " ")
    .toLowerCase()
    .trim();
}

export function textFieldType(partialName: string, tooltip: string): FieldType {
  const words = `${wordsOf(partialName)} ${wordsOf(tooltip)}`;
  const type = rules.find(([pattern]) => pattern.test(words))?.[1] ?? "Text";
  return type === "Name" && (notAPerson.test(words) || /row\s*\d+$/i.test(partialName)) ? "Text" : type;
}
