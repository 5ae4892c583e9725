import { FormattedMessage, useIntl } from "react-intl";
import { defineMessages } from "../../common/i18n/define-messages";
import type { AppInfoState } from "../hooks/useAppInfo";

const messages = defineMessages({
  connecting: { id: "components.statusBar.connecting", defaultMessage: "Connecting to Signdesk…" },
  failed: { id: "components.statusBar.failed", defaultMessage: "Could not read app information: {reason}" },
  noAccount: { id: "components.statusBar.noAccount", defaultMessage: "No account yet" },
  account: {
    id: "components.statusBar.account",
    defaultMessage: "{name} · {address}",
    description: "The active account in the status bar: its name, then its service's address.",
  },
});

export function StatusBar({ state }: { state: AppInfoState }) {
  const intl = useIntl();
  return (
    <footer className="status-bar">
      {state.status === "loading" && <span>{intl.formatMessage(messages.connecting)}</span>}
      {state.status === "failed" && (
        <span role="alert">{intl.formatMessage(messages.failed, { reason: state.message })}</span>
      )}
      {state.status === "ready" && (
        <>
          <span data-testid="app-version">
            {state.value.name} {state.value.version}
          </span>
          <span data-testid="app-platform">
            {state.value.platform} {state.value.arch}
          </span>
          <span data-testid="active-account">
            {state.value.activeAccount === null ? (
              intl.formatMessage(messages.noAccount)
            ) : (
              <FormattedMessage
                {...messages.account}
                values={{
                  name: <bdi>{state.value.activeAccount.name}</bdi>,
                  address: <bdi>{state.value.activeAccount.baseUrl}</bdi>,
                }}
              />
            )}
          </span>
        </>
      )}
    </footer>
  );
}
