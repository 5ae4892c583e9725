import type { DraftField } from "../../../common/draft";
import type { EditorDoc, EditorState } from "./types";

/** Small read and write helpers the action handlers share. Every write returns new objects. */

export function findField(doc: EditorDoc, id: string): DraftField | undefined {
  return doc.fields.find((field) => field.id === id);
}

export function hasGroup(doc: EditorDoc, id: string): boolean {
  return doc.groups.some((group) => group.id === id);
}

/** The selected fields, in selection order. */
export function selectedFields(state: EditorState): DraftField[] {
  const byId = new Map(state.doc.fields.map((field) => [field.id, field]));
  return state.selection.flatMap((id) => byId.get(id) ?? []);
}

/** The selected fields grouped by page, each group in selection order, pages ascending. */
export function selectedByPage(state: EditorState): DraftField[][] {
  const pages = new Map<number, DraftField[]>();
  for (const field of selectedFields(state)) {
    const list = pages.get(field.page) ?? [];
    list.push(field);
    pages.set(field.page, list);
  }
  return [...pages.entries()].sort(([a], [b]) => a - b).map(([, list]) => list);
}

export function withFields(state: EditorState, fields: DraftField[], selection = state.selection): EditorState {
  return { ...state, doc: { ...state.doc, fields }, selection };
}

/**
 * `state` with the fields in `updates` replaced (matched by id, document order kept); the same object when
 * none of them differs from the field it replaces.
 */
export function replaceFields(state: EditorState, updates: readonly DraftField[]): EditorState {
  const byId = new Map(updates.map((field) => [field.id, field]));
  let changed = false;
  const fields = state.doc.fields.map((field) => {
    const update = byId.get(field.id);
    if (update === undefined || sameField(field, update)) return field;
    changed = true;
    return update;
  });
  return changed ? withFields(state, fields) : state;
}

export function sameField(a: DraftField, b: DraftField): boolean {
  return (
    a.id === b.id && a.type === b.type && a.groupId === b.groupId && a.page === b.page && a.x === b.x && a.y === b.y
  );
}

export function sameIds(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((id, index) => id === b[index]);
}
