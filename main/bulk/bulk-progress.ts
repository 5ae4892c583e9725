import type { BulkProgress } from "../../common/bulk-batches";
import type { JournalledBatch } from "./bulk-journal";

const minute = 60_000;

/**
 * A batch's progress as `bulk:progress` tells it: the rate over the rows finished in the last minute (`finished`,
 * their times; null when the batch is not running) and the time its rows left take at that rate.
 */
export function progressOf(batch: JournalledBatch, finished: readonly number[] | null, now: number): BulkProgress {
  const { accountId: _account, snapshotTaken: _snapshot, ...view } = batch;
  if (finished === null) return { batch: view, rowsPerMinute: null, secondsLeft: null };
  const first = finished[0];
  const span = first === undefined ? 0 : now - first;
  const rowsPerMinute = finished.length < 2 || span <= 0 ? null : (finished.length * minute) / span;
  const left = batch.counts.queued + batch.counts.sending + batch.counts.unknown;
  return {
    batch: view,
    rowsPerMinute: rowsPerMinute === null ? null : Math.round(rowsPerMinute),
    secondsLeft: rowsPerMinute === null ? null : Math.round((left / rowsPerMinute) * 60),
  };
}
