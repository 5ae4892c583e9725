import type { DraftField } from "../../../common/draft";
import { limits } from "../../../common/fields";
import { hasGroup, selectedFields, withFields } from "./access";
import { placeField } from "./geometry";
import { takeNewIds } from "./ids";
import { everyPageKnown } from "./pages";
import type { ActionOf, EditorState } from "./types";

/** Copies of fields: duplicate, copy and paste, repeat on every page. New ids come from the action. */

/** How far a copy on the same page lands from its original, right and down, in points. */
export const copyOffset = 10;

function addCopies(state: EditorState, copies: DraftField[], selection: string[]): EditorState {
  if (copies.length === 0 || state.doc.fields.length + copies.length > limits.maxFieldsPerTemplate) return state;
  return withFields(state, [...state.doc.fields, ...copies], selection);
}

/** A copy of each selected field, 10 pt right and down (clamped onto the page); the copies become the selection. */
export function duplicateSelection(state: EditorState, action: ActionOf<"duplicateSelection">): EditorState {
  const selected = selectedFields(state);
  const ids = takeNewIds(state.doc, action.ids, selected.length);
  if (ids === null) return state;
  const copies = selected.flatMap((field, index) => {
    const at = { x: field.x + copyOffset, y: field.y + copyOffset };
    return placeField(state.doc, { ...field, id: ids[index] ?? field.id }, at) ?? [];
  });
  return addCopies(
    state,
    copies,
    copies.map((copy) => copy.id),
  );
}

export function copySelection(state: EditorState): EditorState {
  const selected = selectedFields(state);
  return selected.length === 0 ? state : { ...state, clipboard: selected.map((field) => ({ ...field })) };
}

/**
 * Pastes the clipboard: each field onto its own page 10 pt right and down, or, with `page`, onto that page
 * at the same position (still offset when that is the field's own page). Positions are clamped; a field
 * whose box cannot fit the target page is skipped; a field whose group was removed goes to the active
 * group. `ids[i]` is the id of the copy of clipboard field i. The clipboard then holds the pasted fields,
 * so pasting again cascades instead of stacking copies on one spot.
 */
export function paste(state: EditorState, action: ActionOf<"paste">): EditorState {
  const clipboard = state.clipboard;
  if (clipboard === null || clipboard.length === 0) return state;
  const ids = takeNewIds(state.doc, action.ids, clipboard.length);
  if (ids === null) return state;
  const page = action.page;
  if (page !== undefined && !(Number.isInteger(page) && page >= 1 && page <= state.doc.pages.length)) return state;
  const pasted = clipboard.flatMap((field, index) => {
    const target = page ?? field.page;
    const offset = target === field.page ? copyOffset : 0;
    const groupId = hasGroup(state.doc, field.groupId) ? field.groupId : state.activeGroupId;
    const copy = { ...field, id: ids[index] ?? field.id, groupId };
    return placeField(state.doc, copy, { x: field.x + offset, y: field.y + offset }, target) ?? [];
  });
  const next = addCopies(
    state,
    pasted,
    pasted.map((field) => field.id),
  );
  return next === state ? state : { ...next, clipboard: pasted.map((field) => ({ ...field })) };
}

/**
 * For each selected field, a copy at the same position on every other page (clamped onto smaller pages;
 * skipped where the box cannot fit, or where an identical field already sits). Ids are used in order:
 * selected field by selected field, page by page. Originals and copies become the selection. Refused while a
 * page is not read yet: "every page" would silently miss it.
 */
export function repeatOnEveryPage(state: EditorState, action: ActionOf<"repeatOnEveryPage">): EditorState {
  if (!everyPageKnown(state.doc)) return state;
  const selected = selectedFields(state);
  const occupied = new Set(state.doc.fields.map(placeKey));
  const copies: DraftField[] = [];
  for (const field of selected) {
    for (let page = 1; page <= state.doc.pages.length; page += 1) {
      if (page === field.page) continue;
      const copy = placeField(state.doc, field, field, page);
      if (copy === null || occupied.has(placeKey(copy))) continue;
      occupied.add(placeKey(copy));
      copies.push(copy);
    }
  }
  const ids = takeNewIds(state.doc, action.ids, copies.length);
  if (ids === null) return state;
  const named = copies.map((copy, index) => ({ ...copy, id: ids[index] ?? copy.id }));
  return addCopies(state, named, [...state.selection, ...named.map((copy) => copy.id)]);
}

/** Two fields of the same type and group at the same spot are the same field for "repeat". */
function placeKey(field: DraftField): string {
  return `${field.page}|${field.type}|${field.groupId}|${field.x}|${field.y}`;
}
