import type { EditorState, Snapshot } from "./types";

/**
 * Undo and redo. Every document change pushes one snapshot (document and selection before the change);
 * between beginGesture and endGesture (a mouse drag) only the first change pushes one, so the whole drag
 * undoes in one step. Selection-only changes are not recorded.
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
  if (before.gesture?.recorded) return { ...after, future: [] };
  const gesture = before.gesture ? { recorded: true } : null;
  return { ...after, past: pushCapped(before.past, snapshotOf(before)), future: [], gesture };
}

/** The active group when it still exists in the restored document, else the first group. */
function restore(state: EditorState, snapshot: Snapshot, past: Snapshot[], future: Snapshot[]): EditorState {
  const { groups } = snapshot.doc;
  const activeStays = groups.some((group) => group.id === state.activeGroupId);
  const activeGroupId = activeStays ? state.activeGroupId : (groups[0]?.id ?? state.activeGroupId);
  return { ...state, doc: snapshot.doc, selection: snapshot.selection, past, future, gesture: null, activeGroupId };
}

/** Restores the document and selection from before the last change (ends any open gesture). */
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

/** Starts a gesture: until endGesture, its document changes coalesce into one undo step. Restarts an open one. */
export function beginGesture(state: EditorState): EditorState {
  return { ...state, gesture: { recorded: false } };
}

export function endGesture(state: EditorState): EditorState {
  return state.gesture === null ? state : { ...state, gesture: null };
}

export function canUndo(state: EditorState): boolean {
  return state.past.length > 0;
}

export function canRedo(state: EditorState): boolean {
  return state.future.length > 0;
}
