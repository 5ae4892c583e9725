import { useEffect, useState } from "react";
import { useIntl } from "react-intl";
import type { SigndeskApi } from "../../../common/contract";
import { CopyField } from "../../components/CopyField";
import { formatWhen } from "../../format/when";
import { useResource } from "../../hooks/useResource";
import "./accounts.css";

interface SandboxInboxProps {
  bridge: SigndeskApi;
  /** The sandbox account (the active one: the outbox is read with the active account's key). */
  accountId: string;
}

/** What the sandbox "e-mailed" to recipients, newest first, with the signing page of each. */
export function SandboxInbox({ bridge, accountId }: SandboxInboxProps) {
  const intl = useIntl();
  const [outbox, reload] = useResource(() => bridge.sandboxOutbox(), [bridge, accountId]);
  const [refreshing, setRefreshing] = useState(false);

  // A new answer (or failure) ends the refresh.
  useEffect(() => {
    if (outbox.status !== "loading") setRefreshing(false);
  }, [outbox]);

  return (
    <div className="sandbox-inbox">
      <div className="sandbox-inbox-bar">
        <p className="settings-hint">Newest first, with each recipient's signing page.</p>
        <button
          type="button"
          onClick={() => {
            setRefreshing(true);
            reload();
          }}
          disabled={refreshing}
        >
          {refreshing ? "Refreshing…" : "Refresh inbox"}
        </button>
      </div>
      {outbox.status === "loading" && <p className="muted">Reading the sandbox's inbox…</p>}
      {outbox.status === "failed" && (
        <p className="problem" role="alert">
          The inbox could not be read: {outbox.message}
        </p>
      )}
      {outbox.status === "ready" && outbox.value.length === 0 && (
        <p className="muted">Nothing sent yet. Documents sent with the sandbox account appear here.</p>
      )}
      {outbox.status === "ready" && outbox.value.length > 0 && (
        <ul className="draft-list settings-list" aria-label="Sandbox inbox">
          {outbox.value.map((message, index) => {
            const key = `${message.pdf_id}-${message.to}-${message.sentAt}`;
            const fieldId = `inbox-${index}-signing-url`;
            return (
              <li key={key} className="settings-row inbox-message">
                <div className="settings-row-main">
                  <span className="settings-row-title">{message.subject}</span>
                  <span className="draft-meta">
                    To {message.name} &lt;{message.to}&gt; · document <code>{message.pdf_id}</code> · sent{" "}
                    <time dateTime={message.sentAt}>{formatWhen(intl, message.sentAt)}</time>
                  </span>
                </div>
                <div className="row-actions">
                  <a className="inbox-link" href={message.signingUrl} target="_blank" rel="noreferrer">
                    Open signing page
                    <span className="visually-hidden">
                      {" "}
                      for {message.name} ({message.subject})
                    </span>
                  </a>
                </div>
                <div className="settings-row-detail">
                  <CopyField
                    id={fieldId}
                    label={`Signing page address for ${message.name}`}
                    value={message.signingUrl}
                  />
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
