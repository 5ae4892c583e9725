import { readFileSync } from "node:fs";
import path from "node:path";
import { IntlMessageFormat } from "intl-messageformat";

/**
 * A message of a shipped catalog, formatted as the window formats it: what a test looks for on a screen shown in
 * that language, taken from the catalog rather than typed again.
 */
function readCatalog(locale: string): Record<string, string> {
  const file = path.resolve(import.meta.dirname, `../../common/i18n/catalogs/${locale}.json`);
  return JSON.parse(readFileSync(file, "utf8")) as Record<string, string>;
}

/** A message's words before its first tag or argument: what a control shows first, whatever follows. */
export function catalogLead(locale: string, id: string): string {
  const message = readCatalog(locale)[id];
  if (message === undefined) throw new Error(`${locale} has no message ${id}`);
  return message.split(/[<{]/)[0]?.trim() ?? "";
}

export function catalogWords(locale: string): (id: string, values?: Record<string, string | number>) => string {
  const catalog = readCatalog(locale);
  return (id, values) => {
    const message = catalog[id];
    if (message === undefined) throw new Error(`${locale} has no message ${id}`);
    // Each tag's words as they read (a screen-reader-only part included), unless the test gives the tag.
    const tags = Object.fromEntries(
      [...message.matchAll(/<([a-zA-Z]+)>/g)].map(([, tag]) => [tag, (chunks: unknown[]) => chunks.join("")]),
    );
    const formatted = new IntlMessageFormat(message, locale).format({ ...tags, ...values });
    return Array.isArray(formatted) ? formatted.join("") : String(formatted);
  };
}
