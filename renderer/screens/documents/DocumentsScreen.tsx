import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { BulkBatch } from "../../../common/bulk-batches";
import type { SigndeskApi } from "../../../common/contract";
import type { DocumentSort } from "../../../common/document-list";
import { screenTitleMessages } from "../../../common/screen-titles";
import { knownStatusOrder, statusLabel } from "../../components/StatusBadge";
import { unwrap, useResource } from "../../hooks/useResource";
import type { BatchFilter } from "../../navigation/route";
import { sendKinds } from "../../outbox/outbox-words";
import { QueuedItems } from "../../outbox/QueuedItems";
import { withProgress } from "../../with-progress";
import { BulkBatches } from "../bulk/BulkBatches";
import { BackToList, DocumentDetail } from "./DocumentDetail";
import { DocumentsTable, type TablePlace } from "./DocumentsTable";
import type { DownloadState } from "./DownloadPanel";
import { otherStatuses, sortLabel, sortOrders } from "./document-query";
import { importOutcomeText } from "./import-outcome";
import { type Feedback, refreshFeedback } from "./refresh-feedback";
import { useDocumentPages } from "./use-document-pages";
import { useNow } from "./use-now";
import { useRefreshProgress } from "./use-refresh-progress";
import { useReturnToRow } from "./use-return-to-row";
import { useWatchDocuments } from "./use-watch";
import "./documents.css";
import { documentsScreenMessages as messages } from "./documents-screen-messages";

interface DocumentsScreenProps {
  bridge: SigndeskApi;
  /** The active account's name, as "Refresh now" says it reaches it. */
  accountName?: string | null;
  /** The document whose details are shown (its route), or null for the list. */
  selected: string | null;
  /** Shows a document's details, or (null) the list again. */
  onSelect: (pdfId: string | null) => void;
  /** Shows the "Send a document" button, which calls this. */
  onSend?: () => void;
  /** Only the documents of this bulk batch; onClearBatchFilter shows them all again. */
  batchFilter?: BatchFilter | null;
  onClearBatchFilter?: () => void;
  /** Lists one bulk send's documents only. */
  onFilterBatch?: (batch: BatchFilter) => void;
  /** Opens a bulk batch (its progress and results). */
  onOpenBatch?: (batch: BulkBatch) => void;
}

/** How often the list is read again from main while on screen (cheap: no request to the service). */
const relistMs = 10_000;

/** Every document of the active account, with live statuses; a document's details, and its signed PDF. */
export function DocumentsScreen({
  bridge,
  accountName = null,
  selected,
  onSelect,
  onSend,
  batchFilter = null,
  onClearBatchFilter,
  onFilterBatch,
  onOpenBatch,
}: DocumentsScreenProps) {
  const intl = useIntl();
  const [templates] = useResource(() => bridge.templatesList(), [bridge]);
  const [search, setSearch] = useState("");
  const [statusFilter, setStatusFilter] = useState("all");
  const [sort, setSort] = useState<DocumentSort>("newest");
  const list = useDocumentPages(bridge, {
    search,
    status: statusFilter === "all" ? null : statusFilter,
    sort,
    batchId: batchFilter?.batchId ?? null,
  });
  const reloadList = list.refresh;
  const [opened, reloadOpened] = useResource(
    () =>
      selected === null
        ? Promise.resolve({ ok: true as const, value: null })
        : bridge.documentsGet({ pdfId: selected }),
    [bridge, selected],
  );
  /** Where the list was when a document was opened, to come back to. */
  const tablePlace = useRef<TablePlace | null>(null);
  const [busy, setBusy] = useState<"refresh" | "import" | "check" | null>(null);
  const [feedback, setFeedback] = useState<Feedback>(null);
  const [downloads, setDownloads] = useState<Record<string, DownloadState>>({});
  const refreshing = useRefreshProgress(bridge, accountName);
  /** Documents read so far by "Import from service". */
  const [importRead, setImportRead] = useState<number | null>(null);
  const returnFocusTo = useRef<string | null>(null);
  const ids = useId();
  const now = useNow(relistMs);
  useWatchDocuments(bridge);

  // Live: a status change reloads the list and the open detail; the clock tick refreshes "last checked".
  useEffect(
    () =>
      bridge.on("documents:changed", () => {
        reloadList();
        reloadOpened();
      }),
    [bridge, reloadList, reloadOpened],
  );
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
    const timer = setInterval(() => {
      reloadList();
      reloadOpened();
    }, relistMs);
    return () => clearInterval(timer);
  }, [reloadList, reloadOpened]);

  // A document opened from elsewhere (a send, a notification) may be new: the list behind it is read again.
  useEffect(() => {
    if (selected !== null) reloadList();
  }, [selected, reloadList]);

  useReturnToRow(selected, returnFocusTo, tablePlace);

  const extraStatuses = useMemo(() => otherStatuses(Object.keys(list.counts), knownStatusOrder), [list.counts]);

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
      const outcome = await refreshing.follow((transferId) =>
        bridge.documentsRefresh({ ...(pdfIds === undefined ? {} : { pdfIds }), transferId }),
      );
      return refreshFeedback(intl, unwrap(outcome), Date.now());
    });

  const importDocuments = () =>
    run("import", async () => {
      try {
        const answer = await withProgress(
          bridge,
          ["import"],
          (event) => setImportRead(event.done),
          (transferId) => bridge.documentsImport({ transferId }),
        );
        return { kind: "notice", text: importOutcomeText(intl, unwrap(answer)) };
      } finally {
        setImportRead(null);
      }
    });

  const download = useCallback(
    async (pdfId: string) => {
      setFeedback(null);
      const set = (state: DownloadState) => setDownloads((current) => ({ ...current, [pdfId]: state }));
      set({ phase: "downloading", done: 0, total: null });
      try {
        const result = await withProgress(
          bridge,
          ["download"],
          (event) => set({ phase: "downloading", done: event.done, total: event.total }),
          (transferId) => bridge.documentsDownload({ pdfId, transferId }),
        );
        set(result.ok ? { phase: "saved", ...result.value } : { phase: "failed", message: result.error.message });
      } catch (error) {
        set({ phase: "failed", message: String(error) });
      }
    },
    [bridge],
  );

  const back = useCallback(() => {
    returnFocusTo.current = selected;
    onSelect(null);
    setFeedback(null);
  }, [selected, onSelect]);

  const open = (pdfId: string) => {
    setFeedback(null);
    onSelect(pdfId);
  };

  if (selected !== null) {
    const record =
      opened.status === "ready" && opened.value?.document.pdfId === selected ? opened.value.document : undefined;
    return (
      <section className="screen documents-screen" aria-labelledby="documents-title">
        {record === undefined ? (
          <>
            <header className="screen-header detail-header">
              <BackToList onBack={back} />
              <h1 id="documents-title" tabIndex={-1}>
                {intl.formatMessage(messages.documentTitle)}
              </h1>
            </header>
            <div className="screen-body">
              {opened.status === "loading" ? (
                <p className="muted">{intl.formatMessage(messages.loading)}</p>
              ) : (
                <p className="problem" role="alert">
                  {accountName === null ? (
                    <FormattedMessage {...messages.notFoundThisAccount} values={{ pdfId: <bdi>{selected}</bdi> }} />
                  ) : (
                    <FormattedMessage
                      {...messages.notFound}
                      values={{ pdfId: <bdi>{selected}</bdi>, account: <bdi>{accountName}</bdi> }}
                    />
                  )}
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
            nextCheckAt={opened.status === "ready" ? (opened.value?.nextCheckAt ?? null) : null}
            feedback={feedback}
            onBack={back}
            now={now}
          />
        )}
      </section>
    );
  }

  const filtered = search.trim() !== "" || statusFilter !== "all" || batchFilter !== null;
  return (
    <section className="screen documents-screen" aria-labelledby="documents-title">
      <header className="screen-header with-actions">
        <h1 id="documents-title" tabIndex={-1}>
          {intl.formatMessage(screenTitleMessages.documents)}
        </h1>
        <div className="header-actions">
          {onSend !== undefined && (
            <button type="button" className="primary" onClick={onSend}>
              {intl.formatMessage(messages.send)}
            </button>
          )}
          <button type="button" onClick={() => void refresh()} disabled={busy !== null} data-testid="refresh-now">
            {busy === "refresh" ? refreshing.label : intl.formatMessage(messages.refresh)}
          </button>
          <button type="button" onClick={() => void importDocuments()} disabled={busy !== null}>
            {busy !== "import"
              ? intl.formatMessage(messages.import)
              : importRead === null
                ? intl.formatMessage(messages.importing)
                : intl.formatMessage(messages.importingCount, { count: importRead })}
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

        <QueuedItems kinds={sendKinds} heading={intl.formatMessage(messages.queued)} onChange={reloadList} />
        {onOpenBatch !== undefined && <BulkBatches bridge={bridge} onOpen={onOpenBatch} />}
        {batchFilter !== null && (
          <p className="notice batch-filter" role="status">
            <FormattedMessage {...messages.batchFilter} values={{ fileName: <bdi>{batchFilter.fileName}</bdi> }} />{" "}
            <button type="button" className="link-button" onClick={onClearBatchFilter}>
              {intl.formatMessage(messages.showEvery)}
            </button>
          </p>
        )}

        <search className="documents-toolbar" aria-label={intl.formatMessage(messages.find)}>
          <div className="toolbar-field grow">
            <label htmlFor={`${ids}-search`}>{intl.formatMessage(messages.search)}</label>
            <input
              id={`${ids}-search`}
              type="search"
              value={search}
              placeholder={intl.formatMessage(messages.searchPlaceholder)}
              onChange={(event) => setSearch(event.target.value)}
            />
          </div>
          <div className="toolbar-field">
            <label htmlFor={`${ids}-status`}>{intl.formatMessage(messages.status)}</label>
            <select id={`${ids}-status`} value={statusFilter} onChange={(event) => setStatusFilter(event.target.value)}>
              <option value="all">{intl.formatMessage(messages.allStatuses)}</option>
              {[...knownStatusOrder, ...extraStatuses].map((status) => (
                <option key={status} value={status}>
                  {intl.formatMessage(messages.statusOption, {
                    status: statusLabel(intl, status),
                    count: list.counts[status] ?? 0,
                  })}
                </option>
              ))}
            </select>
          </div>
          <div className="toolbar-field">
            <label htmlFor={`${ids}-sort`}>{intl.formatMessage(messages.sortBy)}</label>
            <select id={`${ids}-sort`} value={sort} onChange={(event) => setSort(event.target.value as DocumentSort)}>
              {sortOrders.map((order) => (
                <option key={order} value={order}>
                  {sortLabel(intl, order)}
                </option>
              ))}
            </select>
          </div>
        </search>

        {list.state === "loading" && <p className="muted">{intl.formatMessage(messages.loadingList)}</p>}
        {list.state === "failed" && (
          <p className="problem" role="alert">
            {intl.formatMessage(messages.unreadable, { reason: list.message ?? "" })}
          </p>
        )}
        {list.state === "ready" && list.all === 0 && (
          <p className="muted empty-state">{intl.formatMessage(messages.empty)}</p>
        )}
        {list.state !== "loading" && list.all > 0 && (
          <>
            <p className="muted small" aria-live="polite" data-testid="documents-count" data-search={list.shownSearch}>
              {filtered
                ? intl.formatMessage(messages.showing, { shown: list.total, all: list.all })
                : intl.formatMessage(messages.count, { count: list.all })}
            </p>
            {list.total === 0 ? (
              <p className="muted empty-state">
                {intl.formatMessage(messages.noMatch)}{" "}
                <button
                  type="button"
                  className="link-button"
                  onClick={() => {
                    setSearch("");
                    setStatusFilter("all");
                  }}
                >
                  {intl.formatMessage(messages.clearFilter)}
                </button>
              </p>
            ) : (
              <DocumentsTable
                pages={list}
                place={tablePlace}
                caption={intl.formatMessage(messages.caption, { sort })}
                now={now}
                onOpen={open}
                onFilterBatch={onFilterBatch}
              />
            )}
          </>
        )}
      </div>
    </section>
  );
}
