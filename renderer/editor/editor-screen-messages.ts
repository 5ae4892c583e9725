import { defineMessages } from "../../common/i18n/define-messages";

/** The words of EditorScreen.tsx, apart from its code. */
export const editorScreenMessages = defineMessages({
  opening: { id: "editor.screen.opening", defaultMessage: "Opening the draft…" },
  cannotOpen: { id: "editor.screen.cannotOpen", defaultMessage: "This draft cannot be opened: {reason}" },
  back: { id: "editor.screen.back", defaultMessage: "Back to templates" },
  pageNotRead: {
    id: "editor.screen.pageNotRead",
    defaultMessage: "Page {page, number} is still being read: a field can go on it once it is.",
  },
  notSaved: {
    id: "editor.screen.notSaved",
    defaultMessage:
      "Your last changes are not saved: {reason} They are kept in this window; {appName} saves them with your next change or when you leave the editor.",
    description: "{reason} is why the save failed, a full sentence.",
  },
  saveNow: { id: "editor.screen.saveNow", defaultMessage: "Save now" },
  pages: { id: "editor.screen.pages", defaultMessage: "Pages", description: "The strip of page thumbnails." },
  document: {
    id: "editor.screen.document",
    defaultMessage: "{name}, {count, plural, one {# pages} other {# pages}}",
    description: "The draft's pages, for assistive technology: the draft's name and its number of pages.",
  },
  panels: { id: "editor.screen.panels", defaultMessage: "Editor panels" },
});
