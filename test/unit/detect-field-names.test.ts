import { describe, expect, it } from "vitest";
import { kindNamed } from "../../node-shared/pdf/detect/field-name-keywords";

describe("what a form field's name says it holds", () => {
  it.each([
    ["BuyerEmailAddress[0]", "Email"],
    ["courriel", "Email"],
    ["Geburtsdatum", "Date"],
    ["Fecha de firma", "Date"],
    ["Data", "Date"],
    ["Data di nascita", "Date"],
    ["Data urodzenia", "Date"],
    ["Data protection consent date", "Date"],
    ["initials_page_2", "Initials"],
    ["Imię i nazwisko", "Name"],
    ["氏名", "Name"],
    ["الاسم الكامل", "Name"],
    ["שם מלא", "Name"],
    ["topmostSubform[0].Page1[0].FullName[0]", "Name"],
  ])("%s is %s", (name, kind) => {
    expect(kindNamed(name)).toBe(kind);
  });

  it.each([
    "Personal data",
    "Data protection officer",
    "DataSet",
    "Company name",
    "Nom de l'entreprise",
    "Name of bank",
    "NameRow3",
    "Amount",
    "",
  ])("%s is plain text", (name) => {
    expect(kindNamed(name)).toBeNull();
  });
});
