import type { Draft } from "../../common/draft";
import { createEditorState, type EditorState } from "./state/editor-state";

/**
 * Editor states (with their undo history) of the drafts closed in this session, so that reopening a
 * draft can still undo what was done before. Kept only while the draft is exactly as it was left.
 */
const closed = new Map<string, EditorState>();

function sameContent(state: EditorState, draft: Draft): boolean {
  const { name, groups, fields } = state.doc;
  return (
    JSON.stringify({ name, groups, fields }) ===
    JSON.stringify({ name: draft.name, groups: draft.groups, fields: draft.fields })
  );
}

export function openEditorState(draft: Draft): EditorState {
  const kept = closed.get(draft.id);
  closed.delete(draft.id);
  return kept !== undefined && sameContent(kept, draft) ? kept : createEditorState(draft);
}

export function rememberEditorState(draftId: string, state: EditorState): void {
  closed.set(draftId, state);
}
