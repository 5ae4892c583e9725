import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CatalogSchema } from "../../common/i18n/catalog";
import { pseudoLocales, shippedLocales, sourceLocale } from "../../common/i18n/locales";
import { pseudoCatalog } from "../../common/i18n/pseudo";
import { extractSourceCatalog, sourceCatalogPath } from "../../scripts/extract-messages.ts";
import { literalText, messageArguments, pluralCategoriesUsed } from "../support/message-arguments.ts";

/**
 * Every catalog says every message, with the same arguments used the same way, and plurals with every form its
 * language has; English is exactly what the sources declare. A message is a defect here long before a person sees
 * the English default in the middle of a German screen.
 */
const catalogsDir = path.dirname(sourceCatalogPath);
const read = (locale: string) =>
  CatalogSchema.parse(JSON.parse(readFileSync(path.join(catalogsDir, `${locale}.json`), "utf8")));
const english = read(sourceLocale);

/** Words every language writes as English does: the product's and formats' names, symbols, keys. */
const sameInEveryLanguage =
  /^[\s\d\p{P}\p{S}]*(Signdesk|PDF|DOCX|CSV|URL|API|HTTP|HTTPS|ID|OK|Ctrl|Shift|Alt|Esc|Tab|Enter)?[\s\d\p{P}\p{S}]*$/u;

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
  const catalog = read(locale);

  it("has every message, and no other", () => {
    expect(Object.keys(catalog).sort()).toEqual(Object.keys(english).sort());
  });

  it("uses each message's arguments as English does", () => {
    const differing = Object.keys(english)
      .filter((id) => catalog[id] !== undefined)
      .filter((id) => messageArguments(catalog[id] as string).join() !== messageArguments(english[id] as string).join())
      .map(
        (id) =>
          `${id}: ${messageArguments(catalog[id] as string).join()} ≠ ${messageArguments(english[id] as string).join()}`,
      );
    expect(differing).toEqual([]);
  });

  it("gives each plural every form the language has", () => {
    const cardinal = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
    const ordinal = new Intl.PluralRules(locale, { type: "ordinal" }).resolvedOptions().pluralCategories;
    const lacking = Object.entries(catalog).flatMap(([id, message]) =>
      pluralCategoriesUsed(message).flatMap(({ argument, ordinal: isOrdinal, categories }) => {
        const needed = isOrdinal ? ordinal : cardinal;
        const missing = needed.filter((category) => !categories.includes(category));
        return missing.length === 0 ? [] : [`${id} {${argument}}: no ${missing.join(", ")}`];
      }),
    );
    expect(lacking).toEqual([]);
  });

  it("is translated, not left in English", () => {
    const untranslated = Object.keys(english).filter((id) => {
      const text = literalText(english[id] as string);
      return catalog[id] === english[id] && /\p{L}{2,}/u.test(text) && !sameInEveryLanguage.test(text);
    });
    expect(untranslated).toEqual([]);
  });
});

it.each(pseudoLocales)("%s is built from every English message", (locale) => {
  const pseudo = pseudoCatalog(english, locale);
  expect(Object.keys(pseudo).sort()).toEqual(Object.keys(english).sort());
});
