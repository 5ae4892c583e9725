import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { CatalogSchema } from "../../common/i18n/catalog.ts";
import { literalText, messageArguments, pluralCategoriesUsed } from "./message-arguments.ts";

/**
 * What is wrong with a translated catalog against English: messages missing or extra, arguments used otherwise than
 * English uses them, plurals lacking a form the language has, messages left in English. test/checks/catalogs.test.ts
 * runs it on every catalog; a translator runs it on one: `npx tsx scripts/i18n/catalog-problems.ts de [file]`.
 */
const root = path.resolve(import.meta.dirname, "../..");
const catalogsDir = path.join(root, "common/i18n/catalogs");

/** Words every language may write as English does: the product's and formats' names, symbols, keys. */
const sameInEveryLanguage =
  /^[\s\d\p{P}\p{S}]*(Signdesk|PDF|DOCX|CSV|URL|API|HTTP|HTTPS|ID|OK|Ctrl|Shift|Alt|Esc|Tab|Enter)?[\s\d\p{P}\p{S}]*$/u;

/** Per locale, the ids whose translation is rightly the English text (a word the language borrowed). */
const sameAsEnglish = JSON.parse(
  readFileSync(path.join(import.meta.dirname, "same-as-english.json"), "utf8"),
) as Record<string, string[]>;

export function readCatalog(file: string): Record<string, string> {
  return CatalogSchema.parse(JSON.parse(readFileSync(file, "utf8")));
}

export function catalogFile(locale: string): string {
  return path.join(catalogsDir, `${locale}.json`);
}

/** The English every catalog was translated from: a message whose English changed since is stale everywhere. */
const translatedFrom = JSON.parse(
  readFileSync(path.join(import.meta.dirname, "translated-from.json"), "utf8"),
) as Record<string, string>;

/** The scripts each language writes in (besides Latin, which every catalog uses for names like PDF and Signdesk). */
const ownScripts: Record<string, string[]> = {
  ja: ["Han", "Hiragana", "Katakana"],
  "zh-CN": ["Han"],
  ar: ["Arabic"],
  he: ["Hebrew"],
};
const otherScripts = [
  "Han",
  "Hiragana",
  "Katakana",
  "Arabic",
  "Hebrew",
  "Hangul",
  "Cyrillic",
  "Greek",
  "Thai",
  "Devanagari",
];

/** Letters of a script the language does not write: a message pasted from another catalog. */
function foreignLetters(locale: string, message: string): boolean {
  const own = new Set(ownScripts[locale] ?? []);
  return otherScripts.some((script) => !own.has(script) && new RegExp(`\\p{Script=${script}}`, "u").test(message));
}

export interface CatalogProblems {
  missing: string[];
  /** Messages whose English changed since they were translated (scripts/i18n/translated-from.json). */
  stale: string[];
  /** Messages with letters of a script the language does not write (another catalog's message). */
  foreign: string[];
  extra: string[];
  arguments: string[];
  plurals: string[];
  untranslated: string[];
  unparsable: string[];
}

export function catalogProblems(
  locale: string,
  catalog: Record<string, string>,
  english: Record<string, string>,
): CatalogProblems {
  const problems: CatalogProblems = {
    missing: [],
    stale: [],
    foreign: [],
    extra: [],
    arguments: [],
    plurals: [],
    untranslated: [],
    unparsable: [],
  };
  const cardinal = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
  const ordinal = new Intl.PluralRules(locale, { type: "ordinal" }).resolvedOptions().pluralCategories;
  const allowed = new Set(sameAsEnglish[locale] ?? []);
  for (const id of Object.keys(english)) if (!(id in catalog)) problems.missing.push(id);
  for (const [id, message] of Object.entries(catalog)) {
    const source = english[id];
    if (source === undefined) {
      problems.extra.push(id);
      continue;
    }
    if (translatedFrom[id] !== source) problems.stale.push(`${id}: English is now ${JSON.stringify(source)}`);
    if (foreignLetters(locale, message)) problems.foreign.push(`${id}: ${message}`);
    try {
      const theirs = messageArguments(message).join();
      const ours = messageArguments(source).join();
      if (theirs !== ours) problems.arguments.push(`${id}: ${theirs} ≠ ${ours}`);
      for (const { argument, ordinal: isOrdinal, categories } of pluralCategoriesUsed(message)) {
        const missing = (isOrdinal ? ordinal : cardinal).filter((category) => !categories.includes(category));
        if (missing.length > 0) problems.plurals.push(`${id} {${argument}}: no ${missing.join(", ")}`);
      }
      const text = literalText(source);
      if (message === source && /\p{L}{2,}/u.test(text) && !sameInEveryLanguage.test(text) && !allowed.has(id)) {
        problems.untranslated.push(id);
      }
    } catch (error) {
      problems.unparsable.push(`${id}: ${(error as Error).message}`);
    }
  }
  return problems;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const locale = process.argv[2];
  if (locale === undefined) throw new Error("usage: catalog-problems.ts <locale> [catalog file]");
  const english = readCatalog(catalogFile("en"));
  const catalog = readCatalog(process.argv[3] ?? catalogFile(locale));
  const problems = catalogProblems(locale, catalog, english);
  let count = 0;
  for (const [kind, list] of Object.entries(problems) as [string, string[]][]) {
    for (const each of list) console.log(`${kind}: ${each}`);
    count += list.length;
  }
  console.log(
    count === 0 ? `${locale}: complete (${Object.keys(catalog).length} messages)` : `${locale}: ${count} problems`,
  );
  process.exit(count === 0 ? 0 : 1);
}
