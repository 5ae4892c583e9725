import { maxGroupLabelLength, nextGroupColor } from "../../../common/draft";
import { limits } from "../../../common/fields";
import { withFields } from "./access";
import { placeField } from "./geometry";
import { cleanLabel } from "./groups";
import { maxIdLength, takeNewIds } from "./ids";
import type { ActionOf, EditorState } from "./types";

/**
 * Places the fields found in the document that the person accepted (issue 34), with the recipient groups they
 * name, renaming the unused groups they take over: one change, so one undo step. Every field is clamped onto its
 * page; a field on a page not read yet, a 21st group or a 501st field makes the whole action invalid (the review
 * says so before offering it).
 */
export function placeFound(state: EditorState, action: ActionOf<"placeFound">): EditorState {
  const { doc } = state;
  const renames = new Map<string, string>();
  for (const rename of action.renames) {
    const label = cleanLabel(rename.label, maxGroupLabelLength);
    if (label === null || !doc.groups.some((group) => group.id === rename.id)) return state;
    renames.set(rename.id, label);
  }
  const groups = doc.groups.map((group) => {
    const label = renames.get(group.id);
    return label === undefined ? group : { ...group, label };
  });
  for (const added of action.groups) {
    const label = cleanLabel(added.label, maxGroupLabelLength);
    const idOk = typeof added.id === "string" && added.id.length > 0 && added.id.length <= maxIdLength;
    if (label === null || !idOk || groups.some((group) => group.id === added.id)) return state;
    groups.push({ id: added.id, label, color: nextGroupColor(groups.map((group) => group.color)) });
  }
  if (groups.length > limits.maxRecipientGroups) return state;
  const total = doc.fields.length + action.fields.length;
  if (action.fields.length === 0 || total > limits.maxFieldsPerTemplate) return state;
  const ids = takeNewIds(
    doc,
    action.fields.map((field) => field.id),
    action.fields.length,
  );
  if (ids === null) return state;
  const withGroups = { ...doc, groups };
  const placed = [];
  for (const found of action.fields) {
    if (!groups.some((group) => group.id === found.groupId)) return state;
    const draft = {
      id: found.id,
      type: found.type,
      groupId: found.groupId,
      page: found.page,
      x: found.x,
      y: found.y,
      ...(found.cover === undefined ? {} : { cover: found.cover }),
      ...(found.moreCovers === undefined ? {} : { moreCovers: found.moreCovers }),
    };
    const field = placeField(withGroups, draft, draft);
    if (field === null) return state;
    placed.push(field);
  }
  return withFields(
    { ...state, doc: withGroups },
    [...doc.fields, ...placed],
    placed.map((field) => field.id),
  );
}
