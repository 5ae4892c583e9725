import { FormattedMessage, useIntl } from "react-intl";
import type { BulkBatch } from "../../../common/bulk-batches";
import type { SigndeskApi } from "../../../common/contract";
import { defineMessages } from "../../../common/i18n/define-messages";
import { formatWhen } from "../../format/when";
import { stateSentence } from "../bulk/BatchView";
import { OpenBatchButton } from "../bulk/OpenBatchButton";
import { useBulkBatches } from "../bulk/use-bulk-batches";

const messages = defineMessages({
  heading: { id: "outbox.bulk.heading", defaultMessage: "Bulk sends", description: "Section heading." },
  meta: {
    id: "outbox.bulk.meta",
    defaultMessage: "{template} · {left, number} of {total, plural, other {# rows}} to send · started {when}",
    description:
      "Under a bulk send's file name: its template's name, the rows left, when it started ('5 minutes ago').",
  },
});

/**
 * The account's bulk sends with rows still to send. Their rows are journalled like the Outbox's items (queued,
 * sending, sent, failed, in doubt), in the batch's own journal; each is opened to pause, resume or cancel it.
 */
export function BulkSendsWaiting({ bridge, onOpen }: { bridge: SigndeskApi; onOpen: (batch: BulkBatch) => void }) {
  const intl = useIntl();
  const batches = useBulkBatches(bridge);
  if (batches.status !== "ready") return null;
  const unfinished = batches.value.filter((batch) => batch.state !== "done" && batch.state !== "cancelled");
  if (unfinished.length === 0) return null;
  return (
    <>
      <h2 id="outbox-bulk-title">{intl.formatMessage(messages.heading)}</h2>
      <ul className="draft-list" aria-labelledby="outbox-bulk-title">
        {unfinished.map((batch) => {
          const left = batch.counts.queued + batch.counts.sending + batch.counts.unknown;
          return (
            <li key={batch.batchId} className="outbox-item">
              <div className="outbox-item-top">
                <h3 className="outbox-item-title">
                  <bdi>{batch.fileName}</bdi>
                </h3>
              </div>
              <p className="draft-meta">
                <FormattedMessage
                  {...messages.meta}
                  values={{
                    template: <bdi>{batch.templateName}</bdi>,
                    left,
                    total: batch.total,
                    when: <time dateTime={batch.createdAt}>{formatWhen(intl, batch.createdAt)}</time>,
                  }}
                />
              </p>
              <p className="outbox-message">{stateSentence(intl, batch)}</p>
              <div className="row-actions outbox-item-actions">
                <OpenBatchButton batch={batch} onOpen={onOpen} />
              </div>
            </li>
          );
        })}
      </ul>
    </>
  );
}
