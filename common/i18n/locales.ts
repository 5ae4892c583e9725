import { match } from "@formatjs/intl-localematcher";
import { z } from "zod";

/**
 * The languages Signdesk speaks, each with a complete catalog (test/checks/catalogs.test.ts); English is the source
 * every other is translated from. A locale is added here with its catalog, never before.
 */
export const shippedLocales = ["en", "de", "fr", "es", "pt-BR", "it", "nl", "pl", "ja", "zh-CN", "ar", "he"] as const;
export type ShippedLocale = (typeof shippedLocales)[number];

/**
 * Generated from English for tests, never offered to people: en-XA accented and 40% longer, ar-XB right-to-left.
 * They show what a longer language or a right-to-left one does to every screen before any translation exists.
 */
export const pseudoLocales = ["en-XA", "ar-XB"] as const;
export type PseudoLocale = (typeof pseudoLocales)[number];

export type Locale = ShippedLocale | PseudoLocale;
export const sourceLocale: ShippedLocale = "en";

export const LocaleSchema = z.enum([...shippedLocales, ...pseudoLocales]);

/** The person's choice: a locale, or "system" to follow the system's preferred languages. */
export const LocaleChoiceSchema = z.union([z.literal("system"), LocaleSchema]);
export type LocaleChoice = z.infer<typeof LocaleChoiceSchema>;

/** Languages written right to left, by their primary language subtag (the pseudo-locale ar-XB among them). */
const rightToLeftLanguages: ReadonlySet<string> = new Set(["ar", "he", "fa", "ur"]);

export function isRightToLeft(locale: Locale): boolean {
  return rightToLeftLanguages.has(new Intl.Locale(locale).language);
}

export function textDirection(locale: Locale): "ltr" | "rtl" {
  return isRightToLeft(locale) ? "rtl" : "ltr";
}

/**
 * The shipped locale closest to the first of `preferred` (BCP 47 tags, most preferred first) that Signdesk speaks:
 * "pt-PT" falls back to pt-BR, "zh-Hans-SG" to zh-CN, "iw" to he; English when none is near.
 */
export function pickLocale(preferred: readonly string[]): ShippedLocale {
  const requested = preferred.flatMap((tag) => {
    try {
      return [Intl.getCanonicalLocales(tag)[0] ?? tag];
    } catch {
      return [];
    }
  });
  const found = match(requested, shippedLocales, sourceLocale, { algorithm: "best fit" });
  return (shippedLocales as readonly string[]).includes(found) ? (found as ShippedLocale) : sourceLocale;
}

/** The locale `choice` means, given the system's preferred languages. */
export function resolveLocale(choice: LocaleChoice, systemPreferred: readonly string[]): Locale {
  return choice === "system" ? pickLocale(systemPreferred) : choice;
}
