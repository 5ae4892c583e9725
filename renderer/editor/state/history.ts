import type { EditorState, Snapshot } from "./types";

/**
 * Undo and redo. Every document change pushes one snapshot (document and selection before the change); a
 * mouse drag is dispatched as one change when it ends, so it undoes in one step. Selection-only changes are
 * not recorded.
 */

export const historyLimit = 200;

export function snapshotOf(state: EditorState): Snapshot {
  return { doc: state.doc, selection: state.selection };
}

function pushCapped(stack: readonly Snapshot[], snapshot: Snapshot): Snapshot[] {
  const next = [...stack, snapshot];
  return next.length > historyLimit ? next.slice(next.length - historyLimit) : next;
}

/** `after` (whose document differs from `before`'s) with the change recorded, and the redo stack cleared. */
export function record(before: EditorState, after: EditorState): EditorState {
  return { ...after, past: pushCapped(before.past, snapshotOf(before)), future: [] };
}

/**
 * The active group when it still exists in the restored document, else the first group. The pages stay the
 * current ones: they are never edited, only learnt (state/pages.ts), so a snapshot's may be older.
 */
function restore(state: EditorState, snapshot: Snapshot, past: Snapshot[], future: Snapshot[]): EditorState {
  const { groups } = snapshot.doc;
  const activeStays = groups.some((group) => group.id === state.activeGroupId);
  const activeGroupId = activeStays ? state.activeGroupId : (groups[0]?.id ?? state.activeGroupId);
  const doc = snapshot.doc.pages === state.doc.pages ? snapshot.doc : { ...snapshot.doc, pages: state.doc.pages };
  return { ...state, doc, selection: snapshot.selection, past, future, activeGroupId };
}

/** Restores the document and selection from before the last change. */
export function undo(state: EditorState): EditorState {
  const previous = state.past[state.past.length - 1];
  if (previous === undefined) return state;
  return restore(state, previous, state.past.slice(0, -1), pushCapped(state.future, snapshotOf(state)));
}

export function redo(state: EditorState): EditorState {
  const next = state.future[state.future.length - 1];
  if (next === undefined) return state;
  return restore(state, next, pushCapped(state.past, snapshotOf(state)), state.future.slice(0, -1));
}

export function canUndo(state: EditorState): boolean {
  return state.past.length > 0;
}

export function canRedo(state: EditorState): boolean {
  return state.future.length > 0;
}
