import { useCallback, useEffect, useRef, useState } from "react";
import type { Guide } from "./FieldLayer";
import type { EditorAction, EditorState } from "./state/editor-state";
import { clampSelectionMove } from "./state/field-actions";
import { boxSize, clampOntoPage, otherFieldRects, pageSize } from "./state/geometry";
import { snapBox } from "./state/snapping";

export interface FieldDrag {
  /** The snapping guides to draw, on one page (1-based; 0 for none). */
  guides: { page: number; lines: Guide[] };
  onDragStart: (id: string) => void;
  /** Proposed top-left (points) of the grabbed field; answers where it may go. */
  onDragMove: (id: string, x: number, y: number) => { x: number; y: number };
  onDragEnd: () => void;
  /** True while a field is being dragged: editor keys wait for the drop (the fields dragged are Konva's then). */
  isDragging: () => boolean;
}

/**
 * Dragging fields with the mouse: the grabbed field snaps to other fields and the page's centre lines
 * (holding Alt places freely), the rest of the selection moves with it, all stay on their pages; the
 * drop is one undoable move of the selection.
 */
export function useFieldDrag(state: EditorState, dispatch: (action: EditorAction) => void): FieldDrag {
  const [guides, setGuides] = useState<{ page: number; lines: Guide[] }>({ page: 0, lines: [] });
  const drag = useRef<{ from: { x: number; y: number }; to: { x: number; y: number } } | null>(null);
  const snapping = useRef(true);
  const guidesShown = useRef("[]");

  // Holding Alt places freely (no snapping), wherever the focus is.
  useEffect(() => {
    const alt = (event: KeyboardEvent) => {
      snapping.current = !event.altKey;
    };
    const reset = () => {
      snapping.current = true;
    };
    window.addEventListener("keydown", alt);
    window.addEventListener("keyup", alt);
    window.addEventListener("blur", reset);
    return () => {
      window.removeEventListener("keydown", alt);
      window.removeEventListener("keyup", alt);
      window.removeEventListener("blur", reset);
    };
  }, []);

  const onDragStart = (id: string) => {
    const field = state.doc.fields.find((candidate) => candidate.id === id);
    if (field === undefined) return;
    if (!state.selection.includes(id)) dispatch({ type: "select", ids: [id], mode: "replace" });
    drag.current = { from: { x: field.x, y: field.y }, to: { x: field.x, y: field.y } };
  };

  const onDragMove = (id: string, x: number, y: number) => {
    const field = state.doc.fields.find((candidate) => candidate.id === id);
    const size = field === undefined ? undefined : pageSize(state.doc, field.page);
    if (field === undefined || size === undefined) return { x, y };
    const box = boxSize(field.type);
    const others = otherFieldRects(state.doc, field.page, [...state.selection, id]);
    const whole = { x: Math.round(x), y: Math.round(y) };
    const snapped = snapping.current ? snapBox({ ...whole, ...box }, others, size) : { ...whole, guides: [] };
    const onPage = clampOntoPage(size, box, snapped) ?? { x: field.x, y: field.y };
    // The rest of the selection moves with it, and stays on its pages too.
    const move = clampSelectionMove(state, onPage.x - field.x, onPage.y - field.y) ?? { dx: 0, dy: 0 };
    const allowed = { x: field.x + move.dx, y: field.y + move.dy };
    // The guides change far less often than the pointer moves; only a change re-renders the editor.
    const shown = JSON.stringify(snapped.guides);
    if (shown !== guidesShown.current) {
      guidesShown.current = shown;
      setGuides({ page: field.page, lines: snapped.guides });
    }
    if (drag.current !== null) drag.current.to = allowed;
    return allowed;
  };

  const onDragEnd = () => {
    const moved = drag.current;
    drag.current = null;
    guidesShown.current = "[]";
    setGuides({ page: 0, lines: [] });
    if (moved === null) return;
    // One action for the whole drag: one undo step.
    dispatch({ type: "moveSelection", dx: moved.to.x - moved.from.x, dy: moved.to.y - moved.from.y });
  };

  const isDragging = useCallback(() => drag.current !== null, []);

  return { guides, onDragStart, onDragMove, onDragEnd, isDragging };
}
