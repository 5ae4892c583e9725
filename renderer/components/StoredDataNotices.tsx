import { useState } from "react";
import { useIntl } from "react-intl";
import { defineMessages } from "../../common/i18n/define-messages";
import type { PhraseOrText } from "../../common/i18n/phrase";
import { formatPhrase } from "../i18n/format-phrase";

const messages = defineMessages({
  title: { id: "components.storedDataNotices.title", defaultMessage: "Some saved data could not be read" },
  dismiss: { id: "components.storedDataNotices.dismiss", defaultMessage: "Dismiss" },
});

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
        <h2 id="stored-data-notices-title">{intl.formatMessage(messages.title)}</h2>
        <ul>
          {notices.map((notice) => {
            const text = formatPhrase(intl, notice);
            return <li key={text}>{text}</li>;
          })}
        </ul>
      </div>
      <button type="button" onClick={() => setDismissed(true)}>
        {intl.formatMessage(messages.dismiss)}
      </button>
    </section>
  );
}
