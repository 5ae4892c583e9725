import type { Draft } from "../../common/draft";
import type { EditorState } from "../editor/state/editor-state";
import type { PdfHandle } from "../pdf/load-pdf";

/* What the editor is shown of a draft main has or is making (OpenDrafts, open-drafts.ts, keeps them). */

/**
 * The background work on a new PDF shown before main has made its draft: the editor is usable meanwhile.
 * `pagesRead` of `pageCount` pages have been read here (the others are laid out as page 1 and take no field
 * yet); `unreadable` lists those pdf.js could not read (main's check of the whole file decides about them).
 * Once every page is read, what remains is main making the draft and storing the changes made meanwhile.
 */
export interface Preparing {
  pagesRead: number;
  pageCount: number;
  unreadable: number[];
}

/**
 * What the editor shows of a draft:
 * - `ready`: the draft, its PDF and the editor's state (its undo history included). `preparing` while main
 *   is making a new PDF's draft: the editor is usable, `draft` is a stand-in until main's arrives, and every
 *   change is stored in main's draft as soon as it exists (nothing is lost, even if the editor is left);
 * - `refused`: main refused the file of a new draft; `message` says why (the Templates screen shows it).
 */
export type DraftView =
  | { status: "loading" }
  | { status: "ready"; draft: Draft; pdf: PdfHandle; preparing: Preparing | null; editor: EditorState }
  | { status: "failed"; message: string }
  | { status: "refused"; message: string };

/** What became of a file given to `createFromFile`: a draft to open by `id`, or why it cannot be one. */
export type NewDraft = { ok: true; id: string } | { ok: false; message: string };

export function isWordFileName(fileName: string): boolean {
  return /\.docx?$/i.test(fileName);
}
