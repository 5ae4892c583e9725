import { useState } from "react";
import type { BulkBatch } from "../../../common/bulk-batches";
import type { SigndeskApi } from "../../../common/contract";
import { useResource } from "../../hooks/useResource";

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
        return (
          <p key={batch.batchId}>
            The bulk send of “{batch.fileName}” stopped when Signdesk did: {done.toLocaleString()} of{" "}
            {batch.total.toLocaleString()} rows done.{" "}
            <button
              type="button"
              className="link-button"
              onClick={() => {
                setOpened(new Set(opened).add(batch.batchId));
                onOpen(batch);
              }}
            >
              Open it to resume<span className="visually-hidden"> {batch.fileName}</span>
            </button>
          </p>
        );
      })}
    </div>
  );
}
