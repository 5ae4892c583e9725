import { defineMessages } from "../../common/i18n/define-messages";

/** The native dialogs' words (the quit warning, the sandbox refusal). */
export const dialogMessages = defineMessages({
  quit: { id: "main.dialogs.quit", defaultMessage: "Quit", description: "A dialog's button that quits the app" },
  stay: { id: "main.dialogs.stay", defaultMessage: "Stay", description: "A dialog's button that keeps the app open" },
  itemsWaiting: {
    id: "main.dialogs.itemsWaiting",
    defaultMessage: "{count, plural, one {# item has} other {# items have}} not been sent yet",
  },
  itemsWaitingDetail: {
    id: "main.dialogs.itemsWaitingDetail",
    defaultMessage:
      "{count, plural, one {It waits} other {They wait}} in the Outbox and will be sent the next time {app} starts and the service can be reached.",
  },
});
