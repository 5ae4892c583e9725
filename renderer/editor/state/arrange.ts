import type { DraftField } from "../../../common/draft";
import { replaceFields, selectedByPage } from "./access";
import { boundsOf, boxSize, fieldRect, placeField } from "./geometry";
import type { ActionOf, AlignEdge, EditorDoc, EditorState } from "./types";

/**
 * Align and distribute. Fields are only arranged against fields on their own page: with a selection on
 * several pages, each page's selected fields are arranged among themselves. Results are clamped onto the page.
 */

function alignTarget(field: DraftField, edge: AlignEdge, left: number, top: number, right: number, bottom: number) {
  const { width, height } = boxSize(field.type);
  switch (edge) {
    case "left":
      return { x: left, y: field.y };
    case "right":
      return { x: right - width, y: field.y };
    case "centerX":
      return { x: (left + right) / 2 - width / 2, y: field.y };
    case "top":
      return { x: field.x, y: top };
    case "bottom":
      return { x: field.x, y: bottom - height };
    case "centerY":
      return { x: field.x, y: (top + bottom) / 2 - height / 2 };
  }
}

/** Aligns the selected fields (2 or more on a page) to the selection's extreme edge or its bounding box's centre. */
export function align(state: EditorState, action: ActionOf<"align">): EditorState {
  const updates: DraftField[] = [];
  for (const fields of selectedByPage(state)) {
    const bounds = fields.length >= 2 ? boundsOf(fields.map(fieldRect)) : null;
    if (bounds === null) continue;
    const [left, top] = [bounds.x, bounds.y];
    const [right, bottom] = [bounds.x + bounds.width, bounds.y + bounds.height];
    for (const field of fields) {
      const at = alignTarget(field, action.edge, left, top, right, bottom);
      const placed = at && placeField(state.doc, field, at);
      if (placed) updates.push(placed);
    }
  }
  return replaceFields(state, updates);
}

/**
 * Spaces the selected fields (3 or more on a page) so the gaps between neighbours are equal. Fields are
 * ordered by their left (top) edge; the first and the last in that order stay where they are.
 */
export function distribute(state: EditorState, action: ActionOf<"distribute">): EditorState {
  const horizontal = action.axis === "horizontal";
  if (!horizontal && action.axis !== "vertical") return state;
  const updates = selectedByPage(state).flatMap((fields) =>
    fields.length >= 3 ? distributed(state.doc, fields, horizontal) : [],
  );
  return replaceFields(state, updates);
}

function distributed(doc: EditorDoc, fields: DraftField[], horizontal: boolean): DraftField[] {
  const start = (field: DraftField) => (horizontal ? field.x : field.y);
  const size = (field: DraftField) => (horizontal ? boxSize(field.type).width : boxSize(field.type).height);
  // Stable sort: equal starts keep selection order.
  const ordered = [...fields].sort((a, b) => start(a) - start(b));
  const first = ordered[0] as DraftField;
  const last = ordered[ordered.length - 1] as DraftField;
  const span = start(last) + size(last) - start(first);
  const total = ordered.reduce((sum, field) => sum + size(field), 0);
  const gap = (span - total) / (ordered.length - 1);
  const placed: DraftField[] = [];
  let cursor = start(first);
  ordered.forEach((field, index) => {
    const position = index === ordered.length - 1 ? start(last) : cursor;
    cursor += size(field) + gap;
    const at = horizontal ? { x: position, y: field.y } : { x: field.x, y: position };
    const moved = placeField(doc, field, at);
    if (moved !== null) placed.push(moved);
  });
  return placed;
}
