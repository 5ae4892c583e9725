import type { Draft, DraftGroup } from "./draft";
import { defineMessages } from "./i18n/define-messages";
import { type Phrase, phrase } from "./i18n/phrase";

const messages = defineMessages({
  groupWithoutFields: {
    id: "rules.draftChecks.groupWithoutFields",
    defaultMessage: '"{label}" has no fields: place at least one field for every recipient group.',
    description: "{label} is a recipient group's label, such as Buyer.",
  },
});

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
export function groupWithoutFieldsMessage(group: Pick<DraftGroup, "label">): Phrase {
  return phrase(messages.groupWithoutFields, { label: group.label });
}
