import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { SigndeskApi } from "../../common/contract";
import type { Draft } from "../../common/draft";

/** The part of a draft the editor changes. */
function contentOf(draft: Draft): string {
  return JSON.stringify([draft.name, draft.groups, draft.fields]);
}

export type SaveStatus = { kind: "saved"; at: string } | { kind: "saving" } | { kind: "failed"; message: string };

/**
 * Saves the draft shortly after every change (debounced), at once when the editor closes or the window
 * is hidden, and never two saves at a time (a change during a save is saved right after it). `onDisk` is
 * the draft as main holds it when the first draft is given (by default that draft itself): a difference
 * is saved at once.
 */
export function useAutosave(
  bridge: SigndeskApi,
  draft: Draft | null,
  onDisk: Draft | null = draft,
  delayMs = 400,
): { status: SaveStatus; flush: () => Promise<void> } {
  const [status, setStatus] = useState<SaveStatus>({ kind: "saved", at: (onDisk ?? draft)?.updatedAt ?? "" });
  const pending = useRef<Draft | null>(null);
  const running = useRef<Promise<void> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  /**
   * What is on disk (or on its way there): a draft with the same content is not saved again. Null until a
   * draft is given (while main makes a new draft, renderer/drafts/open-drafts.ts), then `onDisk`'s.
   */
  const saved = useRef<string | null>(draft === null ? null : contentOf(onDisk ?? draft));

  const flush = useCallback(async (): Promise<void> => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    if (running.current !== null) await running.current;
    const next = pending.current;
    if (next === null) return;
    pending.current = null;
    setStatus({ kind: "saving" });
    const save = bridge.draftsSave({ draft: next }).then(
      (result) => {
        if (result.ok) {
          // What is now on disk (after a failed save, the retry's content); a change made meanwhile is newer.
          if (pending.current === null) saved.current = contentOf(next);
          // A change made during this save is not saved yet: say so until it is.
          setStatus(pending.current === null ? { kind: "saved", at: result.value.updatedAt } : { kind: "saving" });
          return;
        }
        setStatus({ kind: "failed", message: result.error.message });
        // Kept for the next try (the next change, or closing the editor): nothing is dropped.
        pending.current ??= next;
        saved.current = "";
      },
      (error: unknown) => {
        setStatus({ kind: "failed", message: String(error) });
        pending.current ??= next;
        saved.current = "";
      },
    );
    running.current = save;
    await save;
    running.current = null;
  }, [bridge]);

  const content = useMemo(() => (draft === null ? null : contentOf(draft)), [draft]);
  useEffect(() => {
    if (draft === null || content === null) return;
    if (saved.current === null) {
      // Main has made the draft: what it holds may lack the latest changes (they are saved below).
      saved.current = onDisk === null ? content : contentOf(onDisk);
      setStatus({ kind: "saved", at: (onDisk ?? draft).updatedAt });
    }
    // Re-renders (selection, zoom, React's development double effects) give equal drafts: nothing to save.
    if (content === saved.current) return;
    saved.current = content;
    pending.current = draft;
    // From the change on, the status says it is being saved, never "saved" before it is on disk.
    setStatus({ kind: "saving" });
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = setTimeout(() => void flush(), delayMs);
  }, [draft, onDisk, content, delayMs, flush]);

  useEffect(() => {
    const now = () => void flush();
    window.addEventListener("pagehide", now);
    document.addEventListener("visibilitychange", now);
    return () => {
      window.removeEventListener("pagehide", now);
      document.removeEventListener("visibilitychange", now);
      void flush();
    };
  }, [flush]);

  // Said in the very render that shows a change, not one frame later when the effect above has run: the status
  // never says "All changes saved" over a change that is not on its way to disk.
  const unsaved = content !== null && saved.current !== null && content !== saved.current;
  return { status: unsaved && status.kind === "saved" ? { kind: "saving" } : status, flush };
}
