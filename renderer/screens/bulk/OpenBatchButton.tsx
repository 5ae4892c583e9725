import type { BulkBatch } from "../../../common/bulk-batches";

/** Opens a bulk send; "Open to resume" when it waits for the person. */
export function OpenBatchButton({ batch, onOpen }: { batch: BulkBatch; onOpen: (batch: BulkBatch) => void }) {
  return (
    <button type="button" onClick={() => onOpen(batch)}>
      {batch.state === "interrupted" || batch.state === "paused" ? "Open to resume" : "Open"}
      <span className="visually-hidden"> {batch.fileName}</span>
    </button>
  );
}
