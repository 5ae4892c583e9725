import { useIntl } from "react-intl";
import type { BulkBatch } from "../../../common/bulk-batches";
import type { SigndeskApi } from "../../../common/contract";
import { formatWhen } from "../../format/when";
import { stateSentence } from "./BatchView";
import { OpenBatchButton } from "./OpenBatchButton";
import { useBulkBatches } from "./use-bulk-batches";
import "./bulk.css";

/** The account's bulk sends, folded under the Documents toolbar: each one's state, and a way to open it. */
export function BulkBatches({ bridge, onOpen }: { bridge: SigndeskApi; onOpen: (batch: BulkBatch) => void }) {
  const intl = useIntl();
  const batches = useBulkBatches(bridge);
  if (batches.status !== "ready" || batches.value.length === 0) return null;
  const unfinished = batches.value.filter((batch) => batch.state !== "done" && batch.state !== "cancelled").length;
  return (
    <details className="bulk-batches" open={unfinished > 0}>
      <summary>
        Bulk sends ({batches.value.length.toLocaleString()}
        {unfinished > 0 ? `, ${unfinished.toLocaleString()} not finished` : ""})
      </summary>
      <ul className="batch-list">
        {batches.value.map((batch) => (
          <li key={batch.batchId}>
            <span>
              <strong>{batch.fileName}</strong> · {batch.templateName} · {formatWhen(intl, batch.createdAt)}
              <br />
              <span className="muted small">{stateSentence(batch)}</span>
            </span>
            <OpenBatchButton batch={batch} onOpen={onOpen} />
          </li>
        ))}
      </ul>
    </details>
  );
}
