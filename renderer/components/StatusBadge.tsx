import { FormattedMessage, type IntlShape, useIntl } from "react-intl";
import { defineMessages } from "../../common/i18n/define-messages";
import type { MessageDescriptor } from "../../common/i18n/phrase";
import { knownStatuses, statusNotReported } from "../../common/statuses";
import "../screens/documents/documents.css";

const messages = defineMessages({
  pending: {
    id: "components.statusBadge.pending",
    defaultMessage: "Waiting for signatures",
    description: "A document's status: sent, nobody has signed yet.",
  },
  partiallySigned: {
    id: "components.statusBadge.partiallySigned",
    defaultMessage: "Partly signed",
    description: "A document's status: some recipients have signed.",
  },
  signed: { id: "components.statusBadge.signed", defaultMessage: "Signed", description: "A document's status." },
  declined: { id: "components.statusBadge.declined", defaultMessage: "Declined", description: "A document's status." },
  notReported: {
    id: "components.statusBadge.notReported",
    defaultMessage: "Status not reported",
    description: "The service listed the document without a status.",
  },
  finished: {
    id: "components.statusBadge.finished",
    defaultMessage: "{status}<extra> · Finished</extra>",
    description: "A document's status ('Signed'), when its final PDF exists: 'Signed · Finished'.",
  },
});

/** The words and look of the statuses the app knows (API-NOTES.md); any other string is shown as the service sent it. */
const known: Record<string, { label: MessageDescriptor; tone: string; mark: string }> = {
  pending: { label: messages.pending, tone: "pending", mark: "○" },
  partially_signed: { label: messages.partiallySigned, tone: "partial", mark: "◐" },
  signed: { label: messages.signed, tone: "signed", mark: "●" },
  declined: { label: messages.declined, tone: "declined", mark: "✕" },
};

/**
 * The words for a status: "Waiting for signatures" for pending, the string itself when the app does not
 * know it, "Status not reported" when the service listed the document without one.
 */
export function statusLabel(intl: IntlShape, status: string): string {
  if (status === statusNotReported) return intl.formatMessage(messages.notReported);
  const label = known[status]?.label;
  return label === undefined ? status : intl.formatMessage(label);
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
  const intl = useIntl();
  const entry = known[status];
  const finished = hasFinalPdf && status !== "declined";
  const tone = finished ? "finished" : (entry?.tone ?? "unknown");
  return (
    <span className={`status-badge status-${tone}`} data-status={status}>
      <span className="status-mark" aria-hidden="true">
        {finished ? "✓" : (entry?.mark ?? "?")}
      </span>
      <span className="status-words">
        {finished ? (
          <FormattedMessage
            {...messages.finished}
            values={{
              status: statusLabel(intl, status),
              extra: (chunks) => <span className="status-extra">{chunks}</span>,
            }}
          />
        ) : (
          statusLabel(intl, status)
        )}
      </span>
    </span>
  );
}
