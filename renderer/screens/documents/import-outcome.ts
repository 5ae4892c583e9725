import type { IntlShape } from "react-intl";
import { defineMessages } from "../../../common/i18n/define-messages";

const messages = defineMessages({
  outcome: {
    id: "documents.import.outcome",
    defaultMessage:
      "{imported, plural, =0 {Nothing new: every document the service has is already listed.} one {Added # document from the service.} other {Added # documents from the service.}}{skipped, plural, =0 {} one { # listed document was left out: the service listed it in a form Signdesk cannot read.} other { # listed documents were left out: the service listed them in a form Signdesk cannot read.}}",
    description: "What 'Import from service' says when done: documents added, then those it could not read.",
  },
});

/** What "Import from service" says when done: how many documents it added, and how many it had to leave out. */
export function importOutcomeText(
  intl: IntlShape,
  { imported, skipped }: { imported: number; skipped: number },
): string {
  return intl.formatMessage(messages.outcome, { imported, skipped });
}
