import { useIntl } from "react-intl";
import { defineMessages } from "../../common/i18n/define-messages";

const messages = defineMessages({
  title: { id: "components.missingBridge.title", defaultMessage: "Signdesk cannot start here" },
  body: {
    id: "components.missingBridge.body",
    defaultMessage: "This page only works inside the Signdesk app, which connects it to your accounts and files.",
  },
});

export function MissingBridge() {
  const intl = useIntl();
  return (
    <main className="missing-bridge">
      <h1>{intl.formatMessage(messages.title)}</h1>
      <p>{intl.formatMessage(messages.body)}</p>
    </main>
  );
}
