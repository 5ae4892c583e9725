import { type ReactNode, useEffect, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { SigndeskApi } from "../../../common/contract";
import { defineMessages } from "../../../common/i18n/define-messages";
import { CopyField } from "../../components/CopyField";
import { formatWhen } from "../../format/when";
import { useResource } from "../../hooks/useResource";
import "./accounts.css";

const messages = defineMessages({
  newestFirst: {
    id: "accounts.sandboxInbox.newestFirst",
    defaultMessage: "Newest first, with each recipient's signing page.",
  },
  refreshing: { id: "accounts.sandboxInbox.refreshing", defaultMessage: "Refreshing…" },
  refresh: { id: "accounts.sandboxInbox.refresh", defaultMessage: "Refresh inbox", description: "Button." },
  reading: { id: "accounts.sandboxInbox.reading", defaultMessage: "Reading the sandbox's inbox…" },
  readFailed: { id: "accounts.sandboxInbox.readFailed", defaultMessage: "The inbox could not be read: {reason}" },
  empty: {
    id: "accounts.sandboxInbox.empty",
    defaultMessage: "Nothing sent yet. Documents sent with the sandbox account appear here.",
  },
  listLabel: {
    id: "accounts.sandboxInbox.listLabel",
    defaultMessage: "Sandbox inbox",
    description: "The list's accessible name.",
  },
  meta: {
    id: "accounts.sandboxInbox.meta",
    defaultMessage: "To {name} <{email}> · document <code>{pdfId}</code> · sent {when}",
    description:
      "Under a sandbox e-mail's subject: its recipient and address, the document's ID, when it was sent ('5 minutes ago').",
  },
  openSigningPage: {
    id: "accounts.sandboxInbox.openSigningPage",
    defaultMessage: "Open signing page<hidden> for {name} ({subject})</hidden>",
    description: "Link; the part in <hidden> is read by screen readers only. {subject}: the e-mail's subject.",
  },
  signingPageAddress: {
    id: "accounts.sandboxInbox.signingPageAddress",
    defaultMessage: "Signing page address for {name}",
    description: "Label of a read-only field holding the address; {name}: the recipient's name.",
  },
});

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
        <p className="settings-hint">{intl.formatMessage(messages.newestFirst)}</p>
        <button
          type="button"
          onClick={() => {
            setRefreshing(true);
            reload();
          }}
          disabled={refreshing}
        >
          {intl.formatMessage(refreshing ? messages.refreshing : messages.refresh)}
        </button>
      </div>
      {outbox.status === "loading" && <p className="muted">{intl.formatMessage(messages.reading)}</p>}
      {outbox.status === "failed" && (
        <p className="problem" role="alert">
          {intl.formatMessage(messages.readFailed, { reason: outbox.message })}
        </p>
      )}
      {outbox.status === "ready" && outbox.value.length === 0 && (
        <p className="muted">{intl.formatMessage(messages.empty)}</p>
      )}
      {outbox.status === "ready" && outbox.value.length > 0 && (
        <ul className="draft-list settings-list" aria-label={intl.formatMessage(messages.listLabel)}>
          {outbox.value.map((message, index) => {
            const key = `${message.pdf_id}-${message.to}-${message.sentAt}`;
            const fieldId = `inbox-${index}-signing-url`;
            return (
              <li key={key} className="settings-row inbox-message">
                <div className="settings-row-main">
                  <span className="settings-row-title">
                    <bdi>{message.subject}</bdi>
                  </span>
                  <span className="draft-meta">
                    <FormattedMessage
                      {...messages.meta}
                      values={{
                        name: <bdi>{message.name}</bdi>,
                        email: <bdi>{message.to}</bdi>,
                        pdfId: message.pdf_id,
                        code: (chunks: ReactNode[]) => <code>{chunks}</code>,
                        when: <time dateTime={message.sentAt}>{formatWhen(intl, message.sentAt)}</time>,
                      }}
                    />
                  </span>
                </div>
                <div className="row-actions">
                  <a className="inbox-link" href={message.signingUrl} target="_blank" rel="noreferrer">
                    <FormattedMessage
                      {...messages.openSigningPage}
                      values={{
                        name: message.name,
                        subject: message.subject,
                        hidden: (chunks: ReactNode[]) => <span className="visually-hidden">{chunks}</span>,
                      }}
                    />
                  </a>
                </div>
                <div className="settings-row-detail">
                  <CopyField
                    id={fieldId}
                    label={intl.formatMessage(messages.signingPageAddress, { name: message.name })}
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
