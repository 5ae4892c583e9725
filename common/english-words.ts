import { inEnglish } from "./i18n/english";
import { phrase } from "./i18n/phrase";
import type { MessageFormatter } from "./i18n/render-phrase";

/** Messages in English, from their defaults: where words are made with no language asked for (tests, the sandbox). */
export const englishWords: MessageFormatter = {
  formatMessage: (message, values) => inEnglish(phrase(message, values)),
};
