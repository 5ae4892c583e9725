import { useEffect } from "react";
import type { EditorAction } from "./state/editor-state";
import { type EditorCommand, keyToEditor } from "./state/keyboard";

const platform = navigator.userAgent.includes("Mac") ? "mac" : "other";

function typingInto(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    ["INPUT", "SELECT", "TEXTAREA"].includes(target.tagName) ||
    target.closest("dialog") !== null
  );
}

interface EditorKeys {
  dispatch: (action: EditorAction) => void;
  command: (command: EditorCommand) => void;
  zoom: (direction: "in" | "out" | "reset") => void;
  /** True while keys must wait (a field is being dragged): they are ignored then. */
  isBusy: () => boolean;
}

/** Every editor action on the keyboard (see state/keyboard.ts), plus Ctrl/Cmd + plus/minus/0 for zoom. */
export function useEditorKeys({ dispatch, command, zoom, isBusy }: EditorKeys): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      // A paste, an undo or a zoom under a field being dragged would change what the drag is moving.
      if (isBusy()) {
        if (!typingInto(event.target) && event.key !== "Alt") event.preventDefault();
        return;
      }
      const primary = platform === "mac" ? event.metaKey : event.ctrlKey;
      if (primary && !event.altKey && ["+", "=", "-", "0"].includes(event.key)) {
        event.preventDefault();
        zoom(event.key === "-" ? "out" : event.key === "0" ? "reset" : "in");
        return;
      }
      if (typingInto(event.target)) return;
      const result = keyToEditor(event, platform);
      if (result === null) return;
      event.preventDefault();
      if (result.kind === "action") dispatch(result.action);
      else command(result.command);
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [dispatch, command, zoom, isBusy]);
}
