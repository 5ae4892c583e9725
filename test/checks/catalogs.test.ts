import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CatalogSchema } from "../../common/i18n/catalog";
import { pseudoLocales, shippedLocales, sourceLocale } from "../../common/i18n/locales";
import { pseudoCatalog } from "../../common/i18n/pseudo";
import { extractSourceCatalog, sourceCatalogPath } from "../../scripts/extract-messages.ts";
import { catalogProblems } from "../../scripts/i18n/catalog-problems.ts";

/**
 * Every catalog says every message, with the same arguments used the same way, and plurals with every form its
 * language has; English is exactly what the sources declare. A message is a defect here long before a person sees
 * the English default in the middle of a German screen.
 */
const catalogsDir = path.dirname(sourceCatalogPath);
const read = (locale: string) =>
  CatalogSchema.parse(JSON.parse(readFileSync(path.join(catalogsDir, `${locale}.json`), "utf8")));
const english = read(sourceLocale);

it("the English catalog is what the sources declare (npm run messages writes it)", async () => {
  const extracted = await extractSourceCatalog();
  expect(english).toEqual(extracted);
});

it("there is a catalog for every shipped locale and for nothing else", () => {
  const files = readdirSync(catalogsDir)
    .filter((file) => file.endsWith(".json"))
    .map((file) => file.slice(0, -".json".length))
    .sort();
  expect(files).toEqual([...shippedLocales].sort());
});

describe.each(shippedLocales.filter((locale) => locale !== sourceLocale))("the %s catalog", (locale) => {
  const problems = catalogProblems(locale, read(locale), english);

  it("has every message, and no other", () => {
    expect({ missing: problems.missing, extra: problems.extra }).toEqual({ missing: [], extra: [] });
  });

  it("was translated from today's English (scripts/i18n/translated-from.json)", () => {
    expect(problems.stale).toEqual([]);
  });

  it("is written in its own language's script, nothing pasted from another catalog", () => {
    expect(problems.foreign).toEqual([]);
  });

  it("parses, and uses each message's arguments as English does", () => {
    expect({ unparsable: problems.unparsable, arguments: problems.arguments }).toEqual({
      unparsable: [],
      arguments: [],
    });
  });

  it("gives each plural every form the language has", () => {
    expect(problems.plurals).toEqual([]);
  });

  it("is translated, not left in English (but for words listed in scripts/i18n/same-as-english.json)", () => {
    expect(problems.untranslated).toEqual([]);
  });
});

it.each(pseudoLocales)("%s is built from every English message", (locale) => {
  const pseudo = pseudoCatalog(english, locale);
  expect(Object.keys(pseudo).sort()).toEqual(Object.keys(english).sort());
});
