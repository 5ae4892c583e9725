import { defineMessages } from "./i18n/define-messages";
import { type Phrase, phrase } from "./i18n/phrase";

const messages = defineMessages({
  firstGroup: {
    id: "main.drafts.firstGroupLabel",
    defaultMessage: "Recipient {number, number}",
    description: "The name of a new draft's first recipient group (who signs), editable in the editor.",
  },
});

/**
 * The label of a new draft's recipient group: the same words from main (the draft it creates) and from the window
 * (the draft it shows until main's arrives), each rendered in the language shown when the draft is made.
 */
export function firstGroupLabel(): Phrase {
  return recipientGroupLabel(1);
}

/** The label of the recipient group numbered `number` from 1 (a new draft's first; a document's tag for r2). */
export function recipientGroupLabel(number: number): Phrase {
  return phrase(messages.firstGroup, { number });
}

/**
 * The id of a new draft's recipient group, the same from main and from the window: when main's draft replaces the one
 * the window shows meanwhile, the group stays the same group (a rename begun in the editor is not lost).
 */
export function firstGroupId(draftId: string): string {
  return `${draftId}:group`;
}
