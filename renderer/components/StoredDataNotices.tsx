import { useState } from "react";
import { useIntl } from "react-intl";
import type { PhraseOrText } from "../../common/i18n/phrase";
import { formatPhrase } from "../i18n/format-phrase";

/**
 * What was wrong with stored data when Signdesk started (a file set aside, records left out), said once at the top
 * of the app until dismissed. The files themselves stay where the notice says.
 */
export function StoredDataNotices({ notices }: { notices: readonly PhraseOrText[] }) {
  const intl = useIntl();
  const [dismissed, setDismissed] = useState(false);
  if (notices.length === 0 || dismissed) return null;
  return (
    <section
      className="app-banner stored-data-notices"
      aria-labelledby="stored-data-notices-title"
      data-testid="stored-data-notices"
    >
      <div>
        <h2 id="stored-data-notices-title">Some saved data could not be read</h2>
        <ul>
          {notices.map((notice) => {
            const text = formatPhrase(intl, notice);
            return <li key={text}>{text}</li>;
          })}
        </ul>
      </div>
      <button type="button" onClick={() => setDismissed(true)}>
        Dismiss
      </button>
    </section>
  );
}
