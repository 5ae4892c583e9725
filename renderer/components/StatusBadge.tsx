import { knownStatuses, statusNotReported } from "../../common/statuses";
import "../screens/documents/documents.css";

/** The words and look of the statuses the app knows (API-NOTES.md); any other string is shown as the service sent it. */
const known: Record<string, { label: string; tone: string; mark: string }> = {
  pending: { label: "Waiting for signatures", tone: "pending", mark: "○" },
  partially_signed: { label: "Partly signed", tone: "partial", mark: "◐" },
  signed: { label: "Signed", tone: "signed", mark: "●" },
  declined: { label: "Declined", tone: "declined", mark: "✕" },
};

/**
 * The words for a status: "Waiting for signatures" for pending, the string itself when the app does not
 * know it, "Status not reported" when the service listed the document without one.
 */
export function statusLabel(status: string): string {
  if (status === statusNotReported) return "Status not reported";
  return known[status]?.label ?? status;
}

export { statusRank } from "../../common/statuses";

export const knownStatusOrder: readonly string[] = knownStatuses;

interface StatusBadgeProps {
  status: string;
  /** The document's final PDF exists: shown as "Finished". */
  hasFinalPdf?: boolean;
}

/**
 * A document's status in words, with a colour and a mark that only repeat what the words say.
 * Unknown statuses keep the service's own text, in a neutral style.
 */
export function StatusBadge({ status, hasFinalPdf = false }: StatusBadgeProps) {
  const entry = known[status];
  const finished = hasFinalPdf && status !== "declined";
  const tone = finished ? "finished" : (entry?.tone ?? "unknown");
  return (
    <span className={`status-badge status-${tone}`} data-status={status}>
      <span className="status-mark" aria-hidden="true">
        {finished ? "✓" : (entry?.mark ?? "?")}
      </span>
      <span className="status-words">
        {statusLabel(status)}
        {finished && <span className="status-extra"> · Finished</span>}
      </span>
    </span>
  );
}
