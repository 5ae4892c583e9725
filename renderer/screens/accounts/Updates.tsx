import { useState } from "react";
import { type IntlShape, useIntl } from "react-intl";
import type { SigndeskApi } from "../../../common/contract";
import { downloadPageUrl, type UpdateStatus } from "../../../common/updates";
import { formatWhen } from "../../format/when";
import { useUpdateState } from "../../hooks/useUpdateState";

/** What the Updates section says of where the update stands. */
function describe(intl: IntlShape, status: UpdateStatus): string {
  switch (status.kind) {
    case "unavailable":
      return status.reason === "development"
        ? "This copy runs from its source folder: updates are checked by installed copies only."
        : "This copy was installed by your system’s package manager, which also updates it. The newest version is on the download page too.";
    case "idle":
      return status.checkedAt === null
        ? "Signdesk checks for updates by itself a little after it starts, and every few hours."
        : `Signdesk is up to date (checked ${formatWhen(intl, new Date(status.checkedAt).toISOString())}).`;
    case "checking":
      return "Checking for updates…";
    case "downloading":
      return `Downloading Signdesk ${status.next} in the background: ${status.percent}%.`;
    case "ready":
      return status.waitingForSending
        ? `Signdesk ${status.next} is ready: Signdesk restarts to install it once the documents being sent have gone out.`
        : `Signdesk ${status.next} is downloaded and verified. It is installed when you quit Signdesk, or now with “Restart now”.`;
    case "failed":
      return status.message;
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
    if (!result.ok) setProblem(`Signdesk could not check for updates: ${result.error.message}`);
  };
  return (
    <section className="word-section updates-section" aria-labelledby="updates-title">
      <h2 id="updates-title">Updates</h2>
      {state !== null && (
        <p className="settings-hint">
          This is Signdesk <span data-testid="updates-current">{state.current}</span>.
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
        <progress max={100} value={status.percent} aria-label={`Downloading Signdesk ${status.next}`} />
      )}
      <div className="settings-form-actions">
        {status?.kind === "unavailable" && status.reason === "package_manager" && (
          <a href={downloadPageUrl} target="_blank" rel="noreferrer">
            Open the download page
          </a>
        )}
        {status !== null && status.kind !== "unavailable" && status.kind !== "ready" && (
          <button
            type="button"
            disabled={status.kind === "checking" || status.kind === "downloading"}
            onClick={() => void check()}
          >
            {status.kind === "checking" ? "Checking…" : "Check for updates"}
          </button>
        )}
        {status?.kind === "ready" && !status.waitingForSending && (
          <button type="button" className="primary" onClick={() => void bridge.updatesRestart()}>
            Restart now
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
