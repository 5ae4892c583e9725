import { useVirtualizer, type VirtualItem } from "@tanstack/react-virtual";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { FormattedMessage, type IntlShape, useIntl } from "react-intl";
import { defineMessages } from "../../../common/i18n/define-messages";
import type { DocumentRecord } from "../../../common/records";
import { StatusBadge } from "../../components/StatusBadge";
import { StatusProblem } from "./StatusProblem";
import type { DocumentPages } from "./use-document-pages";
import { When } from "./When";

const messages = defineMessages({
  document: { id: "documents.table.document", defaultMessage: "Document", description: "Column heading." },
  recipients: { id: "documents.table.recipients", defaultMessage: "Recipients", description: "Column heading." },
  status: { id: "documents.table.status", defaultMessage: "Status", description: "Column heading." },
  sent: { id: "documents.table.sent", defaultMessage: "Sent", description: "Column heading: when it was sent." },
  lastChecked: {
    id: "documents.table.lastChecked",
    defaultMessage: "Last checked",
    description: "Column heading: when its status was last checked with the service.",
  },
  loadingRow: {
    id: "documents.table.loadingRow",
    defaultMessage: "Loading…",
    description: "In a row of the list whose document is still being read.",
  },
  imported: {
    id: "documents.table.imported",
    defaultMessage: "· imported",
    description: "After a document's name: it was imported from the service, not sent from Signdesk.",
  },
  bulkSend: {
    id: "documents.table.bulkSend",
    defaultMessage: "bulk send {fileName}",
    description: "Under a document's name: the bulk send (named by its CSV file) it was sent by.",
  },
  notYet: {
    id: "documents.table.notYet",
    defaultMessage: "Not yet",
    description: "In the Last checked column: never checked.",
  },
});

/** What the table leaves behind when it is closed (a document opened), to come back to the same place. */
export interface TablePlace {
  scrollTop: number;
  measurements: VirtualItem[];
}

interface DocumentsTableProps {
  pages: DocumentPages;
  /** Where the table was when last closed; it keeps this up to date when it closes. */
  place: { current: TablePlace | null };
  caption: string;
  now: number;
  onOpen: (pdfId: string) => void;
  /** Lists the documents of the bulk send a row came from. */
  onFilterBatch?: (batch: { batchId: string; fileName: string }) => void;
}

/** A row's height before it is measured (a name and two lines of recipients). */
const estimatedRowPx = 62;

function recipientSummary(intl: IntlShape, record: DocumentRecord): string {
  return intl.formatList(
    record.recipients.map((recipient) => recipient.name),
    { type: "unit" },
  );
}

/** "· bulk send offers.csv" under a document sent by a bulk send: a button listing that batch's documents. */
function BatchTag({
  batch,
  onFilter,
}: {
  batch: { batchId: string; fileName: string } | null;
  onFilter: ((batch: { batchId: string; fileName: string }) => void) | undefined;
}) {
  if (batch === null) return null;
  return (
    <span className="muted small batch-tag">
      {" · "}
      {onFilter === undefined ? (
        <FormattedMessage {...messages.bulkSend} values={{ fileName: <bdi>{batch.fileName}</bdi> }} />
      ) : (
        <button type="button" className="link-button" onClick={() => onFilter(batch)}>
          <FormattedMessage {...messages.bulkSend} values={{ fileName: <bdi>{batch.fileName}</bdi> }} />
        </button>
      )}
    </span>
  );
}

/** The screen's scroll container: the app's content area (the table scrolls with the page, not in a box of its own). */
function scrollParent(element: HTMLElement | null): HTMLElement | null {
  return element?.closest<HTMLElement>(".content") ?? null;
}

/**
 * The Documents table, virtualised: only the rows near the view are in the DOM (about 40 of 100,000); the others are
 * stood for by two spacer rows of the right height, so the scroll bar and the scroll position are those of the whole
 * list. A row whose page is still being read shows a placeholder. Screen readers hear the table's whole size through
 * aria-rowcount and each row's place through aria-rowindex.
 */
export function DocumentsTable({ pages, place, caption, now, onOpen, onFilterBatch }: DocumentsTableProps) {
  const intl = useIntl();
  const body = useRef<HTMLTableSectionElement>(null);
  const [initial] = useState(() => place.current);
  const [scrollMargin, setScrollMargin] = useState(0);
  const virtualizer = useVirtualizer({
    count: pages.total,
    getScrollElement: () => scrollParent(body.current),
    estimateSize: () => estimatedRowPx,
    overscan: 12,
    scrollMargin,
    // Back from a document: the rows keep the heights measured before, so the list comes back exactly where it was.
    ...(initial === null ? {} : { initialOffset: initial.scrollTop, initialMeasurementsCache: initial.measurements }),
  });
  useEffect(
    () => () => {
      place.current = {
        scrollTop: scrollParent(body.current)?.scrollTop ?? virtualizer.scrollOffset ?? 0,
        measurements: virtualizer.measurementsCache,
      };
    },
    [place, virtualizer],
  );
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items.at(-1)?.index ?? 0;

  // Where the table's body starts within the scroll container: rows are placed from there.
  useLayoutEffect(() => {
    const element = body.current;
    const scroller = scrollParent(element);
    if (element === null || scroller === null) return;
    const margin = element.getBoundingClientRect().top - scroller.getBoundingClientRect().top + scroller.scrollTop;
    if (Math.abs(margin - scrollMargin) > 1) setScrollMargin(margin);
  });

  const { showRows } = pages;
  useEffect(() => {
    if (pages.total > 0) showRows(first, last);
  }, [first, last, pages.total, showRows]);

  const before = items.length > 0 ? (items[0]?.start ?? 0) - scrollMargin : 0;
  const after = items.length > 0 ? virtualizer.getTotalSize() - ((items.at(-1)?.end ?? 0) - scrollMargin) : 0;
  return (
    <div className="documents-table-frame">
      <table className="documents-table" aria-rowcount={pages.total + 1} data-testid="documents-table">
        <caption className="visually-hidden">{caption}</caption>
        <colgroup>
          <col className="column-document" />
          <col className="column-recipients" />
          <col className="column-status" />
          <col className="column-sent" />
          <col className="column-checked" />
        </colgroup>
        <thead>
          <tr aria-rowindex={1}>
            <th scope="col">{intl.formatMessage(messages.document)}</th>
            <th scope="col">{intl.formatMessage(messages.recipients)}</th>
            <th scope="col">{intl.formatMessage(messages.status)}</th>
            <th scope="col">{intl.formatMessage(messages.sent)}</th>
            <th scope="col">{intl.formatMessage(messages.lastChecked)}</th>
          </tr>
        </thead>
        <tbody ref={body}>
          {before > 0 && (
            <tr className="spacer-row">
              <td colSpan={5} style={{ height: before }} />
            </tr>
          )}
          {items.map((item) => {
            const record = pages.row(item.index);
            return record === undefined ? (
              <tr
                key={`pending-${item.index}`}
                ref={virtualizer.measureElement}
                data-index={item.index}
                aria-rowindex={item.index + 2}
                className="placeholder-row"
              >
                <td colSpan={5}>
                  <span className="muted">{intl.formatMessage(messages.loadingRow)}</span>
                </td>
              </tr>
            ) : (
              <tr
                key={record.pdfId}
                ref={virtualizer.measureElement}
                data-index={item.index}
                data-pdf-id={record.pdfId}
                aria-rowindex={item.index + 2}
                data-testid="document-row"
              >
                <th scope="row">
                  <button
                    type="button"
                    className="link-button document-name"
                    data-open-document={record.pdfId}
                    onClick={() => onOpen(record.pdfId)}
                  >
                    <bdi>{record.name}</bdi>
                  </button>
                  {record.imported && <span className="muted small"> {intl.formatMessage(messages.imported)}</span>}
                  <BatchTag batch={pages.batchOf(record.pdfId)} onFilter={onFilterBatch} />
                </th>
                <td>
                  <span className="recipient-names">{recipientSummary(intl, record)}</span>
                  <span className="muted small recipient-emails">
                    {record.recipients.map((recipient, position) => (
                      // One address a line: a long one wraps within itself, never splitting a list.
                      // biome-ignore lint/suspicious/noArrayIndexKey: recipients are listed in a fixed order.
                      <span key={position} className="recipient-email">
                        {recipient.email}
                      </span>
                    ))}
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
                    <span className="muted">{intl.formatMessage(messages.notYet)}</span>
                  ) : (
                    <When iso={record.lastCheckedAt} now={now} />
                  )}
                </td>
              </tr>
            );
          })}
          {after > 0 && (
            <tr className="spacer-row">
              <td colSpan={5} style={{ height: after }} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
