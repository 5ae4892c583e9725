import { FormattedMessage, useIntl } from "react-intl";
import { defineMessages } from "../../../common/i18n/define-messages";
import type { OutboxSummary } from "../../../common/outbox";
import { asSentence } from "../../../common/sentence";
import { formatPhrase } from "../../i18n/format-phrase";

const messages = defineMessages({
  retrying: { id: "outbox.queueNotice.retrying", defaultMessage: "Retrying…" },
  retryNow: {
    id: "outbox.queueNotice.retryNow",
    defaultMessage: "Retry now",
    description: "Button: asks the service at once rather than at the next retry.",
  },
  openAccounts: {
    id: "outbox.queueNotice.openAccounts",
    defaultMessage: "Open Accounts",
    description: "Button: shows the Accounts screen.",
  },
  unreachable: {
    id: "outbox.queueNotice.unreachable",
    defaultMessage: "{account} cannot be reached: {reason} They will be sent when it answers.",
    description: "{account}: the account's name; {reason}: why, a sentence; 'They': the items waiting.",
  },
  serviceUnreachable: {
    id: "outbox.queueNotice.serviceUnreachable",
    defaultMessage: "The service cannot be reached: {reason} They will be sent when it answers.",
    description: "{reason}: why, a sentence; 'They': the items waiting.",
  },
});

interface QueueNoticeProps {
  summary: OutboxSummary;
  retrying: boolean;
  /** Asks the service at once (and resumes a paused queue). */
  onRetry: () => void;
  onOpenAccounts: () => void;
}

/**
 * Why what waits does not go out now: the account's queue is paused (its key or address was refused: fixed on the
 * Accounts screen), or the service cannot be reached (Signdesk asks again by itself). Nothing when neither.
 */
export function QueueNotice({ summary, retrying, onRetry, onOpenAccounts }: QueueNoticeProps) {
  const intl = useIntl();
  const retry = (
    <button type="button" onClick={onRetry} disabled={retrying}>
      {intl.formatMessage(retrying ? messages.retrying : messages.retryNow)}
    </button>
  );
  if (summary.paused !== null)
    return (
      <div className="problem outbox-notice" role="alert">
        <p>{asSentence(formatPhrase(intl, summary.paused))}</p>
        <div className="row-actions">
          <button type="button" onClick={onOpenAccounts}>
            {intl.formatMessage(messages.openAccounts)}
          </button>
          {retry}
        </div>
      </div>
    );
  if (summary.unreachable !== null) {
    const reason = asSentence(formatPhrase(intl, summary.unreachable));
    return (
      <div className="notice outbox-notice" role="status">
        <p>
          {summary.accountName === null ? (
            <FormattedMessage {...messages.serviceUnreachable} values={{ reason }} />
          ) : (
            <FormattedMessage
              {...messages.unreachable}
              values={{ account: <bdi>{summary.accountName}</bdi>, reason }}
            />
          )}
        </p>
        <div className="row-actions">{retry}</div>
      </div>
    );
  }
  return null;
}
