import { type ReactNode, useState } from "react";
import { FormattedMessage } from "react-intl";
import type { BulkBatch } from "../../../common/bulk-batches";
import type { SigndeskApi } from "../../../common/contract";
import { defineMessages } from "../../../common/i18n/define-messages";
import { useResource } from "../../hooks/useResource";

const messages = defineMessages({
  stopped: {
    id: "bulk.interrupted.stopped",
    defaultMessage:
      "The bulk send of “{fileName}” stopped when {product} did: {done, number} of {total, plural, other {# rows}} done.",
    description:
      "A banner shown at start for a bulk send (one document per row of a CSV file) cut short by a crash or quit.",
  },
  openToResume: {
    id: "bulk.interrupted.openToResume",
    defaultMessage: "Open it to resume<hidden> {fileName}</hidden>",
    description: "Link-like button after the banner's sentence; the file's name is read by screen readers only.",
  },
});

const hidden = (chunks: ReactNode[]) => <span className="visually-hidden">{chunks}</span>;

/**
 * At start (and when the account changes), the bulk sends Signdesk stopped in the middle of (a crash, a quit): each
 * is offered for resuming, whatever screen is shown.
 */
export function InterruptedBatches({
  bridge,
  accountKey,
  onOpen,
}: {
  bridge: SigndeskApi;
  /** Changes when the active account does: its batches are read again. */
  accountKey: string;
  onOpen: (batch: BulkBatch) => void;
}) {
  const [batches] = useResource(() => bridge.bulkList(), [bridge, accountKey]);
  /** Opened from here: no longer offered. */
  const [opened, setOpened] = useState<ReadonlySet<string>>(new Set());
  if (batches.status !== "ready") return null;
  const interrupted = batches.value.filter((batch) => batch.state === "interrupted" && !opened.has(batch.batchId));
  if (interrupted.length === 0) return null;
  return (
    <div className="app-banner notice interrupted-batches" role="status">
      {interrupted.map((batch) => {
        const done = batch.counts.sent + batch.counts.failed + batch.counts.cancelled;
        const fileName = <bdi>{batch.fileName}</bdi>;
        return (
          <p key={batch.batchId}>
            <FormattedMessage
              {...messages.stopped}
              values={{ fileName, product: "Signdesk", done, total: batch.total }}
            />{" "}
            <button
              type="button"
              className="link-button"
              onClick={() => {
                setOpened(new Set(opened).add(batch.batchId));
                onOpen(batch);
              }}
            >
              <FormattedMessage {...messages.openToResume} values={{ fileName, hidden }} />
            </button>
          </p>
        );
      })}
    </div>
  );
}
