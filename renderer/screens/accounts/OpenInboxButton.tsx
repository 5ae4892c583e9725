import { useState } from "react";
import { useIntl } from "react-intl";
import type { SigndeskApi } from "../../../common/contract";
import { defineMessages } from "../../../common/i18n/define-messages";

const messages = defineMessages({
  opening: { id: "accounts.openInbox.opening", defaultMessage: "Opening…" },
  open: { id: "accounts.openInbox.open", defaultMessage: "Open the inbox in your browser", description: "Button." },
  opened: {
    id: "accounts.openInbox.opened",
    defaultMessage:
      "Sent to your browser. That link opens the inbox once, within {minutes, plural, one {# minute} other {# minutes}}; use the button again for another.",
  },
  failed: { id: "accounts.openInbox.failed", defaultMessage: "The inbox could not be opened." },
});

type Outcome = { kind: "opened" } | { kind: "failed"; message: string } | null;

/**
 * "Open the inbox in your browser": main asks the sandbox for a one-time address of its inbox page, which
 * opens there without the API key (the key stays in main).
 */
export function OpenInboxButton({ bridge }: { bridge: SigndeskApi }) {
  const intl = useIntl();
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
        {intl.formatMessage(busy ? messages.opening : messages.open)}
      </button>
      <div role="status" className="open-inbox-outcome">
        {outcome?.kind === "opened" && (
          <p className="settings-hint">{intl.formatMessage(messages.opened, { minutes: 2 })}</p>
        )}
        {outcome?.kind === "failed" && (
          <p className="settings-outcome failed">
            <strong>{intl.formatMessage(messages.failed)}</strong> {outcome.message}
          </p>
        )}
      </div>
    </div>
  );
}
