import { defineMessages } from "../../common/i18n/define-messages";

/** The words of open-drafts.ts, apart from its code. */
export const openDraftsMessages = defineMessages({
  refused: {
    id: "drafts.open.refused",
    defaultMessage: "{fileName} could not be opened: {reason}",
    description: "A file given to make a draft could not become one; {reason} says why.",
  },
  unsaved: { id: "drafts.open.unsaved", defaultMessage: "Your changes to this draft are not saved yet: {reason}" },
  changesLost: {
    id: "drafts.open.changesLost",
    defaultMessage: "{reason} The changes made to it could not be kept.",
    description: "{reason} says why the file could not become a draft, a full sentence.",
  },
});
