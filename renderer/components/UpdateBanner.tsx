import { useState } from "react";
import { useIntl } from "react-intl";
import type { SigndeskApi } from "../../common/contract";
import { defineMessages } from "../../common/i18n/define-messages";
import { useUpdateState } from "../hooks/useUpdateState";

const messages = defineMessages({
  title: { id: "components.updateBanner.title", defaultMessage: "Signdesk {version} is ready to install" },
  waiting: {
    id: "components.updateBanner.waiting",
    defaultMessage: "Signdesk will restart as soon as the documents being sent have gone out.",
  },
  onQuit: {
    id: "components.updateBanner.onQuit",
    defaultMessage: "It is installed when you quit Signdesk. Your drafts and queued sends are kept.",
  },
  restart: { id: "components.updateBanner.restart", defaultMessage: "Restart now" },
  later: { id: "components.updateBanner.later", defaultMessage: "Later" },
});

/**
 * Once an update is downloaded and verified: says that it is installed when Signdesk quits, and offers "Restart now"
 * (which waits for documents being sent) or "Later" (hidden until the next start; the update still installs on quit).
 */
export function UpdateBanner({ bridge }: { bridge: SigndeskApi }) {
  const intl = useIntl();
  const state = useUpdateState(bridge);
  const [later, setLater] = useState(false);
  const status = state?.status;
  if (status?.kind !== "ready" || (later && !status.waitingForSending)) return null;
  return (
    <section className="app-banner update-banner" aria-labelledby="update-banner-title" data-testid="update-banner">
      <div>
        <h2 id="update-banner-title">{intl.formatMessage(messages.title, { version: status.next })}</h2>
        <p>{intl.formatMessage(status.waitingForSending ? messages.waiting : messages.onQuit)}</p>
      </div>
      {!status.waitingForSending && (
        <div className="update-banner-actions">
          <button type="button" className="primary" onClick={() => void bridge.updatesRestart()}>
            {intl.formatMessage(messages.restart)}
          </button>
          <button type="button" onClick={() => setLater(true)}>
            {intl.formatMessage(messages.later)}
          </button>
        </div>
      )}
    </section>
  );
}
