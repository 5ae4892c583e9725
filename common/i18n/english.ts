import { createIntl, createIntlCache, type IntlShape } from "@formatjs/intl";
import type { Phrase } from "./phrase";
import { renderPhrase } from "./render-phrase";

let english: IntlShape | null = null;

/** `phrase` in English, from its default message: for logs and an Error's own `message`, never for the window. */
export function inEnglish(phrase: Phrase): string {
  english ??= createIntl({ locale: "en", messages: {}, onError: () => {} }, createIntlCache());
  return renderPhrase(english, phrase);
}
