import type { EditorAction } from "./types";

/**
 * Editor shortcuts: a key event description to an editor action, or to a command that needs more context
 * (new ids, the page in view; see commands.ts). Anything else is null, so the caller lets the key through;
 * the caller also skips this while focus is in a text input.
 */

export interface KeyDescription {
  /** KeyboardEvent.key */
  key: string;
  /** KeyboardEvent.code, used for letters when the layout's `key` is not a Latin letter. */
  code?: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}

export type Platform = "mac" | "other";

/** Shortcuts that need ids or the current page before they become actions. */
export type EditorCommand = "paste" | "duplicate" | "selectAllOnPage";

export type KeyResult = { kind: "action"; action: EditorAction } | { kind: "command"; command: EditorCommand };

export const arrowStep = 1;
export const arrowStepShift = 10;

const arrows: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

function letterOf(event: KeyDescription): string | null {
  if (/^[a-z]$/i.test(event.key)) return event.key.toLowerCase();
  const code = event.code ?? "";
  return /^Key[A-Z]$/.test(code) ? code.slice(3).toLowerCase() : null;
}

const action = (value: EditorAction): KeyResult => ({ kind: "action", action: value });
const command = (value: EditorCommand): KeyResult => ({ kind: "command", command: value });

export function keyToEditor(event: KeyDescription, platform: Platform): KeyResult | null {
  // Cmd on macOS, Ctrl elsewhere; the other one (Ctrl on macOS, the Windows key elsewhere) and Alt
  // (AltGr is Ctrl+Alt on Windows) mean the key is not ours.
  const primary = platform === "mac" ? event.metaKey : event.ctrlKey;
  const foreign = platform === "mac" ? event.ctrlKey : event.metaKey;
  if (event.altKey || foreign) return null;

  if (!primary) {
    const arrow = arrows[event.key];
    if (arrow !== undefined) {
      const step = event.shiftKey ? arrowStepShift : arrowStep;
      return action({ type: "moveSelection", dx: arrow[0] * step, dy: arrow[1] * step });
    }
    if (event.key === "Delete" || event.key === "Backspace") return action({ type: "deleteSelection" });
    if (event.key === "Escape") return action({ type: "clearSelection" });
    return null;
  }

  const letter = letterOf(event);
  if (letter === "z") return action({ type: event.shiftKey ? "redo" : "undo" });
  if (event.shiftKey) return null;
  switch (letter) {
    case "y":
      return platform === "mac" ? null : action({ type: "redo" });
    case "c":
      return action({ type: "copySelection" });
    case "v":
      return command("paste");
    case "d":
      return command("duplicate");
    case "a":
      return command("selectAllOnPage");
    default:
      return null;
  }
}
