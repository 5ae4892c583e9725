import { boxFitsPage } from "../../../common/coordinates";
import { fieldBoxSizes, limits } from "../../../common/fields";
import type { EditorDoc, EditorState } from "./types";

/**
 * What holds after every action: every field lies wholly on an existing page whose geometry is known and belongs to an existing
 * group, ids are unique, and the group and field counts are within the service's limits. The reducer
 * refuses any result that breaks these (a safety net: the actions are written not to).
 */
export function docProblems(doc: EditorDoc): string[] {
  const problems: string[] = [];
  if (doc.groups.length < 1 || doc.groups.length > limits.maxRecipientGroups) {
    problems.push(`${doc.groups.length} groups`);
  }
  if (doc.fields.length > limits.maxFieldsPerTemplate) problems.push(`${doc.fields.length} fields`);
  const groupIds = new Set(doc.groups.map((group) => group.id));
  if (groupIds.size !== doc.groups.length) problems.push("duplicate group ids");
  const fieldIds = new Set<string>();
  for (const field of doc.fields) {
    if (fieldIds.has(field.id)) problems.push(`duplicate field id "${field.id}"`);
    fieldIds.add(field.id);
    if (!groupIds.has(field.groupId)) problems.push(`field "${field.id}" in unknown group "${field.groupId}"`);
    const page = doc.pages[field.page - 1];
    if (page === undefined || page === null || !boxFitsPage(page, field, fieldBoxSizes[field.type])) {
      problems.push(`field "${field.id}" leaves page ${field.page}`);
    }
  }
  return problems;
}

/** Problems with the state as a whole: the document's, plus a selection or active group that points nowhere. */
export function stateProblems(state: EditorState): string[] {
  const problems = docProblems(state.doc);
  const fieldIds = new Set(state.doc.fields.map((field) => field.id));
  if (new Set(state.selection).size !== state.selection.length) problems.push("selection repeats an id");
  for (const id of state.selection) if (!fieldIds.has(id)) problems.push(`selected "${id}" does not exist`);
  if (!state.doc.groups.some((group) => group.id === state.activeGroupId)) problems.push("active group does not exist");
  return problems;
}
