import { englishWords } from "./english-words";
import { readableText, shorten } from "./file-names";
import { defineMessages } from "./i18n/define-messages";
import type { MessageFormatter } from "./i18n/render-phrase";
import { maxRecordNameLength } from "./record-names";

const messages = defineMessages({
  documentName: {
    id: "rules.documentNaming.documentName",
    defaultMessage: "{template} – {recipient}",
    description:
      "A sent document's name when the sender gives none: its template's name, then its first recipient's name.",
  },
  emailSubject: {
    id: "rules.documentNaming.emailSubject",
    defaultMessage: "Please sign: {documentName}",
    description: "The subject offered for the e-mail asking recipients to sign a document.",
  },
});

/**
 * The one rule for what a sent document is called when the person names it no other way, and for the subject its
 * e-mail gets: the Send screen, main's documentsSend and bulk send all use these, so that every copy of a template
 * reads as "<template> – <first recipient>" in Documents, notifications and the Outbox, and in the recipients' inbox.
 */

/** `text` within `max` UTF-16 units, cut between characters as the reader sees them and ended with "…" when cut. */
function within(text: string, max: number): string {
  return text.length <= max ? text : `${shorten(text, max - 1).trimEnd()}…`;
}

/**
 * "<template> – <first recipient>", within the name limit (maxRecordNameLength) and free of what a name may not hold
 * (line breaks, direction marks). The recipient's name tells copies apart, so when both do not fit, the template's
 * name gives way first, down to half the room. Without a recipient's name yet: the template's name alone. In `intl`'s
 * language (the words around the names are a message; English when not given).
 */
export function defaultDocumentName(
  templateName: string,
  firstRecipientName = "",
  intl: MessageFormatter = englishWords,
): string {
  const template = readableText(templateName);
  const recipient = readableText(firstRecipientName);
  if (recipient === "") return within(template, maxRecordNameLength);
  if (template === "") return within(recipient, maxRecordNameLength);
  const named = (templatePart: string, recipientPart: string) =>
    intl.formatMessage(messages.documentName, { template: templatePart, recipient: recipientPart });
  const room = maxRecordNameLength - named("", "").length;
  const templateRoom = Math.max(room - recipient.length, Math.min(template.length, Math.floor(room / 2)));
  const templatePart = within(template, templateRoom);
  return named(templatePart, within(recipient, room - templatePart.length));
}

/** The subject offered for a document's e-mail (the person may change it), in `intl`'s language. */
export function defaultEmailSubject(documentName: string, intl: MessageFormatter = englishWords): string {
  return intl.formatMessage(messages.emailSubject, { documentName: documentName.trim() });
}
