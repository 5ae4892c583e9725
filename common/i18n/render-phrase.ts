import type { IntlShape } from "@formatjs/intl";
import { isPhrase, type Phrase, type PhraseValue } from "./phrase";

/** `phrase` in `intl`'s language; a phrase among its values is rendered first, in the same language. */
export function renderPhrase(intl: IntlShape, phrase: Phrase): string {
  const values =
    phrase.values === undefined
      ? undefined
      : Object.fromEntries(
          Object.entries(phrase.values).map(([name, value]: [string, PhraseValue]) => [
            name,
            isPhrase(value) ? renderPhrase(intl, value) : value,
          ]),
        );
  return intl.formatMessage({ id: phrase.id, defaultMessage: phrase.defaultMessage }, values);
}
