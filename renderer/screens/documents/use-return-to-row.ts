import { type RefObject, useLayoutEffect } from "react";
import type { TablePlace } from "./DocumentsTable";

/**
 * Back from a document's details: the list is where it was, and focus returns to that document in it once its row
 * is drawn again (the table draws its rows a frame after it is laid out). `returnFocusTo` holds the document to
 * return to (taken once); `tablePlace` where the list was scrolled when it was opened.
 */
export function useReturnToRow(
  selected: string | null,
  returnFocusTo: RefObject<string | null>,
  tablePlace: RefObject<TablePlace | null>,
): void {
  useLayoutEffect(() => {
    if (selected !== null || returnFocusTo.current === null) return;
    const id = returnFocusTo.current;
    returnFocusTo.current = null;
    const scroller = document.querySelector<HTMLElement>(".content");
    const scrollTop = tablePlace.current?.scrollTop ?? 0;
    let frames = 0;
    let request = 0;
    const focusRow = () => {
      // The list's full height comes back with its spacer rows: scroll once it can go that far.
      if (scroller !== null && scroller.scrollTop !== scrollTop) scroller.scrollTop = scrollTop;
      const restored = scroller === null || Math.abs(scroller.scrollTop - scrollTop) <= 1;
      const button = restored ? document.querySelector<HTMLElement>(`[data-open-document="${CSS.escape(id)}"]`) : null;
      if (button !== null) button.focus({ preventScroll: true });
      else if (frames >= 30) document.getElementById("documents-title")?.focus();
      else {
        frames += 1;
        request = requestAnimationFrame(focusRow);
      }
    };
    focusRow();
    return () => cancelAnimationFrame(request);
  }, [selected, returnFocusTo, tablePlace]);
}
