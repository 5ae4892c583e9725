import type { IdGenerator } from "./ids";
import type { EditorAction, EditorState } from "./types";

/** Turning commands that need context (new ids, the page in view) into actions. */

export type IdAction = "duplicateSelection" | "paste" | "repeatOnEveryPage";

/** How many new ids an action of `type` needs in the current state. */
export function idsNeeded(state: EditorState, type: IdAction): number {
  switch (type) {
    case "duplicateSelection":
      return state.selection.length;
    case "paste":
      return state.clipboard?.length ?? 0;
    case "repeatOnEveryPage":
      return state.selection.length * Math.max(0, state.doc.pages.length - 1);
  }
}

export interface CommandContext {
  /** The page in view (1-based): where Ctrl/Cmd+A selects. */
  page: number;
  ids: IdGenerator;
}

export function commandToAction(
  state: EditorState,
  command: "paste" | "duplicate" | "selectAllOnPage" | "repeatOnEveryPage",
  context: CommandContext,
): EditorAction {
  switch (command) {
    case "paste":
      return { type: "paste", ids: context.ids.many(idsNeeded(state, "paste")) };
    case "duplicate":
      return { type: "duplicateSelection", ids: context.ids.many(idsNeeded(state, "duplicateSelection")) };
    case "repeatOnEveryPage":
      return { type: "repeatOnEveryPage", ids: context.ids.many(idsNeeded(state, "repeatOnEveryPage")) };
    case "selectAllOnPage":
      return { type: "selectAll", page: context.page };
  }
}
