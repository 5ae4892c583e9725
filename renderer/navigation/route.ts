import type { BulkBatch } from "../../common/bulk-batches";
import type { ScreenId } from "../../common/screens";

/** Documents listed for one bulk send only. */
export interface BatchFilter {
  batchId: string;
  fileName: string;
}

/**
 * Where the window is: a screen, and on Documents which of its views. The one source of what is shown; the editor's
 * open draft is kept apart (it stays open while the person looks at other screens).
 */
export type Route =
  | { screen: Exclude<ScreenId, "documents"> }
  | { screen: "documents"; view: "list"; batch: BatchFilter | null }
  /** One document's details; `batch` is the list "All documents" goes back to. */
  | { screen: "documents"; view: "detail"; pdfId: string; batch: BatchFilter | null }
  | { screen: "documents"; view: "send"; templateId: string | null }
  /** Send to many: a new batch of a template, or a batch already made. */
  | { screen: "documents"; view: "bulk"; templateId: string | null; batch: BulkBatch | null };

export type DocumentsRoute = Extract<Route, { screen: "documents" }>;

/** A screen as the sidebar, the menu and the shortcuts open it: Documents at its full list. */
export function screenRoute(screen: ScreenId): Route {
  return screen === "documents" ? { screen, view: "list", batch: null } : { screen };
}

export const documentsList = (batch: BatchFilter | null = null): DocumentsRoute => ({
  screen: "documents",
  view: "list",
  batch,
});

export const documentDetail = (pdfId: string, batch: BatchFilter | null = null): DocumentsRoute => ({
  screen: "documents",
  view: "detail",
  pdfId,
  batch,
});

/** The batch shown by a bulk send's progress, as the Documents list filters it. */
export const batchFilterOf = (batch: { batchId: string; fileName: string }): BatchFilter => ({
  batchId: batch.batchId,
  fileName: batch.fileName,
});
