import { useEffect, useRef, useState } from "react";
import type { SigndeskApi } from "../../common/contract";

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
        Signdesk could not start
      </h1>
      <p>Something in the data Signdesk keeps on this computer stopped it from starting:</p>
      <pre className="startup-failure-reason">{failure.message}</pre>
      <p>
        Setting the data aside moves the settings file, the sandbox's data and temporary files from{" "}
        <code>{failure.dataFolder}</code> into a dated folder beside them, then starts Signdesk again. Nothing is
        deleted; drafts and API keys in the keychain stay where they are.
      </p>
      <button
        type="button"
        className="primary"
        disabled={state.status === "working"}
        onClick={() => void setAsideAndStart()}
      >
        {state.status === "working" ? "Setting the data aside…" : "Set the data aside and start"}
      </button>
      {state.status === "failed" && (
        <p role="alert" className="problem">
          {state.message}
        </p>
      )}
    </main>
  );
}
