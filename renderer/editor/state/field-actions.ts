import { type FieldType, fieldTypes, limits } from "../../../common/fields";
import { findField, hasGroup, replaceFields, selectedFields, withFields } from "./access";
import { boxSize, pageSize, placeField } from "./geometry";
import { takeNewIds } from "./ids";
import type { ActionOf, EditorState } from "./types";

/** Placing, moving, retyping, regrouping and deleting fields. Invalid actions return `state` itself. */

function isFieldType(value: unknown): value is FieldType {
  return (fieldTypes as readonly unknown[]).includes(value);
}

export function addField(state: EditorState, action: ActionOf<"addField">): EditorState {
  const { doc } = state;
  if (doc.fields.length >= limits.maxFieldsPerTemplate || !isFieldType(action.fieldType)) return state;
  const ids = takeNewIds(doc, [action.id], 1);
  const groupId = action.groupId ?? state.activeGroupId;
  if (ids === null || !hasGroup(doc, groupId)) return state;
  const draft = { id: action.id, type: action.fieldType, groupId, page: action.page, x: action.x, y: action.y };
  const field = placeField(doc, draft, draft, action.page, action.fieldType);
  if (field === null) return state;
  return withFields(state, [...doc.fields, field], [field.id]);
}

/** The move (dx, dy) closest to the one asked for that keeps every selected field on its page; null if none can move. */
export function clampSelectionMove(state: EditorState, dx: number, dy: number): { dx: number; dy: number } | null {
  const selected = selectedFields(state);
  if (selected.length === 0 || !Number.isFinite(dx) || !Number.isFinite(dy)) return null;
  let [minDx, maxDx, minDy, maxDy] = [-Infinity, Infinity, -Infinity, Infinity];
  for (const field of selected) {
    const shown = pageSize(state.doc, field.page);
    if (shown === undefined) return null;
    const { width, height } = boxSize(field.type);
    minDx = Math.max(minDx, -field.x);
    maxDx = Math.min(maxDx, shown.width - width - field.x);
    minDy = Math.max(minDy, -field.y);
    maxDy = Math.min(maxDy, shown.height - height - field.y);
  }
  return { dx: Math.min(Math.max(dx, minDx), maxDx), dy: Math.min(Math.max(dy, minDy), maxDy) };
}

/**
 * Moves every selected field by (dx, dy). The move is limited so that no field leaves its page, and every
 * field moves by the same allowed amount, so a clamped group keeps its shape.
 */
export function moveSelection(state: EditorState, action: ActionOf<"moveSelection">): EditorState {
  const selected = selectedFields(state);
  const clamped = clampSelectionMove(state, action.dx, action.dy);
  if (clamped === null) return state;
  const { dx, dy } = clamped;
  if (!(dx !== 0 || dy !== 0)) return state;
  const moved = selected.flatMap((field) => placeField(state.doc, field, { x: field.x + dx, y: field.y + dy }) ?? []);
  return replaceFields(state, moved);
}

export function setFieldPosition(state: EditorState, action: ActionOf<"setFieldPosition">): EditorState {
  const field = findField(state.doc, action.id);
  const placed = field && placeField(state.doc, field, { x: action.x, y: action.y });
  return placed ? replaceFields(state, [placed]) : state;
}

export function setFieldPage(state: EditorState, action: ActionOf<"setFieldPage">): EditorState {
  const field = findField(state.doc, action.id);
  const placed = field && placeField(state.doc, field, field, action.page);
  return placed ? replaceFields(state, [placed]) : state;
}

/** A new type gives a new box size: the field is clamped onto its page again (unchanged if it cannot fit). */
export function setFieldType(state: EditorState, action: ActionOf<"setFieldType">): EditorState {
  const field = findField(state.doc, action.id);
  if (field === undefined || !isFieldType(action.fieldType)) return state;
  const placed = placeField(state.doc, field, field, field.page, action.fieldType);
  return placed ? replaceFields(state, [placed]) : state;
}

export function setFieldGroup(state: EditorState, action: ActionOf<"setFieldGroup">): EditorState {
  const field = findField(state.doc, action.id);
  if (field === undefined || !hasGroup(state.doc, action.groupId)) return state;
  return replaceFields(state, [{ ...field, groupId: action.groupId }]);
}

export function deleteSelection(state: EditorState): EditorState {
  const selected = new Set(state.selection);
  const fields = state.doc.fields.filter((field) => !selected.has(field.id));
  return fields.length === state.doc.fields.length ? state : withFields(state, fields, []);
}
