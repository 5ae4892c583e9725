import { useEffect, useState } from "react";
import { useIntl } from "react-intl";
import type { SigndeskApi } from "../../common/contract";
import { defineMessages } from "../../common/i18n/define-messages";
import type { PhraseOrText } from "../../common/i18n/phrase";
import { formatPhrase } from "../i18n/format-phrase";
import "../screens/documents/documents.css";

const messages = defineMessages({
  title: { id: "components.offlineBanner.title", defaultMessage: "The signing service cannot be reached." },
  whatWorks: {
    id: "components.offlineBanner.whatWorks",
    defaultMessage:
      "You can keep drafting templates. Sending, status updates and downloads wait until the service answers again; Signdesk keeps checking by itself.",
  },
  stillDown: { id: "components.offlineBanner.stillDown", defaultMessage: "Still no answer from the service." },
  checking: { id: "components.offlineBanner.checking", defaultMessage: "Checking…" },
  tryAgain: { id: "components.offlineBanner.tryAgain", defaultMessage: "Try again" },
});

type Reachability = { reachable: true } | { reachable: false; message: PhraseOrText | null };

/**
 * While the active account's service cannot be reached: says so, what still works and what waits, and offers
 * "Try again". Hidden while the service answers. Meant to be shown once, app-wide.
 */
export function OfflineBanner({ bridge }: { bridge: SigndeskApi }) {
  const intl = useIntl();
  const [state, setState] = useState<Reachability>({ reachable: true });
  const [checking, setChecking] = useState(false);
  const [stillDown, setStillDown] = useState(false);

  useEffect(() => {
    let mounted = true;
    let heard = false;
    const stop = bridge.on("service:reachability", ({ reachable, message }) => {
      heard = true; // newer than the first answer below
      setStillDown(false);
      setState(reachable ? { reachable: true } : { reachable: false, message });
    });
    void bridge.documentsList({ limit: 1 }).then((result) => {
      if (!mounted || heard || !result.ok || result.value.connection.reachable) return;
      setState({ reachable: false, message: result.value.connection.reason });
    });
    return () => {
      mounted = false;
      stop();
    };
  }, [bridge]);

  const tryAgain = async () => {
    setChecking(true);
    setStillDown(false);
    try {
      // With nothing to check, this still asks the service (documentsRefresh says how it answered).
      const outcome = await bridge.documentsRefresh();
      if (outcome.ok && outcome.value.reachable) setState({ reachable: true });
      else setStillDown(true);
    } finally {
      setChecking(false);
    }
  };

  return (
    <div role="status" className="offline-banner-region">
      {!state.reachable && (
        <div className="app-banner offline-banner" data-testid="offline-banner">
          <div className="offline-text">
            <p className="offline-title">
              <strong>{intl.formatMessage(messages.title)}</strong>
              {state.message !== null && <span> {formatPhrase(intl, state.message)}</span>}
            </p>
            <p>{intl.formatMessage(messages.whatWorks)}</p>
            {stillDown && <p>{intl.formatMessage(messages.stillDown)}</p>}
          </div>
          <button type="button" onClick={() => void tryAgain()} disabled={checking}>
            {intl.formatMessage(checking ? messages.checking : messages.tryAgain)}
          </button>
        </div>
      )}
    </div>
  );
}
