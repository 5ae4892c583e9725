import type { FieldType } from "../../common/field-boxes.ts";

/**
 * The corpus's reading of a text widget's type from its partial name and tooltip (issue 34: "Tx → Text, or
 * Name/Email/Date/Initials by name/tooltip keywords"). Whole words only, camelCase and separators split, first rule
 * wins: e-mail, initials (plural: "middle initial" is part of a name), date, name. If the detector's keyword list
 * differs, the files whose text widgets these words touch are listed in SOURCES.md ("keyword-typed").
 */
const rules: [RegExp, FieldType][] = [
  [/\be ?mail\b/, "Email"],
  [/\binitials\b/, "Initials"],
  [/\bdate\b/, "Date"],
  [/\bname\b/, "Name"],
];

export function wordsOf(text: string): string {
  return text
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .replace(/[^A-Za-z]+/g, " ")
    .toLowerCase()
    .trim();
}

export function textFieldType(partialName: string, tooltip: string): FieldType {
  const words = `${wordsOf(partialName)} ${wordsOf(tooltip)}`;
  return rules.find(([pattern]) => pattern.test(words))?.[1] ?? "Text";
}
