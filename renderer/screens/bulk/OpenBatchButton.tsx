import type { ReactNode } from "react";
import { FormattedMessage } from "react-intl";
import type { BulkBatch } from "../../../common/bulk-batches";
import { defineMessages } from "../../../common/i18n/define-messages";

const messages = defineMessages({
  open: {
    id: "bulk.openBatch.button",
    defaultMessage: "{resume, select, yes {Open to resume} other {Open}}<hidden> {fileName}</hidden>",
    description:
      "Opens a bulk send (one document per row of a CSV file); 'Open to resume' when it is paused or was interrupted. The file's name is read by screen readers only.",
  },
});

const hidden = (chunks: ReactNode[]) => <span className="visually-hidden">{chunks}</span>;

/** Opens a bulk send; "Open to resume" when it waits for the person. */
export function OpenBatchButton({ batch, onOpen }: { batch: BulkBatch; onOpen: (batch: BulkBatch) => void }) {
  return (
    <button type="button" onClick={() => onOpen(batch)}>
      <FormattedMessage
        {...messages.open}
        values={{
          resume: batch.state === "interrupted" || batch.state === "paused" ? "yes" : "no",
          fileName: <bdi>{batch.fileName}</bdi>,
          hidden,
        }}
      />
    </button>
  );
}
