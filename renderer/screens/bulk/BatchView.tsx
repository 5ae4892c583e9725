import { type ReactNode, useCallback, useEffect, useState } from "react";
import { FormattedMessage, type IntlShape, useIntl } from "react-intl";
import type { BulkBatch, BulkProgress, BulkRowView } from "../../../common/bulk-batches";
import type { SigndeskApi } from "../../../common/contract";
import { defineMessages } from "../../../common/i18n/define-messages";
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

/** Each row's outcome in a bulk send's results. */
const outcomeMessages = defineMessages<BulkRowView["state"]>({
  queued: { id: "bulk.outcome.queued", defaultMessage: "Waiting", description: "A bulk send row not sent yet." },
  sending: { id: "bulk.outcome.sending", defaultMessage: "Sending…" },
  sent: { id: "bulk.outcome.sent", defaultMessage: "Sent" },
  unknown: { id: "bulk.outcome.unknown", defaultMessage: "Answer lost: checking with the service" },
  failed: { id: "bulk.outcome.failed", defaultMessage: "Not sent" },
  cancelled: { id: "bulk.outcome.cancelled", defaultMessage: "Cancelled" },
});

const stateMessages = defineMessages({
  ready: { id: "bulk.state.ready", defaultMessage: "Ready to send.", description: "A bulk send's state." },
  sending: {
    id: "bulk.state.sending",
    defaultMessage: "Sending: {done, number} of {total, plural, other {# rows}} done.",
    description: "A bulk send's state: how many of its rows are sent, failed or cancelled.",
  },
  paused: {
    id: "bulk.state.paused",
    defaultMessage: "Paused: {done, number} of {total, plural, other {# rows}} done.",
    description: "A bulk send's state.",
  },
  pausedWithReason: {
    id: "bulk.state.pausedWithReason",
    defaultMessage: "Paused: {done, number} of {total, plural, other {# rows}} done. {reason}",
    description: "A bulk send's state, then why it paused (a sentence).",
  },
  interrupted: {
    id: "bulk.state.interrupted",
    defaultMessage:
      "Interrupted when {product} stopped: {done, number} of {total, plural, other {# rows}} done. Resume to send the rest; rows whose answers were lost are checked first, never sent twice.",
    description: "A bulk send's state after a crash or quit.",
  },
  cancelled: {
    id: "bulk.state.cancelled",
    defaultMessage: "Cancelled: {sent, plural, other {# sent}}, {cancelled, plural, other {# not sent}}.",
    description: "A bulk send's state: rows sent, and rows cancelled before they were sent.",
  },
  done: {
    id: "bulk.state.done",
    defaultMessage: "Finished: {sent, plural, other {# sent}}{failed, plural, =0 {} other {, # not sent}}.",
    description: "A bulk send's state: rows sent, and rows that failed.",
  },
});

const messages = defineMessages({
  counts: {
    id: "bulk.batch.counts",
    defaultMessage:
      "{sent, plural, other {# sent}} · {failed, plural, other {# not sent}} · {toSend, plural, other {# to send}}{unknown, plural, =0 {} other { · # being checked}}{rate, select, shown { · {rowsPerMinute, plural, other {# rows}} a minute} other {}}{left, select, seconds { · about {seconds, plural, other {# s}} left} minutes { · about {minutes, plural, other {# min}} left} hours { · about {hours, plural, other {# h}} {minutes, plural, other {# min}} left} other {}}",
    description:
      "Under a bulk send's progress bar: rows sent, failed, waiting, being checked; while sending, its pace and the time left ('s', 'min', 'h': seconds, minutes, hours).",
  },
  rowsDone: { id: "bulk.batch.rowsDone", defaultMessage: "Rows done", description: "The progress bar's name." },
  pause: { id: "bulk.batch.pause", defaultMessage: "Pause" },
  startSending: { id: "bulk.batch.startSending", defaultMessage: "Start sending" },
  resume: { id: "bulk.batch.resume", defaultMessage: "Resume" },
  cancelRest: { id: "bulk.batch.cancelRest", defaultMessage: "Cancel the rows not sent" },
  showDocuments: {
    id: "bulk.batch.showDocuments",
    defaultMessage: "Show its documents",
    description: "Shows the documents this bulk send created, in Documents.",
  },
  exportResults: { id: "bulk.batch.exportResults", defaultMessage: "Export results (CSV)" },
  exported: {
    id: "bulk.batch.exported",
    defaultMessage: "Results saved to {path}",
    description: "After exporting a bulk send's results: the CSV file's path follows.",
  },
  showInFolder: { id: "bulk.batch.showInFolder", defaultMessage: "Show in folder" },
  rows: { id: "bulk.batch.rowsTitle", defaultMessage: "Rows", description: "Heading of a bulk send's results table." },
  pages: { id: "bulk.batch.pages", defaultMessage: "Pages of results" },
  caption: { id: "bulk.batch.caption", defaultMessage: "What came of each row" },
  line: { id: "bulk.batch.lineColumn", defaultMessage: "Line", description: "Column: the row's line in the CSV file." },
  recipients: { id: "bulk.batch.recipientsColumn", defaultMessage: "Recipients" },
  documentName: { id: "bulk.batch.documentNameColumn", defaultMessage: "Document name" },
  outcome: { id: "bulk.batch.outcomeColumn", defaultMessage: "Outcome" },
  openDocument: {
    id: "bulk.batch.openDocument",
    defaultMessage: "{documentName}<hidden> (line {line, number, ::group-off})</hidden>",
    description: "Opens a sent row's document; the line in the CSV file is read by screen readers only.",
  },
});

const hidden = (chunks: ReactNode[]) => <span className="visually-hidden">{chunks}</span>;

/** A bulk send's state in a sentence: in its view, under Documents and in the Outbox. */
export function stateSentence(intl: IntlShape, batch: BulkBatch): string {
  const done = batch.counts.sent + batch.counts.failed + batch.counts.cancelled;
  const of = { done, total: batch.total };
  const reason = batch.stateReason === null ? null : formatPhrase(intl, batch.stateReason);
  switch (batch.state) {
    case "ready":
      return intl.formatMessage(stateMessages.ready);
    case "sending":
      return reason ?? intl.formatMessage(stateMessages.sending, of);
    case "paused":
      return reason === null
        ? intl.formatMessage(stateMessages.paused, of)
        : intl.formatMessage(stateMessages.pausedWithReason, { ...of, reason });
    case "interrupted":
      return intl.formatMessage(stateMessages.interrupted, { ...of, product: "Signdesk" });
    case "cancelled":
      return intl.formatMessage(stateMessages.cancelled, {
        sent: batch.counts.sent,
        cancelled: batch.counts.cancelled,
      });
    case "done":
      return intl.formatMessage(stateMessages.done, { sent: batch.counts.sent, failed: batch.counts.failed });
  }
}

/** The time left, as the counts' message says it: seconds under a minute, else minutes, else hours and minutes. */
function timeLeft(seconds: number | null): { left: string; seconds: number; minutes: number; hours: number } {
  if (seconds === null) return { left: "none", seconds: 0, minutes: 0, hours: 0 };
  if (seconds < 60) return { left: "seconds", seconds, minutes: 0, hours: 0 };
  const minutes = Math.round(seconds / 60);
  return minutes < 60
    ? { left: "minutes", seconds, minutes, hours: 0 }
    : { left: "hours", seconds, minutes: minutes % 60, hours: Math.floor(minutes / 60) };
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
        <progress max={batch.total} value={done} aria-label={intl.formatMessage(messages.rowsDone)} />
        <span data-testid="bulk-state">{stateSentence(intl, batch)}</span>
      </div>
      <p className="muted small" data-testid="bulk-counts">
        {intl.formatMessage(messages.counts, {
          sent: batch.counts.sent,
          failed: batch.counts.failed,
          toSend: batch.counts.queued + batch.counts.sending,
          unknown: batch.counts.unknown,
          rate: running && pace.rowsPerMinute !== null ? "shown" : "none",
          rowsPerMinute: pace.rowsPerMinute ?? 0,
          ...timeLeft(running ? pace.secondsLeft : null),
        })}
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
            {intl.formatMessage(messages.pause)}
          </button>
        )}
        {resumable && (
          <button
            type="button"
            className="primary"
            disabled={busy}
            onClick={() => void act(() => bridge.bulkStart({ batchId: batch.batchId }))}
          >
            {intl.formatMessage(batch.state === "ready" ? messages.startSending : messages.resume)}
          </button>
        )}
        {!finished && (
          <button
            type="button"
            className="danger"
            disabled={busy}
            onClick={() => void act(() => bridge.bulkCancel({ batchId: batch.batchId }))}
          >
            {intl.formatMessage(messages.cancelRest)}
          </button>
        )}
        {batch.counts.sent > 0 && (
          <button type="button" onClick={() => onShowDocuments(batch)}>
            {intl.formatMessage(messages.showDocuments)}
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
          {intl.formatMessage(messages.exportResults)}
        </button>
      </div>
      {exported !== null && (
        <p className="notice" role="status">
          <FormattedMessage
            {...messages.exported}
            values={{
              path: (
                <bdi>
                  <code className="saved-path">{exported}</code>
                </bdi>
              ),
            }}
          />{" "}
          <button
            type="button"
            className="link-button"
            onClick={() => void bridge.documentsShowInFolder({ path: exported })}
          >
            {intl.formatMessage(messages.showInFolder)}
          </button>
        </p>
      )}

      <h2 className="section-title">{intl.formatMessage(messages.rows)}</h2>
      <Pager page={page} pages={pages} label={intl.formatMessage(messages.pages)} onPage={setPage} />
      <div className="documents-table-frame">
        <table className="documents-table bulk-table" data-testid="bulk-results">
          <caption className="visually-hidden">{intl.formatMessage(messages.caption)}</caption>
          <thead>
            <tr>
              <th scope="col" className="bulk-line">
                {intl.formatMessage(messages.line)}
              </th>
              <th scope="col">{intl.formatMessage(messages.recipients)}</th>
              <th scope="col">{intl.formatMessage(messages.documentName)}</th>
              <th scope="col">{intl.formatMessage(messages.outcome)}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.position} data-line={row.line} data-state={row.state}>
                <th scope="row">{intl.formatNumber(row.line, { useGrouping: false })}</th>
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
                      <FormattedMessage
                        {...messages.openDocument}
                        values={{ documentName: row.documentName, line: row.line, hidden }}
                      />
                    </button>
                  )}
                </td>
                <td>
                  <span className={`bulk-outcome bulk-${row.state}`}>
                    {intl.formatMessage(outcomeMessages[row.state])}
                  </span>
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
