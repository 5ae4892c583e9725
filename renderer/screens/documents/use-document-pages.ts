import { useCallback, useEffect, useRef, useState } from "react";
import type { SigndeskApi } from "../../../common/contract";
import type { DocumentSort } from "../../../common/document-list";
import type { ConnectionStateView, DocumentRecord } from "../../../common/records";

/** Rows asked for at once (a screenful and more); the list asks for the pages around what is on screen. */
export const pageRows = 50;

export interface DocumentListFilter {
  search: string;
  /** One status, or null for all. */
  status: string | null;
  sort: DocumentSort;
  /** Only one bulk batch's documents, or null for all. */
  batchId?: string | null;
}

export interface DocumentPages {
  state: "loading" | "ready" | "failed";
  message: string | null;
  /** Documents matching the filter; the account's documents; its documents per status. */
  total: number;
  all: number;
  counts: Record<string, number>;
  connection: ConnectionStateView | null;
  /** The search whose answer is shown (it lags what is typed by one answer). */
  shownSearch: string;
  /** The row at `index`: undefined while its page is being read. */
  row(index: number): DocumentRecord | undefined;
  nextCheckAt(pdfId: string): string | null;
  /** The bulk send the document came from, if any. */
  batchOf(pdfId: string): { batchId: string; fileName: string } | null;
  /** Reads the pages holding rows `first` to `last` when they are not read yet. */
  showRows(first: number, last: number): void;
  /** Reads again every page read so far (a status changed): rows stay in place until their new page arrives. */
  refresh(): void;
}

interface Loaded {
  rows: DocumentRecord[];
  nextCheckAt: Record<string, string>;
  batches: Record<string, { batchId: string; fileName: string }>;
}

/** The page numbers holding rows `first` to `last`. */
function pagesFor(first: number, last: number): number[] {
  const from = Math.max(0, Math.floor(first / pageRows));
  const to = Math.max(from, Math.floor(Math.max(first, last) / pageRows));
  return Array.from({ length: to - from + 1 }, (_, offset) => from + offset);
}

const keyOf = (filter: DocumentListFilter) =>
  JSON.stringify([filter.search, filter.status, filter.sort, filter.batchId ?? null]);

/**
 * The Documents list as pages of `pageRows`, read from main (the records database) as the rows come into view. A new
 * filter keeps the rows on screen until its first page arrives, so typing never blanks the list; an answer to an
 * older filter is dropped.
 */
export function useDocumentPages(bridge: SigndeskApi, filter: DocumentListFilter): DocumentPages {
  const [pages, setPages] = useState<Map<number, Loaded>>(new Map());
  const [summary, setSummary] = useState<{
    total: number;
    all: number;
    counts: Record<string, number>;
    connection: ConnectionStateView | null;
    shownSearch: string;
  }>({ total: 0, all: 0, counts: {}, connection: null, shownSearch: "" });
  const [state, setState] = useState<{ state: DocumentPages["state"]; message: string | null }>({
    state: "loading",
    message: null,
  });
  const key = keyOf(filter);
  const current = useRef({ key, filter, requested: new Set<number>(), generation: 0 });
  const visible = useRef({ first: 0, last: pageRows - 1 });

  const load = useCallback(
    (page: number, generation: number, requestKey: string, requestFilter: DocumentListFilter) => {
      void bridge
        .documentsList({
          search: requestFilter.search,
          status: requestFilter.status,
          sort: requestFilter.sort,
          batchId: requestFilter.batchId ?? null,
          offset: page * pageRows,
          limit: pageRows,
        })
        .then(
          (result) => {
            const now = current.current;
            if (now.key !== requestKey || now.generation !== generation) return;
            if (!result.ok) {
              now.requested.delete(page);
              setState({ state: "failed", message: result.error.message });
              return;
            }
            const { documents, nextCheckAt, batches, total, all, counts, connection } = result.value;
            setSummary({ total, all, counts, connection, shownSearch: requestFilter.search });
            setState({ state: "ready", message: null });
            setPages((previous) => {
              // The first page of a new filter or a refresh replaces what was shown; later pages add to it.
              const next = new Map(previous.get(-1) === undefined ? previous : []);
              next.delete(-1);
              next.set(page, { rows: documents, nextCheckAt, batches });
              return next;
            });
          },
          (error: unknown) => {
            current.current.requested.delete(page);
            setState({ state: "failed", message: String(error) });
          },
        );
    },
    [bridge],
  );

  const showRows = useCallback(
    (first: number, last: number) => {
      visible.current = { first, last };
      const now = current.current;
      for (const page of pagesFor(first, last)) {
        if (now.requested.has(page)) continue;
        now.requested.add(page);
        load(page, now.generation, now.key, now.filter);
      }
    },
    [load],
  );

  const refresh = useCallback(() => {
    const now = current.current;
    now.generation += 1;
    now.requested = new Set();
    // Marks what is shown as stale: the first page to arrive replaces the whole cache, the rows stay until then.
    setPages((previous) => new Map([...previous, [-1, { rows: [], nextCheckAt: {}, batches: {} }]]));
    showRows(visible.current.first, visible.current.last);
  }, [showRows]);

  // A new filter starts from its first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the filter's contents.
  useEffect(() => {
    current.current = { key, filter, requested: new Set(), generation: current.current.generation + 1 };
    visible.current = { first: 0, last: pageRows - 1 };
    setPages((previous) => new Map([...previous, [-1, { rows: [], nextCheckAt: {}, batches: {} }]]));
    showRows(0, pageRows - 1);
  }, [key, showRows]);

  const row = (index: number) => pages.get(Math.floor(index / pageRows))?.rows[index % pageRows];
  const nextCheckAt = (pdfId: string) => {
    for (const [page, loaded] of pages)
      if (page >= 0 && loaded.nextCheckAt[pdfId] !== undefined) return loaded.nextCheckAt[pdfId] ?? null;
    return null;
  };
  const batchOf = (pdfId: string) => {
    for (const [page, loaded] of pages)
      if (page >= 0 && loaded.batches[pdfId] !== undefined) return loaded.batches[pdfId] ?? null;
    return null;
  };
  return { ...state, ...summary, row, nextCheckAt, batchOf, showRows, refresh };
}
