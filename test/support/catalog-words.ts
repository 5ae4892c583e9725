import { readFileSync } from "node:fs";
import path from "node:path";
import { IntlMessageFormat } from "intl-messageformat";

/**
 * A message of a shipped catalog, formatted as the window formats it: what a test looks for on a screen shown in
 * that language, taken from the catalog rather than typed again.
 */
export function catalogWords(locale: string): (id: string, values?: Record<string, string | number>) => string {
  const file = path.resolve(import.meta.dirname, `../../common/i18n/catalogs/${locale}.json`);
  const catalog = JSON.parse(readFileSync(file, "utf8")) as Record<string, string>;
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
