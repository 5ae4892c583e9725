import { pageGeometryOf } from "../../common/coordinates";
import { type Draft, draftVersion, groupColors } from "../../common/draft";
import { nameFromFile } from "../../common/draft-names";
import { firstGroupId } from "../../common/first-group-label";
import { createEditorState, type EditorState } from "../editor/state/editor-state";
import type { OpenedPdf } from "../pdf/load-pdf";

/** The part of a draft the editor changes, as one comparable text. */
export function contentOf(doc: Pick<Draft, "name" | "groups" | "fields">): string {
  const { name, groups, fields } = doc;
  return JSON.stringify({ name, groups, fields });
}

/** Whether the editor's state holds exactly what `draft` holds (name, groups, fields). */
export function sameContent(state: EditorState, draft: Draft): boolean {
  return contentOf(state.doc) === contentOf(draft);
}

/**
 * What the editor shows of a new PDF until main's draft arrives: its pages (every page sized as page 1 until
 * it is read), one recipient, no fields.
 */
export async function provisionalDraft(
  id: string,
  fileName: string,
  opened: OpenedPdf,
  /** The recipient group's label, in the window's language (common/first-group-label.ts, as main makes it). */
  groupLabel: string,
): Promise<Draft> {
  const { document } = opened;
  const page = pageGeometryOf(await document.getPage(1));
  const at = new Date().toISOString();
  return {
    version: draftVersion,
    id,
    name: nameFromFile(fileName),
    revision: 0,
    createdAt: at,
    updatedAt: at,
    source: { fileName, kind: "pdf" },
    pages: Array.from({ length: document.numPages }, () => page),
    groups: [{ id: firstGroupId(id), label: groupLabel, color: groupColors[0] }],
    fields: [],
  };
}

/** The editor's state of a provisional draft: only page 1's geometry is known. */
export function provisionalEditorState(draft: Draft): EditorState {
  const state = createEditorState(draft);
  const pages = draft.pages.map((page, index) => (index === 0 ? page : null));
  return { ...state, doc: { ...state.doc, pages } };
}
