import { useCallback, useEffect, useState } from "react";
import { type IntlShape, useIntl } from "react-intl";
import type { BulkBatch, BulkProgress, BulkRowView } from "../../../common/bulk-batches";
import type { SigndeskApi } from "../../../common/contract";
import { Pager } from "../../components/Pager";
import { formatPhrase } from "../../i18n/format-phrase";

interface BatchViewProps {
  bridge: SigndeskApi;
  batch: BulkBatch;
  onShowDocuments: (batch: BulkBatch) => void;
  /** Opens a sent row's document in Documents. */
  onOpenDocument: (pdfId: string) => void;
}

const pageSize = 100;

const outcomeWords: Record<BulkRowView["state"], string> = {
  queued: "Waiting",
  sending: "Sending…",
  sent: "Sent",
  unknown: "Answer lost: checking with the service",
  failed: "Not sent",
  cancelled: "Cancelled",
};

export function stateSentence(batch: BulkBatch, intl: IntlShape): string {
  const reason = batch.stateReason === null ? null : formatPhrase(intl, batch.stateReason);
  const done = batch.counts.sent + batch.counts.failed + batch.counts.cancelled;
  const of = `${done.toLocaleString()} of ${batch.total.toLocaleString()} rows done`;
  switch (batch.state) {
    case "ready":
      return "Ready to send.";
    case "sending":
      return reason ?? `Sending: ${of}.`;
    case "paused":
      return `Paused: ${of}.${reason === null ? "" : ` ${reason}`}`;
    case "interrupted":
      return `Interrupted when Signdesk stopped: ${of}. Resume to send the rest; rows whose answers were lost are checked first, never sent twice.`;
    case "cancelled":
      return `Cancelled: ${batch.counts.sent.toLocaleString()} sent, ${batch.counts.cancelled.toLocaleString()} not sent.`;
    case "done":
      return `Finished: ${batch.counts.sent.toLocaleString()} sent${batch.counts.failed > 0 ? `, ${batch.counts.failed.toLocaleString()} not sent` : ""}.`;
  }
}

function duration(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  return minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** A batch being sent or sent: progress, pause, resume, cancel, and each row's outcome with an export. */
export function BatchView({ bridge, batch: initial, onShowDocuments, onOpenDocument }: BatchViewProps) {
  const intl = useIntl();
  const [batch, setBatch] = useState(initial);
  const [pace, setPace] = useState<Pick<BulkProgress, "rowsPerMinute" | "secondsLeft">>({
    rowsPerMinute: null,
    secondsLeft: null,
  });
  const [rows, setRows] = useState<BulkRowView[]>([]);
  const [page, setPage] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const [exported, setExported] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const loadRows = useCallback(async () => {
    const result = await bridge.bulkRows({ batchId: initial.batchId, offset: page * pageSize, limit: pageSize });
    if (result.ok) setRows(result.value.rows);
    else setProblem(result.error.message);
  }, [bridge, initial.batchId, page]);

  useEffect(() => {
    void loadRows();
  }, [loadRows]);
  useEffect(() => {
    let pending: number | null = null;
    const stop = bridge.on("bulk:progress", (event) => {
      if (event.batch.batchId !== initial.batchId) return;
      setBatch(event.batch);
      setPace({ rowsPerMinute: event.rowsPerMinute, secondsLeft: event.secondsLeft });
      // The rows are read again at most twice a second while the batch sends.
      pending ??= window.setTimeout(() => {
        pending = null;
        void loadRows();
      }, 500);
    });
    return () => {
      stop();
      if (pending !== null) window.clearTimeout(pending);
    };
  }, [bridge, initial.batchId, loadRows]);

  const act = async (
    call: () => Promise<{ ok: true; value: BulkBatch } | { ok: false; error: { message: string } }>,
  ) => {
    setBusy(true);
    setProblem(null);
    const result = await call();
    setBusy(false);
    if (result.ok) setBatch(result.value);
    else setProblem(result.error.message);
  };

  const done = batch.counts.sent + batch.counts.failed + batch.counts.cancelled;
  const running = batch.state === "sending";
  const resumable = batch.state === "paused" || batch.state === "interrupted" || batch.state === "ready";
  const finished = batch.state === "done" || batch.state === "cancelled";
  const pages = Math.max(1, Math.ceil(batch.total / pageSize));

  return (
    <div className="bulk-batch">
      <div className="progress" aria-live="polite">
        <progress max={batch.total} value={done} aria-label="Rows done" />
        <span data-testid="bulk-state">{stateSentence(batch, intl)}</span>
      </div>
      <p className="muted small" data-testid="bulk-counts">
        {batch.counts.sent.toLocaleString()} sent · {batch.counts.failed.toLocaleString()} not sent ·{" "}
        {(batch.counts.queued + batch.counts.sending).toLocaleString()} to send
        {batch.counts.unknown > 0 ? ` · ${batch.counts.unknown.toLocaleString()} being checked` : ""}
        {running && pace.rowsPerMinute !== null ? ` · ${pace.rowsPerMinute.toLocaleString()} rows a minute` : ""}
        {running && pace.secondsLeft !== null ? ` · about ${duration(pace.secondsLeft)} left` : ""}
      </p>
      {problem !== null && (
        <p className="problem" role="alert">
          {problem}
        </p>
      )}
      <div className="form-actions">
        {running && (
          <button
            type="button"
            disabled={busy}
            onClick={() => void act(() => bridge.bulkPause({ batchId: batch.batchId }))}
          >
            Pause
          </button>
        )}
        {resumable && (
          <button
            type="button"
            className="primary"
            disabled={busy}
            onClick={() => void act(() => bridge.bulkStart({ batchId: batch.batchId }))}
          >
            {batch.state === "ready" ? "Start sending" : "Resume"}
          </button>
        )}
        {!finished && (
          <button
            type="button"
            className="danger"
            disabled={busy}
            onClick={() => void act(() => bridge.bulkCancel({ batchId: batch.batchId }))}
          >
            Cancel the rows not sent
          </button>
        )}
        {batch.counts.sent > 0 && (
          <button type="button" onClick={() => onShowDocuments(batch)}>
            Show its documents
          </button>
        )}
        <button
          type="button"
          onClick={() =>
            void bridge.bulkExport({ batchId: batch.batchId }).then((result) => {
              if (result.ok) setExported(result.value.path);
              else setProblem(result.error.message);
            })
          }
        >
          Export results (CSV)
        </button>
      </div>
      {exported !== null && (
        <p className="notice" role="status">
          Results saved to <code className="saved-path">{exported}</code>{" "}
          <button
            type="button"
            className="link-button"
            onClick={() => void bridge.documentsShowInFolder({ path: exported })}
          >
            Show in folder
          </button>
        </p>
      )}

      <h2 className="section-title">Rows</h2>
      <Pager page={page} pages={pages} label="Pages of results" onPage={setPage} />
      <div className="documents-table-frame">
        <table className="documents-table bulk-table" data-testid="bulk-results">
          <caption className="visually-hidden">What came of each row</caption>
          <thead>
            <tr>
              <th scope="col" className="bulk-line">
                Line
              </th>
              <th scope="col">Recipients</th>
              <th scope="col">Document name</th>
              <th scope="col">Outcome</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.position} data-line={row.line} data-state={row.state}>
                <th scope="row">{row.line}</th>
                <td>
                  {row.recipients.map((recipient) => (
                    <span className="recipient-email" key={recipient.email}>
                      {recipient.name} <span className="muted small bulk-email">{recipient.email}</span>
                    </span>
                  ))}
                </td>
                <td>
                  {row.pdfId === null ? (
                    row.documentName
                  ) : (
                    <button type="button" className="link-button" onClick={() => onOpenDocument(row.pdfId ?? "")}>
                      {row.documentName}
                      <span className="visually-hidden"> (line {row.line})</span>
                    </button>
                  )}
                </td>
                <td>
                  <span className={`bulk-outcome bulk-${row.state}`}>{outcomeWords[row.state]}</span>
                  {row.message !== null && row.state !== "sent" && (
                    <span className="muted small"> {formatPhrase(intl, row.message)}</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
