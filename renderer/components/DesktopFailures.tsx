import { useEffect, useState } from "react";
import type { SigndeskApi } from "../../common/contract";

/** What the desktop could not do for the app (a link with no browser to open it), said at the top until dismissed. */
export function DesktopFailures({ bridge }: { bridge: SigndeskApi }) {
  const [messages, setMessages] = useState<readonly string[]>([]);
  useEffect(
    () =>
      bridge.on("desktop:failed", ({ message }) =>
        setMessages((shown) => [...shown.filter((m) => m !== message), message]),
      ),
    [bridge],
  );
  if (messages.length === 0) return null;
  return (
    <section
      className="app-banner"
      role="alert"
      aria-labelledby="desktop-failures-title"
      data-testid="desktop-failures"
    >
      <div>
        <h2 id="desktop-failures-title">Your computer could not do this</h2>
        <ul>
          {messages.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      </div>
      <button type="button" onClick={() => setMessages([])}>
        Dismiss
      </button>
    </section>
  );
}
