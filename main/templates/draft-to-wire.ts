import type { CoordinateOrigin } from "../../common/coordinates";
import { flipBoxY } from "../../common/coordinates";
import type { Draft } from "../../common/draft";
import { groupsWithoutFields, groupWithoutFieldsMessage } from "../../common/draft-checks";
import { fieldBoxSizes } from "../../common/fields";
import { defineMessages } from "../../common/i18n/define-messages";
import { phrase } from "../../common/i18n/phrase";
import { checkRecipients, type RecipientInput, recipientProblemList } from "../../common/recipient-checks";
import type { WireField } from "../../common/wire";
import { HandlerError } from "../handler-error";

const messages = defineMessages({
  noSuchPage: {
    id: "main.templates.noSuchPage",
    defaultMessage: "A field is on page {page, number, ::group-off}, which the document does not have.",
  },
  oneRecipientEach: {
    id: "main.templates.oneRecipientEach",
    defaultMessage:
      "This template has {groupCount, plural, one {# recipient group} other {# recipient groups}}; enter exactly one recipient for each.",
  },
});

/**
 * A draft's fields as the service takes them (API-NOTES.md): `fields[i]` is recipient group i + 1 and
 * each of its fields says `recipient: i + 1`; x, y in points from the displayed page's top-left (or its
 * bottom-left, for an account that reads them so). Every group needs at least one field.
 */
export function draftToWireFields(draft: Draft, origin: CoordinateOrigin): WireField[][] {
  const [fieldless] = groupsWithoutFields(draft);
  if (fieldless !== undefined) throw new HandlerError("invalid_draft", groupWithoutFieldsMessage(fieldless));
  return draft.groups.map((group, index) => {
    const fields = draft.fields.filter((field) => field.groupId === group.id);
    return fields.map((field) => {
      const page = draft.pages[field.page - 1];
      if (page === undefined)
        throw new HandlerError("invalid_draft", phrase(messages.noSuchPage, { page: field.page }));
      return {
        id: field.id,
        x: field.x,
        y: flipBoxY(page, field.y, fieldBoxSizes[field.type].height, origin),
        page: field.page,
        type: field.type,
        recipient: index + 1,
      };
    });
  });
}

/**
 * One recipient per group, each passing the recipient check the forms make (common/recipient-checks.ts: a name, a
 * valid address, no address twice, for the service would notify the same person twice); `labels` name the groups.
 */
export function checkSendRecipients(recipients: readonly RecipientInput[], labels: readonly string[]): void {
  const groupCount = labels.length;
  if (recipients.length !== groupCount) {
    throw new HandlerError("invalid_argument", phrase(messages.oneRecipientEach, { groupCount }));
  }
  const [problem] = recipientProblemList(checkRecipients(recipients, labels));
  if (problem !== undefined) throw new HandlerError("invalid_argument", problem.words);
}
