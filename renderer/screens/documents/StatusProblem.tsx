import { FormattedMessage, useIntl } from "react-intl";
import { defineMessages } from "../../../common/i18n/define-messages";
import type { DocumentRecord } from "../../../common/records";
import { formatPhrase } from "../../i18n/format-phrase";
import { When } from "./When";

const messages = defineMessages({
  problem: {
    id: "documents.statusProblem",
    defaultMessage: "Status can't be read since {since}: {reason}",
    description: "{since} is a moment in words ('5 minutes ago', 'just now'); {reason} says why the answers fail.",
  },
});

/** "Status can't be read since 5 minutes ago: <reason>", for a document whose answers keep failing. */
export function StatusProblem({ record, now }: { record: DocumentRecord; now: number }) {
  const intl = useIntl();
  const problem = record.statusProblem;
  if (problem === undefined) return null;
  return (
    <span className="status-problem" data-testid="status-problem">
      <FormattedMessage
        {...messages.problem}
        values={{ since: <When iso={problem.since} now={now} />, reason: formatPhrase(intl, problem.reason) }}
      />
    </span>
  );
}
