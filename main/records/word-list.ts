import { defineMessages } from "../../common/i18n/define-messages";
import { type Phrase, phrase } from "../../common/i18n/phrase";

const messages = defineMessages({
  pair: {
    id: "main.records.listPair",
    defaultMessage: "{first}, {rest}",
    description: "Two parts of a list of what was kept or left out, the second maybe a list itself",
  },
});

/** `items` one after another ("2 documents, 1 template, 0 webhooks"); empty: "". */
export function listOf(items: readonly Phrase[]): Phrase | string {
  const [first, ...rest] = items;
  if (first === undefined) return "";
  return rest.length === 0 ? first : phrase(messages.pair, { first, rest: listOf(rest) });
}
