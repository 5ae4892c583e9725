import type { MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { z } from "zod";
import { type Locale, type PseudoLocale, pseudoLocales, sourceLocale } from "./locales";

/** A catalog on disk: each message's id and its ICU MessageFormat text. */
export const CatalogSchema = z.record(z.string().min(1), z.string());
export type Catalog = z.infer<typeof CatalogSchema>;

/** What formatjs takes: messages as text, or parsed (the pseudo-locales are built from parsed English). */
export type LoadedCatalog = Catalog | Record<string, MessageFormatElement[]>;

/**
 * A catalog as main sends it to the window (locale:catalog): the window keeps no copy of its own, so each language
 * ships once. Parsed messages are checked as arrays only: they are formatjs's own output (pseudo.ts).
 */
export const CatalogPayloadSchema = z.union([
  z.record(z.string(), z.string()),
  z.record(
    z.string(),
    z.array(
      z.custom<MessageFormatElement>(
        (element) =>
          typeof element === "object" && element !== null && typeof (element as { type?: unknown }).type === "number",
      ),
    ),
  ),
]);

function isPseudo(locale: Locale): locale is PseudoLocale {
  return (pseudoLocales as readonly string[]).includes(locale);
}

async function readCatalog(locale: Exclude<Locale, PseudoLocale>): Promise<Catalog> {
  // One chunk per locale: the bundlers split this import by file, so only the language shown is loaded.
  const module: { default: unknown } = await import(`./catalogs/${locale}.json`);
  return CatalogSchema.parse(module.default);
}

/** The messages of `locale`, for react-intl in the window and @formatjs/intl in main. */
export async function loadCatalog(locale: Locale): Promise<LoadedCatalog> {
  if (!isPseudo(locale)) return readCatalog(locale);
  const [{ pseudoCatalog }, source] = await Promise.all([import("./pseudo"), readCatalog(sourceLocale)]);
  return pseudoCatalog(source, locale);
}
