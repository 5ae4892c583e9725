import { useState } from "react";
import type { SigndeskApi } from "../../common/contract";
import { useUpdateState } from "../hooks/useUpdateState";

/**
 * Once an update is downloaded and verified: says that it is installed when Signdesk quits, and offers "Restart now"
 * (which waits for documents being sent) or "Later" (hidden until the next start; the update still installs on quit).
 */
export function UpdateBanner({ bridge }: { bridge: SigndeskApi }) {
  const state = useUpdateState(bridge);
  const [later, setLater] = useState(false);
  const status = state?.status;
  if (status?.kind !== "ready" || (later && !status.waitingForSending)) return null;
  return (
    <section className="app-banner update-banner" aria-labelledby="update-banner-title" data-testid="update-banner">
      <div>
        <h2 id="update-banner-title">Signdesk {status.next} is ready to install</h2>
        <p>
          {status.waitingForSending
            ? "Signdesk will restart as soon as the documents being sent have gone out."
            : "It is installed when you quit Signdesk. Your drafts and queued sends are kept."}
        </p>
      </div>
      {!status.waitingForSending && (
        <div className="update-banner-actions">
          <button type="button" className="primary" onClick={() => void bridge.updatesRestart()}>
            Restart now
          </button>
          <button type="button" onClick={() => setLater(true)}>
            Later
          </button>
        </div>
      )}
    </section>
  );
}
