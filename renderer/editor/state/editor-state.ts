import { type Draft, maxDraftNameLength } from "../../../common/draft";
import { align, distribute } from "./arrange";
import { copySelection, duplicateSelection, paste, repeatOnEveryPage } from "./clipboard";
import {
  addField,
  deleteSelection,
  moveSelection,
  setFieldGroup,
  setFieldPage,
  setFieldPosition,
  setFieldType,
} from "./field-actions";
import { addGroup, cleanLabel, moveGroup, removeGroup, renameGroup, setActiveGroup } from "./groups";
import { record, redo, undo } from "./history";
import { stateProblems } from "./invariants";
import { placeFound } from "./place-found";
import { clearSelection, select, selectAll, selectInRect } from "./selection";
import type { ActionOf, EditorAction, EditorActionType, EditorState } from "./types";

/**
 * The template editor's state and reducer: pure, no React, no DOM. Invalid actions (unknown ids, a page
 * that does not exist, a box that cannot fit, the last group's removal, a 21st group, a 501st field)
 * return the very same state object, never throw.
 */

export { selectedFields } from "./access";
export { canRedo, canUndo, historyLimit } from "./history";
export { createIdGenerator, type IdGenerator } from "./ids";
export type * from "./types";

export function createEditorState(draft: Draft): EditorState {
  return {
    doc: { name: draft.name, pages: draft.pages, groups: draft.groups, fields: draft.fields },
    selection: [],
    activeGroupId: draft.groups[0]?.id ?? "",
    clipboard: null,
    past: [],
    future: [],
  };
}

/** The draft to save: name, groups and fields from the editor, everything else from `base`. */
export function toDraft(state: EditorState, base: Draft): Draft {
  const { name, groups, fields } = state.doc;
  return { ...base, name, groups, fields };
}

function rename(state: EditorState, action: ActionOf<"rename">): EditorState {
  const name = cleanLabel(action.name, maxDraftNameLength);
  return name === null || name === state.doc.name ? state : { ...state, doc: { ...state.doc, name } };
}

type Handlers = { [Type in EditorActionType]: (state: EditorState, action: ActionOf<Type>) => EditorState };

/** Handlers of everything but the history actions; a result with a changed document is recorded for undo. */
const handlers: Omit<Handlers, "undo" | "redo"> = {
  addField,
  moveSelection,
  setFieldPosition,
  setFieldPage,
  setFieldType,
  setFieldGroup,
  deleteSelection,
  duplicateSelection,
  copySelection,
  paste,
  repeatOnEveryPage,
  align,
  distribute,
  placeFound,
  select,
  selectInRect,
  selectAll,
  clearSelection,
  addGroup,
  renameGroup,
  moveGroup,
  removeGroup,
  setActiveGroup,
  rename,
};

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case "undo":
      return undo(state);
    case "redo":
      return redo(state);
  }
  const handler = handlers[action.type] as ((state: EditorState, action: EditorAction) => EditorState) | undefined;
  if (handler === undefined) return state;
  const next = handler(state, action);
  if (next === state) return state;
  // Safety net: never let an action break the invariants (unless the state arrived broken).
  if (stateProblems(next).length > 0 && stateProblems(state).length === 0) return state;
  return next.doc === state.doc ? next : record(state, next);
}
