import { useEffect, useRef, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { SigndeskApi } from "../../common/contract";
import { defineMessages } from "../../common/i18n/define-messages";

const messages = defineMessages({
  title: { id: "components.startupFailure.title", defaultMessage: "Signdesk could not start" },
  lead: {
    id: "components.startupFailure.lead",
    defaultMessage: "Something in the data Signdesk keeps on this computer stopped it from starting:",
  },
  setAsideExplained: {
    id: "components.startupFailure.setAsideExplained",
    defaultMessage:
      "Setting the data aside moves the settings file, the sandbox's data and temporary files from <code>{folder}</code> into a dated folder beside them, then starts Signdesk again. Nothing is deleted; drafts and API keys in the keychain stay where they are.",
  },
  working: { id: "components.startupFailure.working", defaultMessage: "Setting the data aside…" },
  setAside: { id: "components.startupFailure.setAside", defaultMessage: "Set the data aside and start" },
});

/**
 * Shown instead of the app when its core could not start: what failed, and one way forward that loses nothing (the
 * data Signdesk reads at start is moved into a dated folder; drafts and API keys stay).
 */
export function StartupFailure({
  bridge,
  failure,
  onStarted,
}: {
  bridge: SigndeskApi;
  failure: { message: string; dataFolder: string };
  /** Signdesk started once the data was set aside: the app's screens can load. */
  onStarted: () => void;
}) {
  const intl = useIntl();
  const [state, setState] = useState<{ status: "idle" | "working" } | { status: "failed"; message: string }>({
    status: "idle",
  });
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const setAsideAndStart = async () => {
    setState({ status: "working" });
    const result = await bridge.appRecover();
    if (result.ok) onStarted();
    else setState({ status: "failed", message: result.error.message });
  };

  return (
    <main className="startup-failure" data-testid="startup-failure">
      <h1 ref={heading} tabIndex={-1}>
        {intl.formatMessage(messages.title)}
      </h1>
      <p>{intl.formatMessage(messages.lead)}</p>
      <pre className="startup-failure-reason">{failure.message}</pre>
      <p>
        <FormattedMessage
          {...messages.setAsideExplained}
          values={{
            folder: <bdi>{failure.dataFolder}</bdi>,
            code: (chunks) => <code>{chunks}</code>,
          }}
        />
      </p>
      <button
        type="button"
        className="primary"
        disabled={state.status === "working"}
        onClick={() => void setAsideAndStart()}
      >
        {intl.formatMessage(state.status === "working" ? messages.working : messages.setAside)}
      </button>
      {state.status === "failed" && (
        <p role="alert" className="problem">
          {state.message}
        </p>
      )}
    </main>
  );
}
