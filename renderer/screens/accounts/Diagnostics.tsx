import { useState } from "react";
import type { SigndeskApi } from "../../../common/contract";

/** "Save diagnostics…": a zip for support in the Downloads folder, and "Show in folder". */
export function Diagnostics({ bridge }: { bridge: SigndeskApi }) {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ kind: "saved"; path: string } | { kind: "problem"; text: string } | null>(
    null,
  );
  const save = async () => {
    setBusy(true);
    setOutcome(null);
    const result = await bridge.diagnosticsSave();
    setBusy(false);
    setOutcome(
      result.ok ? { kind: "saved", path: result.value.path } : { kind: "problem", text: result.error.message },
    );
  };
  return (
    <section className="word-section diagnostics-section" aria-labelledby="diagnostics-title">
      <h2 id="diagnostics-title">Diagnostics</h2>
      <p className="settings-hint">
        When something goes wrong, save a file to send to support: Signdesk’s log, its version and your system’s, and
        the health of its records. It holds no API key, no password, no document or file name, and of e-mail addresses
        only their domain.
      </p>
      <div className="settings-form-actions">
        <button type="button" disabled={busy} onClick={() => void save()}>
          {busy ? "Saving…" : "Save diagnostics…"}
        </button>
        {outcome?.kind === "saved" && (
          <button type="button" onClick={() => void bridge.documentsShowInFolder({ path: outcome.path })}>
            Show in folder
          </button>
        )}
      </div>
      {outcome !== null && (
        <p className={outcome.kind === "saved" ? "settings-outcome" : "problem"} role="status">
          {outcome.kind === "saved" ? (
            <>
              Saved as <code className="settings-url">{outcome.path}</code>.
            </>
          ) : (
            `The diagnostics could not be saved: ${outcome.text}`
          )}
        </p>
      )}
    </section>
  );
}
