import { sameIds } from "./access";
import { fieldRect, normaliseRect, rectsIntersect } from "./geometry";
import type { ActionOf, EditorState, SelectMode } from "./types";

/** Selection: click, shift-click, marquee, select all. Never recorded in history; unchanged selections return `state`. */

function combine(current: readonly string[], ids: readonly string[], mode: SelectMode): string[] | null {
  const unique = [...new Set(ids)];
  switch (mode) {
    case "replace":
      return unique;
    case "add":
      return [...current, ...unique.filter((id) => !current.includes(id))];
    case "toggle": {
      const kept = current.filter((id) => !unique.includes(id));
      return [...kept, ...unique.filter((id) => !current.includes(id))];
    }
    default:
      return null;
  }
}

function withSelection(state: EditorState, selection: string[] | null): EditorState {
  return selection === null || sameIds(selection, state.selection) ? state : { ...state, selection };
}

/** Selects `ids` (all must exist): replace the selection, add to it, or toggle each id in or out. */
export function select(state: EditorState, action: ActionOf<"select">): EditorState {
  if (!Array.isArray(action.ids)) return state;
  const known = new Set(state.doc.fields.map((field) => field.id));
  if (!action.ids.every((id) => known.has(id))) return state;
  return withSelection(state, combine(state.selection, action.ids, action.mode));
}

/** Marquee: every field on `page` whose box overlaps `rect` (in document order), combined by `mode`. */
export function selectInRect(state: EditorState, action: ActionOf<"selectInRect">): EditorState {
  const { x, y, width, height } = action.rect;
  if (![x, y, width, height].every(Number.isFinite)) return state;
  const marquee = normaliseRect(action.rect);
  const hit = state.doc.fields
    .filter((field) => field.page === action.page && rectsIntersect(fieldRect(field), marquee))
    .map((field) => field.id);
  return withSelection(state, combine(state.selection, hit, action.mode));
}

/** Every field, or every field on `page`, in document order. */
export function selectAll(state: EditorState, action: ActionOf<"selectAll">): EditorState {
  const fields = state.doc.fields.filter((field) => action.page === undefined || field.page === action.page);
  return withSelection(
    state,
    fields.map((field) => field.id),
  );
}

export function clearSelection(state: EditorState): EditorState {
  return withSelection(state, []);
}
