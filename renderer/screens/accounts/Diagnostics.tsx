import { type ReactNode, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { SigndeskApi } from "../../../common/contract";
import { defineMessages } from "../../../common/i18n/define-messages";
import { productName } from "./product-name";

const messages = defineMessages({
  heading: { id: "accounts.diagnostics.heading", defaultMessage: "Diagnostics", description: "Section heading." },
  hint: {
    id: "accounts.diagnostics.hint",
    defaultMessage:
      "When something goes wrong, save a file to send to support: {app}’s log, its version and your system’s, and the health of its records. It holds no API key, no password, no document or file name, and of e-mail addresses only their domain.",
  },
  saving: { id: "accounts.diagnostics.saving", defaultMessage: "Saving…" },
  save: { id: "accounts.diagnostics.save", defaultMessage: "Save diagnostics…", description: "Button." },
  showInFolder: { id: "accounts.diagnostics.showInFolder", defaultMessage: "Show in folder", description: "Button." },
  savedAs: {
    id: "accounts.diagnostics.savedAs",
    defaultMessage: "Saved as <code>{path}</code>.",
    description: "{path}: the saved file's full path.",
  },
  notSaved: { id: "accounts.diagnostics.notSaved", defaultMessage: "The diagnostics could not be saved: {reason}" },
});

/** "Save diagnostics…": a zip for support in the Downloads folder, and "Show in folder". */
export function Diagnostics({ bridge }: { bridge: SigndeskApi }) {
  const intl = useIntl();
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
      <h2 id="diagnostics-title">{intl.formatMessage(messages.heading)}</h2>
      <p className="settings-hint">{intl.formatMessage(messages.hint, { app: productName })}</p>
      <div className="settings-form-actions">
        <button type="button" disabled={busy} onClick={() => void save()}>
          {intl.formatMessage(busy ? messages.saving : messages.save)}
        </button>
        {outcome?.kind === "saved" && (
          <button type="button" onClick={() => void bridge.documentsShowInFolder({ path: outcome.path })}>
            {intl.formatMessage(messages.showInFolder)}
          </button>
        )}
      </div>
      {outcome !== null && (
        <p className={outcome.kind === "saved" ? "settings-outcome" : "problem"} role="status">
          {outcome.kind === "saved" ? (
            <FormattedMessage
              {...messages.savedAs}
              values={{
                path: outcome.path,
                code: (chunks: ReactNode[]) => <code className="settings-url">{chunks}</code>,
              }}
            />
          ) : (
            intl.formatMessage(messages.notSaved, { reason: outcome.text })
          )}
        </p>
      )}
    </section>
  );
}
