import { maxGroupLabelLength, nextGroupColor } from "../../../common/draft";
import { limits } from "../../../common/fields";
import { hasGroup } from "./access";
import { maxIdLength } from "./ids";
import type { ActionOf, EditorState } from "./types";

/**
 * Recipient groups. Their order is the API's numbering (group i is recipient i + 1), so moving a group
 * changes which recipient of a send fills it.
 */

/** A label trimmed of surrounding space, or null when it is blank or longer than `max`. */
export function cleanLabel(label: unknown, max: number): string | null {
  if (typeof label !== "string") return null;
  const trimmed = label.trim();
  return trimmed.length === 0 || trimmed.length > max ? null : trimmed;
}

/** Adds a group with the first unused palette colour; it becomes the active group. */
export function addGroup(state: EditorState, action: ActionOf<"addGroup">): EditorState {
  const { groups } = state.doc;
  const label = cleanLabel(action.label, maxGroupLabelLength);
  const idOk = typeof action.id === "string" && action.id.length > 0 && action.id.length <= maxIdLength;
  if (label === null || !idOk || hasGroup(state.doc, action.id) || groups.length >= limits.maxRecipientGroups) {
    return state;
  }
  const color = nextGroupColor(groups.map((group) => group.color));
  const group = { id: action.id, label, color };
  return { ...state, doc: { ...state.doc, groups: [...groups, group] }, activeGroupId: group.id };
}

export function renameGroup(state: EditorState, action: ActionOf<"renameGroup">): EditorState {
  const label = cleanLabel(action.label, maxGroupLabelLength);
  const group = state.doc.groups.find((candidate) => candidate.id === action.id);
  if (label === null || group === undefined || group.label === label) return state;
  const groups = state.doc.groups.map((candidate) => (candidate === group ? { ...group, label } : candidate));
  return { ...state, doc: { ...state.doc, groups } };
}

/** Moves a group to `toIndex` (clamped to the list). */
export function moveGroup(state: EditorState, action: ActionOf<"moveGroup">): EditorState {
  const { groups } = state.doc;
  const from = groups.findIndex((group) => group.id === action.id);
  if (from < 0 || !Number.isInteger(action.toIndex)) return state;
  const to = Math.min(Math.max(action.toIndex, 0), groups.length - 1);
  if (to === from) return state;
  const reordered = groups.filter((_, index) => index !== from);
  reordered.splice(to, 0, groups[from] as (typeof groups)[number]);
  return { ...state, doc: { ...state.doc, groups: reordered } };
}

/**
 * Removes a group and every field in it (one undo step). The last group cannot be removed. When the
 * active group goes, the group that takes its place in the list (or the one before it) becomes active.
 */
export function removeGroup(state: EditorState, action: ActionOf<"removeGroup">): EditorState {
  const { groups, fields } = state.doc;
  const index = groups.findIndex((group) => group.id === action.id);
  if (index < 0 || groups.length <= 1) return state;
  const remaining = groups.filter((group) => group.id !== action.id);
  const kept = fields.filter((field) => field.groupId !== action.id);
  const keptIds = new Set(kept.map((field) => field.id));
  const fallback = remaining[Math.min(index, remaining.length - 1)] ?? remaining[0];
  const activeGroupId = state.activeGroupId === action.id && fallback ? fallback.id : state.activeGroupId;
  return {
    ...state,
    doc: { ...state.doc, groups: remaining, fields: kept },
    selection: state.selection.filter((id) => keptIds.has(id)),
    activeGroupId,
  };
}

export function setActiveGroup(state: EditorState, action: ActionOf<"setActiveGroup">): EditorState {
  if (!hasGroup(state.doc, action.id) || state.activeGroupId === action.id) return state;
  return { ...state, activeGroupId: action.id };
}
