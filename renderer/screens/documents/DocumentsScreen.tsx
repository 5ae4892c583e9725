import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import type { SigndeskApi } from "../../../common/contract";
import type { DocumentRecord } from "../../../common/records";
import { knownStatusOrder, StatusBadge, statusLabel } from "../../components/StatusBadge";
import { unwrap, useResource } from "../../hooks/useResource";
import { DocumentDetail } from "./DocumentDetail";
import { type DownloadState, newTransferId } from "./DownloadPanel";
import { otherStatuses, type SortOrder, sortLabels, visibleDocuments } from "./document-query";
import { type Feedback, refreshFeedback } from "./refresh-feedback";
import { StatusProblem } from "./StatusProblem";
import { useNow } from "./use-now";
import { useWatchDocuments } from "./use-watch";
import { When } from "./When";
import "./documents.css";

interface DocumentsScreenProps {
  bridge: SigndeskApi;
  /** Open this document's details (e.g. after a notification was clicked); then onOpenDocumentHandled is called. */
  openDocumentId?: string | null;
  onOpenDocumentHandled?: () => void;
  /** Shows the "Send a document" button, which calls this. */
  onSend?: () => void;
}

/** How often the list is read again from main while on screen (cheap: no request to the service). */
const relistMs = 10_000;

function recipientSummary(record: DocumentRecord): string {
  return record.recipients.map((recipient) => recipient.name).join(", ");
}

/** Every document of the active account, with live statuses; a document's details, and its signed PDF. */
export function DocumentsScreen({ bridge, openDocumentId, onOpenDocumentHandled, onSend }: DocumentsScreenProps) {
  const [list, reloadList] = useResource(() => bridge.documentsList(), [bridge]);
  const [templates] = useResource(() => bridge.templatesList(), [bridge]);
  const [search, setSearch] = useState("");
  const [statusFilter, setStatusFilter] = useState("all");
  const [sort, setSort] = useState<SortOrder>("newest");
  const [selected, setSelected] = useState<string | null>(null);
  const [busy, setBusy] = useState<"refresh" | "import" | "check" | null>(null);
  const [feedback, setFeedback] = useState<Feedback>(null);
  const [downloads, setDownloads] = useState<Record<string, DownloadState>>({});
  /** Documents asked about so far by "Refresh now", of how many. */
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const returnFocusTo = useRef<string | null>(null);
  const ids = useId();
  const now = useNow(relistMs);
  useWatchDocuments(bridge);

  // Live: a status change reloads the list (the open detail follows it); the clock tick refreshes "last checked".
  useEffect(() => bridge.on("documents:changed", () => reloadList()), [bridge, reloadList]);
  // Once the service answers again, a "could not be reached" notice is out of date.
  useEffect(
    () =>
      bridge.on("service:reachability", ({ reachable }) => {
        if (!reachable) return;
        setFeedback((current) => (current?.kind === "problem" ? null : current));
        reloadList();
      }),
    [bridge, reloadList],
  );
  useEffect(() => {
    const timer = setInterval(reloadList, relistMs);
    return () => clearInterval(timer);
  }, [reloadList]);

  useEffect(() => {
    if (openDocumentId === undefined || openDocumentId === null) return;
    setSelected(openDocumentId);
    reloadList();
    onOpenDocumentHandled?.();
  }, [openDocumentId, onOpenDocumentHandled, reloadList]);

  // Back from a document's details: focus returns to that document in the list.
  useEffect(() => {
    if (selected !== null || returnFocusTo.current === null) return;
    const id = returnFocusTo.current;
    returnFocusTo.current = null;
    const button = document.querySelector<HTMLElement>(`[data-open-document="${CSS.escape(id)}"]`);
    if (button !== null) button.focus();
    else document.getElementById("documents-title")?.focus();
  }, [selected]);

  const records = useMemo(() => (list.status === "ready" ? list.value.documents : []), [list]);
  const shown = useMemo(
    () => visibleDocuments(records, { search, status: statusFilter, sort }),
    [records, search, statusFilter, sort],
  );
  const extraStatuses = useMemo(() => otherStatuses(records, knownStatusOrder), [records]);

  const run = async (kind: "refresh" | "import" | "check", action: () => Promise<Feedback>) => {
    setBusy(kind);
    setFeedback(null);
    try {
      setFeedback(await action());
    } catch (error) {
      setFeedback({ kind: "problem", text: (error as Error).message });
    } finally {
      setBusy(null);
      reloadList();
    }
  };

  const refresh = (pdfIds?: string[]) =>
    run(pdfIds === undefined ? "refresh" : "check", async () => {
      const transferId = newTransferId();
      const stop = bridge.on("transfer:progress", (event) => {
        if (event.transferId === transferId && event.kind === "refresh" && event.total !== null)
          setProgress({ done: event.done, total: event.total });
      });
      try {
        const outcome = unwrap(
          await bridge.documentsRefresh({ ...(pdfIds === undefined ? {} : { pdfIds }), transferId }),
        );
        return refreshFeedback(outcome, Date.now());
      } finally {
        stop();
        setProgress(null);
      }
    });

  const importDocuments = () =>
    run("import", async () => {
      const { imported } = unwrap(await bridge.documentsImport());
      return {
        kind: "notice",
        text:
          imported === 0
            ? "Nothing new: every document the service has is already listed."
            : `Added ${imported} ${imported === 1 ? "document" : "documents"} from the service.`,
      };
    });

  const download = useCallback(
    async (pdfId: string) => {
      const transferId = newTransferId();
      setFeedback(null);
      const set = (state: DownloadState) => setDownloads((current) => ({ ...current, [pdfId]: state }));
      set({ phase: "downloading", done: 0, total: null });
      const stop = bridge.on("transfer:progress", (event) => {
        if (event.transferId === transferId && event.kind === "download")
          set({ phase: "downloading", done: event.done, total: event.total });
      });
      try {
        const result = await bridge.documentsDownload({ pdfId, transferId });
        set(result.ok ? { phase: "saved", ...result.value } : { phase: "failed", message: result.error.message });
      } catch (error) {
        set({ phase: "failed", message: String(error) });
      } finally {
        stop();
      }
    },
    [bridge],
  );

  const back = useCallback(() => {
    returnFocusTo.current = selected;
    setSelected(null);
    setFeedback(null);
  }, [selected]);

  const open = (pdfId: string) => {
    setFeedback(null);
    setSelected(pdfId);
  };

  if (selected !== null) {
    const record = records.find((entry) => entry.pdfId === selected);
    return (
      <section className="screen documents-screen" aria-labelledby="documents-title">
        {record === undefined ? (
          <>
            <header className="screen-header detail-header">
              <button type="button" className="back-button" onClick={back}>
                <span aria-hidden="true">← </span>All documents
              </button>
              <h1 id="documents-title" tabIndex={-1}>
                Document
              </h1>
            </header>
            <div className="screen-body">
              {list.status === "loading" ? (
                <p className="muted">Loading…</p>
              ) : (
                <p className="problem" role="alert">
                  Signdesk has no record of that document for this account.
                </p>
              )}
            </div>
          </>
        ) : (
          <DocumentDetail
            bridge={bridge}
            record={record}
            template={
              templates.status === "ready"
                ? templates.value.find((template) => template.templateId === record.templateId)
                : undefined
            }
            download={downloads[record.pdfId]}
            onDownload={() => void download(record.pdfId)}
            checking={busy === "check"}
            onCheckNow={() => void refresh([record.pdfId])}
            nextCheckAt={list.status === "ready" ? (list.value.nextCheckAt[record.pdfId] ?? null) : null}
            feedback={feedback}
            onBack={back}
            now={now}
          />
        )}
      </section>
    );
  }

  const filtered = search.trim() !== "" || statusFilter !== "all";
  return (
    <section className="screen documents-screen" aria-labelledby="documents-title">
      <header className="screen-header with-actions">
        <h1 id="documents-title" tabIndex={-1}>
          Documents
        </h1>
        <div className="header-actions">
          {onSend !== undefined && (
            <button type="button" className="primary" onClick={onSend}>
              Send a document
            </button>
          )}
          <button type="button" onClick={() => void refresh()} disabled={busy !== null}>
            {busy !== "refresh"
              ? "Refresh now"
              : progress === null
                ? "Checking…"
                : `Checking ${progress.done} of ${progress.total}…`}
          </button>
          <button type="button" onClick={() => void importDocuments()} disabled={busy !== null}>
            {busy === "import" ? "Importing…" : "Import from service"}
          </button>
        </div>
      </header>
      <div className="screen-body wide">
        {feedback?.kind === "notice" && (
          <p className="notice" role="status">
            {feedback.text}
          </p>
        )}
        {feedback?.kind === "problem" && (
          <p className="problem" role="alert">
            {feedback.text}
          </p>
        )}

        <search className="documents-toolbar" aria-label="Find documents">
          <div className="toolbar-field grow">
            <label htmlFor={`${ids}-search`}>Search</label>
            <input
              id={`${ids}-search`}
              type="search"
              value={search}
              placeholder="Name or recipient"
              onChange={(event) => setSearch(event.target.value)}
            />
          </div>
          <div className="toolbar-field">
            <label htmlFor={`${ids}-status`}>Status</label>
            <select id={`${ids}-status`} value={statusFilter} onChange={(event) => setStatusFilter(event.target.value)}>
              <option value="all">All statuses</option>
              {[...knownStatusOrder, ...extraStatuses].map((status) => (
                <option key={status} value={status}>
                  {statusLabel(status)}
                </option>
              ))}
            </select>
          </div>
          <div className="toolbar-field">
            <label htmlFor={`${ids}-sort`}>Sort by</label>
            <select id={`${ids}-sort`} value={sort} onChange={(event) => setSort(event.target.value as SortOrder)}>
              {(Object.keys(sortLabels) as SortOrder[]).map((order) => (
                <option key={order} value={order}>
                  {sortLabels[order]}
                </option>
              ))}
            </select>
          </div>
        </search>

        {list.status === "loading" && <p className="muted">Loading documents…</p>}
        {list.status === "failed" && (
          <p className="problem" role="alert">
            Documents could not be read: {list.message}
          </p>
        )}
        {list.status === "ready" && records.length === 0 && (
          <p className="muted empty-state">
            No documents yet. Send one from a template, or choose “Import from service” to list the documents the
            service already has.
          </p>
        )}
        {list.status === "ready" && records.length > 0 && (
          <>
            <p className="muted small" aria-live="polite" data-testid="documents-count">
              {filtered
                ? `Showing ${shown.length} of ${records.length} documents`
                : `${records.length} ${records.length === 1 ? "document" : "documents"}`}
            </p>
            {shown.length === 0 ? (
              <p className="muted empty-state">
                No document matches.{" "}
                <button
                  type="button"
                  className="link-button"
                  onClick={() => {
                    setSearch("");
                    setStatusFilter("all");
                  }}
                >
                  Clear search and filter
                </button>
              </p>
            ) : (
              <div className="documents-table-frame">
                <table className="documents-table">
                  <caption className="visually-hidden">Documents, sorted by {sortLabels[sort].toLowerCase()}</caption>
                  <thead>
                    <tr>
                      <th scope="col">Document</th>
                      <th scope="col">Recipients</th>
                      <th scope="col">Status</th>
                      <th scope="col">Sent</th>
                      <th scope="col">Last checked</th>
                    </tr>
                  </thead>
                  <tbody>
                    {shown.map((record) => (
                      <tr key={record.pdfId} data-pdf-id={record.pdfId}>
                        <th scope="row">
                          <button
                            type="button"
                            className="link-button document-name"
                            data-open-document={record.pdfId}
                            onClick={() => open(record.pdfId)}
                          >
                            {record.name}
                          </button>
                          {record.imported && <span className="muted small"> · imported</span>}
                        </th>
                        <td>
                          <span className="recipient-names">{recipientSummary(record)}</span>
                          <span className="muted small recipient-emails">
                            {record.recipients.map((recipient) => recipient.email).join(", ")}
                          </span>
                        </td>
                        <td>
                          <StatusBadge status={record.lastStatus} hasFinalPdf={record.hasFinalPdf} />
                          <StatusProblem record={record} now={now} />
                        </td>
                        <td>
                          <When iso={record.sentAt} now={now} />
                        </td>
                        <td>
                          {record.lastCheckedAt === null ? (
                            <span className="muted">Not yet</span>
                          ) : (
                            <When iso={record.lastCheckedAt} now={now} />
                          )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </>
        )}
      </div>
    </section>
  );
}
