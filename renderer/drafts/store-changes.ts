import type { SigndeskApi } from "../../common/contract";
import type { Draft } from "../../common/draft";
import { canRedo, canUndo, type EditorState, toDraft } from "../editor/state/editor-state";
import { contentOf } from "./provisional-draft";

/** Main's draft holding the changes made while it was being made, or why those are not stored yet. */
export interface Stored {
  draft: Draft;
  /** Null, or why main did not store the changes: they stay in the editor's state, whose autosave tries again. */
  unsaved: string | null;
}

/** Whether anything was done in the editor: a state nothing was done in is replaced by main's own. */
export function changed(state: EditorState): boolean {
  return canUndo(state) || canRedo(state);
}

/**
 * Stores in `made` (main's new draft) the changes made in the editor while main was making it, again and
 * again until the latest (`latest()`, read after every save) is stored: what main holds is then what the
 * editor shows.
 */
export async function storeChanges(
  bridge: SigndeskApi,
  made: Draft,
  latest: () => EditorState | undefined,
): Promise<Stored> {
  let onDisk = made;
  for (;;) {
    const state = latest();
    if (state === undefined || !changed(state) || contentOf(state.doc) === contentOf(onDisk)) {
      return { draft: onDisk, unsaved: null };
    }
    const next = toDraft(state, onDisk);
    const answer = await bridge
      .draftsSave({ draft: next })
      .catch((error: unknown) => ({ ok: false, error: { message: String(error) } }) as const);
    if (!answer.ok) return { draft: onDisk, unsaved: answer.error.message };
    onDisk = { ...next, revision: answer.value.revision, updatedAt: answer.value.updatedAt };
  }
}
