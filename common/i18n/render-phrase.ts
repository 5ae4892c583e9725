import { isPhrase, type MessageDescriptor, type Phrase, type PhraseValue } from "./phrase";

/** What renders a message: formatjs's IntlShape in main and react-intl's in the window alike. */
export interface MessageFormatter {
  formatMessage(descriptor: MessageDescriptor, values?: Record<string, string | number>): string;
}

/** `phrase` in `intl`'s language; a phrase among its values is rendered first, in the same language. */
export function renderPhrase(intl: MessageFormatter, phrase: Phrase): string {
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
