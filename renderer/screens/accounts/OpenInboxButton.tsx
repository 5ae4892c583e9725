import { useState } from "react";
import type { SigndeskApi } from "../../../common/contract";

type Outcome = { kind: "opened" } | { kind: "failed"; message: string } | null;

/**
 * "Open the inbox in your browser": main asks the sandbox for a one-time address of its inbox page, which
 * opens there without the API key (the key stays in main).
 */
export function OpenInboxButton({ bridge }: { bridge: SigndeskApi }) {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const open = async () => {
    setBusy(true);
    setOutcome(null);
    const result = await bridge.sandboxInboxLink();
    setBusy(false);
    if (!result.ok) {
      setOutcome({ kind: "failed", message: result.error.message });
      return;
    }
    // The window's open handler passes the sandbox's own address on to the system browser.
    window.open(result.value.url, "_blank", "noopener,noreferrer");
    setOutcome({ kind: "opened" });
  };

  return (
    <div className="open-inbox">
      <button type="button" disabled={busy} onClick={() => void open()}>
        {busy ? "Opening…" : "Open the inbox in your browser"}
      </button>
      <div role="status" className="open-inbox-outcome">
        {outcome?.kind === "opened" && (
          <p className="settings-hint">
            Sent to your browser. That link opens the inbox once, within 2 minutes; use the button again for another.
          </p>
        )}
        {outcome?.kind === "failed" && (
          <p className="settings-outcome failed">
            <strong>The inbox could not be opened.</strong> {outcome.message}
          </p>
        )}
      </div>
    </div>
  );
}
