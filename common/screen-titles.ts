import type { IntlShape } from "@formatjs/intl";
import { defineMessages } from "./i18n/define-messages";
import type { ScreenId } from "./screens";

/** Each screen's name in the sidebar, the View menu and its heading. */
export const screenTitleMessages = defineMessages({
  templates: { id: "screen.templates", defaultMessage: "Templates" },
  documents: { id: "screen.documents", defaultMessage: "Documents" },
  webhooks: { id: "screen.webhooks", defaultMessage: "Webhooks" },
  accounts: { id: "screen.accounts", defaultMessage: "Accounts" },
  outbox: { id: "screen.outbox", defaultMessage: "Outbox" },
});

export function screenTitles(intl: Pick<IntlShape, "formatMessage">): Record<ScreenId, string> {
  return {
    templates: intl.formatMessage(screenTitleMessages.templates),
    documents: intl.formatMessage(screenTitleMessages.documents),
    webhooks: intl.formatMessage(screenTitleMessages.webhooks),
    accounts: intl.formatMessage(screenTitleMessages.accounts),
    outbox: intl.formatMessage(screenTitleMessages.outbox),
  };
}
