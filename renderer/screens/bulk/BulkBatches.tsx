import type { ReactNode } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { BulkBatch } from "../../../common/bulk-batches";
import type { SigndeskApi } from "../../../common/contract";
import { defineMessages } from "../../../common/i18n/define-messages";
import { formatWhen } from "../../format/when";
import { stateSentence } from "./BatchView";
import { OpenBatchButton } from "./OpenBatchButton";
import { useBulkBatches } from "./use-bulk-batches";
import "./bulk.css";

const messages = defineMessages({
  title: {
    id: "bulk.batches.title",
    defaultMessage: "Bulk sends ({count, number}{unfinished, plural, =0 {} other {, # not finished}})",
    description: "Folded list under the Documents toolbar: how many bulk sends, and how many are not finished.",
  },
  item: {
    id: "bulk.batches.item",
    defaultMessage: "<strong>{fileName}</strong> · {templateName} · {createdAt}",
    description: "A bulk send in the list: its CSV file's name, its template's name, when it was created.",
  },
});

const strong = (chunks: ReactNode[]) => <strong>{chunks}</strong>;

/** The account's bulk sends, folded under the Documents toolbar: each one's state, and a way to open it. */
export function BulkBatches({ bridge, onOpen }: { bridge: SigndeskApi; onOpen: (batch: BulkBatch) => void }) {
  const intl = useIntl();
  const batches = useBulkBatches(bridge);
  if (batches.status !== "ready" || batches.value.length === 0) return null;
  const unfinished = batches.value.filter((batch) => batch.state !== "done" && batch.state !== "cancelled").length;
  return (
    <details className="bulk-batches" open={unfinished > 0}>
      <summary>{intl.formatMessage(messages.title, { count: batches.value.length, unfinished })}</summary>
      <ul className="batch-list">
        {batches.value.map((batch) => (
          <li key={batch.batchId}>
            <span>
              <FormattedMessage
                {...messages.item}
                values={{
                  fileName: <bdi>{batch.fileName}</bdi>,
                  templateName: <bdi>{batch.templateName}</bdi>,
                  createdAt: formatWhen(intl, batch.createdAt),
                  strong,
                }}
              />
              <br />
              <span className="muted small">{stateSentence(intl, batch)}</span>
            </span>
            <OpenBatchButton batch={batch} onOpen={onOpen} />
          </li>
        ))}
      </ul>
    </details>
  );
}
