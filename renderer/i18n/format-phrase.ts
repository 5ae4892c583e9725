import type { IntlShape } from "react-intl";
import type { PhraseOrText } from "../../common/i18n/phrase";
import { renderPhrase } from "../../common/i18n/render-phrase";

/** Words main sent (an error, a notice, a stored reason) in the window's language; text not ours shown as it is. */
export function formatPhrase(intl: IntlShape, words: PhraseOrText): string {
  return typeof words === "string" ? words : renderPhrase(intl, words);
}
