import { type ReactNode, useState } from "react";
import { FormattedMessage, type IntlShape, useIntl } from "react-intl";
import type { SigndeskApi } from "../../../common/contract";
import { defineMessages } from "../../../common/i18n/define-messages";
import { downloadPageUrl, type UpdateStatus } from "../../../common/updates";
import { formatWhen } from "../../format/when";
import { useUpdateState } from "../../hooks/useUpdateState";
import { formatPhrase } from "../../i18n/format-phrase";
import { productName } from "./product-name";

const messages = defineMessages({
  development: {
    id: "accounts.updates.development",
    defaultMessage: "This copy runs from its source folder: updates are checked by installed copies only.",
  },
  packageManager: {
    id: "accounts.updates.packageManager",
    defaultMessage:
      "This copy was installed by your system’s package manager, which also updates it. The newest version is on the download page too.",
  },
  notChecked: {
    id: "accounts.updates.notChecked",
    defaultMessage: "{app} checks for updates by itself a little after it starts, and every few hours.",
  },
  upToDate: {
    id: "accounts.updates.upToDate",
    defaultMessage: "{app} is up to date (checked {when}).",
    description: "{when}: when it was checked, e.g. '5 minutes ago'.",
  },
  checking: { id: "accounts.updates.checking", defaultMessage: "Checking for updates…" },
  downloading: {
    id: "accounts.updates.downloading",
    defaultMessage: "Downloading {app} {version} in the background: {done, number, ::percent}.",
  },
  readyWhenSent: {
    id: "accounts.updates.readyWhenSent",
    defaultMessage:
      "{app} {version} is ready: {app} restarts to install it once the documents being sent have gone out.",
  },
  ready: {
    id: "accounts.updates.ready",
    defaultMessage:
      "{app} {version} is downloaded and verified. It is installed when you quit {app}, or now with “Restart now”.",
    description: "“Restart now”: the button's words.",
  },
  checkFailed: { id: "accounts.updates.checkFailed", defaultMessage: "{app} could not check for updates: {reason}" },
  heading: { id: "accounts.updates.heading", defaultMessage: "Updates", description: "Section heading." },
  current: {
    id: "accounts.updates.current",
    defaultMessage: "This is {app} <version>{current}</version>.",
    description: "{current}: the version number running.",
  },
  downloadingLabel: {
    id: "accounts.updates.downloadingLabel",
    defaultMessage: "Downloading {app} {version}",
    description: "The download's progress bar's accessible name.",
  },
  downloadPage: { id: "accounts.updates.downloadPage", defaultMessage: "Open the download page", description: "Link." },
  checkingButton: { id: "accounts.updates.checkingButton", defaultMessage: "Checking…" },
  check: { id: "accounts.updates.check", defaultMessage: "Check for updates", description: "Button." },
  restartNow: { id: "accounts.updates.restartNow", defaultMessage: "Restart now", description: "Button." },
});

/** What the Updates section says of where the update stands. */
function describe(intl: IntlShape, status: UpdateStatus): string {
  const app = productName;
  switch (status.kind) {
    case "unavailable":
      return intl.formatMessage(status.reason === "development" ? messages.development : messages.packageManager);
    case "idle":
      return status.checkedAt === null
        ? intl.formatMessage(messages.notChecked, { app })
        : intl.formatMessage(messages.upToDate, {
            app,
            when: formatWhen(intl, new Date(status.checkedAt).toISOString()),
          });
    case "checking":
      return intl.formatMessage(messages.checking);
    case "downloading":
      return intl.formatMessage(messages.downloading, { app, version: status.next, done: status.percent / 100 });
    case "ready":
      return intl.formatMessage(status.waitingForSending ? messages.readyWhenSent : messages.ready, {
        app,
        version: status.next,
      });
    case "failed":
      return formatPhrase(intl, status.message);
  }
}

/** The version running, "Check for updates", the download's progress and "Restart now". */
export function Updates({ bridge }: { bridge: SigndeskApi }) {
  const intl = useIntl();
  const state = useUpdateState(bridge);
  const [problem, setProblem] = useState<string | null>(null);
  const status = state?.status ?? null;
  const check = async () => {
    setProblem(null);
    const result = await bridge.updatesCheck();
    if (!result.ok)
      setProblem(intl.formatMessage(messages.checkFailed, { app: productName, reason: result.error.message }));
  };
  return (
    <section className="word-section updates-section" aria-labelledby="updates-title">
      <h2 id="updates-title">{intl.formatMessage(messages.heading)}</h2>
      {state !== null && (
        <p className="settings-hint">
          <FormattedMessage
            {...messages.current}
            values={{
              app: productName,
              current: state.current,
              version: (chunks: ReactNode[]) => <span data-testid="updates-current">{chunks}</span>,
            }}
          />
        </p>
      )}
      {status !== null && (
        <p
          className={status.kind === "failed" ? "problem" : "settings-outcome"}
          role="status"
          data-testid="updates-status"
        >
          {describe(intl, status)}
        </p>
      )}
      {status?.kind === "downloading" && (
        <progress
          max={100}
          value={status.percent}
          aria-label={intl.formatMessage(messages.downloadingLabel, { app: productName, version: status.next })}
        />
      )}
      <div className="settings-form-actions">
        {status?.kind === "unavailable" && status.reason === "package_manager" && (
          <a href={downloadPageUrl} target="_blank" rel="noreferrer">
            {intl.formatMessage(messages.downloadPage)}
          </a>
        )}
        {status !== null && status.kind !== "unavailable" && status.kind !== "ready" && (
          <button
            type="button"
            disabled={status.kind === "checking" || status.kind === "downloading"}
            onClick={() => void check()}
          >
            {intl.formatMessage(status.kind === "checking" ? messages.checkingButton : messages.check)}
          </button>
        )}
        {status?.kind === "ready" && !status.waitingForSending && (
          <button type="button" className="primary" onClick={() => void bridge.updatesRestart()}>
            {intl.formatMessage(messages.restartNow)}
          </button>
        )}
      </div>
      {problem !== null && (
        <p className="problem" role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}
