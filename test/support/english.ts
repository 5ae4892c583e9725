import { inEnglish } from "../../common/i18n/english";
import type { PhraseOrText } from "../../common/i18n/phrase";

/** Words main gives as phrases (notices, stored reasons), in English as a test reads them. */
export function english(words: PhraseOrText): string {
  return typeof words === "string" ? words : inEnglish(words);
}
