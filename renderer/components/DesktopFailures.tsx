import { useEffect, useState } from "react";
import { useIntl } from "react-intl";
import type { SigndeskApi } from "../../common/contract";
import { defineMessages } from "../../common/i18n/define-messages";

const messages = defineMessages({
  title: { id: "components.desktopFailures.title", defaultMessage: "Your computer could not do this" },
  dismiss: { id: "components.desktopFailures.dismiss", defaultMessage: "Dismiss" },
});

/** What the desktop could not do for the app (a link with no browser to open it), said at the top until dismissed. */
export function DesktopFailures({ bridge }: { bridge: SigndeskApi }) {
  const intl = useIntl();
  const [failures, setFailures] = useState<readonly string[]>([]);
  useEffect(
    () =>
      bridge.on("desktop:failed", ({ message }) =>
        setFailures((shown) => [...shown.filter((m) => m !== message), message]),
      ),
    [bridge],
  );
  if (failures.length === 0) return null;
  return (
    <section
      className="app-banner"
      role="alert"
      aria-labelledby="desktop-failures-title"
      data-testid="desktop-failures"
    >
      <div>
        <h2 id="desktop-failures-title">{intl.formatMessage(messages.title)}</h2>
        <ul>
          {failures.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      </div>
      <button type="button" onClick={() => setFailures([])}>
        {intl.formatMessage(messages.dismiss)}
      </button>
    </section>
  );
}
