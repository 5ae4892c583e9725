import type { PageGeometry } from "../../../common/coordinates";
import { placeField } from "./geometry";
import type { EditorDoc, EditorState } from "./types";

/**
 * The pages' geometry as it becomes known: a new PDF's pages are read in the background while main makes its
 * draft (renderer/drafts), and main's draft has the final word. Learning a page is not an edit: nothing is
 * recorded for undo, and undo keeps the current pages (history.ts).
 */

/** Whether the geometry of every page is known, so that an action on "every page" misses none. */
export function everyPageKnown(doc: EditorDoc): boolean {
  return doc.pages.every((page) => page !== null);
}

/** Whether 1-based `page` exists and its geometry is known (fields can be placed on it). */
export function pageKnown(doc: EditorDoc, page: number): boolean {
  return doc.pages[page - 1] != null;
}

/**
 * `state` with `pages` (one per page of the document, null where still unknown). A field on a page whose
 * geometry changed is clamped onto it (main reads pages with the same rules as pdf.js here, so this only
 * matters should the two ever disagree); one that cannot fit at all is left for the save to report.
 */
export function withPages(state: EditorState, pages: readonly (PageGeometry | null)[]): EditorState {
  const before = state.doc.pages;
  if (pages.length === before.length && pages.every((page, index) => page === before[index])) return state;
  const doc: EditorDoc = { ...state.doc, pages: [...pages] };
  let moved = false;
  const fields = state.doc.fields.map((field) => {
    const now = pages[field.page - 1];
    if (now == null || now === before[field.page - 1]) return field;
    const placed = placeField(doc, field, field) ?? field;
    moved ||= placed.x !== field.x || placed.y !== field.y;
    return placed;
  });
  return { ...state, doc: moved ? { ...doc, fields } : doc };
}
