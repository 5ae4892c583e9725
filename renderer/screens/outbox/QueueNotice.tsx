import { useIntl } from "react-intl";
import type { OutboxSummary } from "../../../common/outbox";
import { asSentence } from "../../../common/sentence";
import { formatPhrase } from "../../i18n/format-phrase";

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
      {retrying ? "Retrying…" : "Retry now"}
    </button>
  );
  if (summary.paused !== null)
    return (
      <div className="problem outbox-notice" role="alert">
        <p>{asSentence(formatPhrase(intl, summary.paused))}</p>
        <div className="row-actions">
          <button type="button" onClick={onOpenAccounts}>
            Open Accounts
          </button>
          {retry}
        </div>
      </div>
    );
  if (summary.unreachable !== null)
    return (
      <div className="notice outbox-notice" role="status">
        <p>
          {summary.accountName ?? "The service"} cannot be reached:{" "}
          {asSentence(formatPhrase(intl, summary.unreachable))} They will be sent when it answers.
        </p>
        <div className="row-actions">{retry}</div>
      </div>
    );
  return null;
}
