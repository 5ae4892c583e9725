import { useIntl } from "react-intl";
import type { OutboxState } from "../../common/outbox";
import { stateWords } from "./outbox-words";
import "../screens/documents/documents.css";

/** The status badge's look for each state: its colour and mark only repeat the words. */
const looks: Record<OutboxState, { tone: string; mark: string }> = {
  queued: { tone: "partial", mark: "◷" },
  sending: { tone: "partial", mark: "↑" },
  sent: { tone: "signed", mark: "✓" },
  failed: { tone: "declined", mark: "✕" },
  unknown: { tone: "pending", mark: "?" },
  cancelled: { tone: "unknown", mark: "–" },
};

/** An outbox item's state in words: Queued, Sending, Failed, In doubt, Sent, Cancelled. */
export function OutboxStateBadge({ state }: { state: OutboxState }) {
  const intl = useIntl();
  const look = looks[state];
  return (
    <span className={`status-badge status-${look.tone}`} data-outbox-state={state}>
      <span className="status-mark" aria-hidden="true">
        {look.mark}
      </span>
      <span className="status-words">{stateWords(intl, state)}</span>
    </span>
  );
}
