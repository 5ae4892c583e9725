import type { Draft, DraftGroup } from "./draft";

/**
 * The checks a draft passes before a template is created from it, shared by the editor (which lists what is
 * missing in its "Create template" dialog) and main (which refuses the upload). Every recipient group needs at
 * least one field: the service makes each group a recipient, who must have something to fill in.
 */
export function groupsWithoutFields<G extends Pick<DraftGroup, "id">>(draft: {
  readonly groups: readonly G[];
  readonly fields: Pick<Draft, "fields">["fields"];
}): G[] {
  const used = new Set(draft.fields.map((field) => field.groupId));
  return draft.groups.filter((group) => !used.has(group.id));
}

/** What is said of a group without fields. */
export function groupWithoutFieldsMessage(group: Pick<DraftGroup, "label">): string {
  return `"${group.label}" has no fields: place at least one field for every recipient group.`;
}
