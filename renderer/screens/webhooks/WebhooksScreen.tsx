import { useRef, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { SigndeskApi } from "../../../common/contract";
import { defineMessages } from "../../../common/i18n/define-messages";
import { queuedCode } from "../../../common/outbox";
import type { WebhookRecord } from "../../../common/records";
import { screenTitleMessages } from "../../../common/screen-titles";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { CopyField } from "../../components/CopyField";
import { formatWhen } from "../../format/when";
import { useResource } from "../../hooks/useResource";
import { useOutbox, waitingOfKinds } from "../../outbox/outbox-context";
import { webhookKinds } from "../../outbox/outbox-words";
import { QueuedItems } from "../../outbox/QueuedItems";
import { QueuedNotice } from "../../outbox/QueuedNotice";
import { eventLabel } from "./event-types";
import { RegisterWebhookForm } from "./RegisterWebhookForm";
import "../../components/settings.css";

const messages = defineMessages({
  summary: {
    id: "webhooks.summary",
    defaultMessage:
      "Addresses the service notifies when a recipient signs a document, or when a document's signed PDF is ready.",
  },
  summaryAccount: {
    id: "webhooks.summaryAccount",
    defaultMessage: "They are registered with the active account, <strong>{name}</strong> ({address}).",
  },
  registered: { id: "webhooks.notice.registered", defaultMessage: "Registered {url} for {eventType}." },
  registeredWithSecret: {
    id: "webhooks.notice.registeredWithSecret",
    defaultMessage: "Registered {url} for {eventType}, with its secret.",
  },
  deleted: {
    id: "webhooks.notice.deleted",
    defaultMessage: "Deleted the webhook {url}: the service no longer notifies it.",
  },
  secretTitle: { id: "webhooks.secret.title", defaultMessage: "Signing secret for {url}" },
  secretWarning: {
    id: "webhooks.secret.warning",
    defaultMessage:
      "Store it now; it will not be shown again. Signdesk does not keep it: if it is lost, delete the webhook and register it again.",
  },
  secretLabel: {
    id: "webhooks.secret.label",
    defaultMessage: "Signing secret ({eventType})",
    description: "{eventType}: the event's code, such as document.signed.",
  },
  secretStored: { id: "webhooks.secret.stored", defaultMessage: "I have stored it" },
  queued: {
    id: "webhooks.queued",
    defaultMessage: "Queued",
    description: "Heading of the webhook registrations and deletions waiting in the Outbox.",
  },
  listTitle: { id: "webhooks.list.title", defaultMessage: "Registered from Signdesk" },
  listHint: {
    id: "webhooks.list.hint",
    defaultMessage:
      "The service cannot list webhooks, so this lists those registered from this app for the active account.",
  },
  loading: { id: "webhooks.list.loading", defaultMessage: "Loading webhooks…" },
  listFailed: { id: "webhooks.list.failed", defaultMessage: "The webhooks could not be listed: {reason}" },
  none: { id: "webhooks.list.none", defaultMessage: "None yet: register one above." },
  rowMeta: {
    id: "webhooks.list.rowMeta",
    defaultMessage:
      "{event} (<code>{eventType}</code>) · {secret, select, yes {signed with a secret} other {no secret}} · registered {when}",
    description: "Under a webhook's address: its event in words, its code, whether deliveries are signed, and when.",
  },
  deletionQueued: { id: "webhooks.list.deletionQueued", defaultMessage: "Deletion queued in the Outbox" },
  deleteButton: {
    id: "webhooks.list.delete",
    defaultMessage: "Delete<hidden> the webhook {url} ({eventType})</hidden>…",
    description: "<hidden> is read by screen readers only.",
  },
  deleteTitle: { id: "webhooks.delete.title", defaultMessage: "Delete this webhook?" },
  deleteConfirm: { id: "webhooks.delete.confirm", defaultMessage: "Delete webhook" },
  deleteBusy: { id: "webhooks.delete.busy", defaultMessage: "Deleting…" },
  deleteFailed: { id: "webhooks.delete.failed", defaultMessage: "The webhook was not deleted: {reason}" },
  deleteBody: {
    id: "webhooks.delete.body",
    defaultMessage:
      "The service will stop notifying {url}{all, select, yes { of all {count, plural, one {# event} other {# events}} registered for it ({eventTypes})} other {}}.",
    description: "{eventTypes}: the codes of the events registered for the address, as a list.",
  },
});

/** What the last registration or deletion came to. */
type Notice =
  | { kind: "registered"; url: string; eventType: string; withSecret: boolean }
  | { kind: "deleted"; url: string }
  /** It waits in the Outbox (main's words). */
  | { kind: "queued"; text: string };

interface WebhooksScreenProps {
  bridge: SigndeskApi;
}

/** A secret generated at registration: in memory only, until the user dismisses it. */
interface ShownSecret {
  url: string;
  eventType: string;
  secret: string;
}

function focusSoon(id: string): void {
  requestAnimationFrame(() => document.getElementById(id)?.focus());
}

/** Webhooks of the active account: register one (with a secret shown once), list what this app registered, delete. */
export function WebhooksScreen({ bridge }: WebhooksScreenProps) {
  const intl = useIntl();
  const [webhooks, reloadWebhooks] = useResource(() => bridge.webhooksList(), [bridge]);
  const [appInfo] = useResource(() => bridge.appInfo(), [bridge]);
  const [shownSecret, setShownSecret] = useState<ShownSecret | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [deleting, setDeleting] = useState<WebhookRecord | null>(null);
  /** Set by a deletion left in the Outbox, for the confirmation's close to tell. */
  const deletionQueued = useRef<string | null>(null);
  /** Addresses whose deletion waits in the Outbox: not offered for deleting again. */
  const outbox = useOutbox();
  const deletionWaits = new Set(waitingOfKinds(outbox, ["deleteWebhook"]).map((item) => item.title));

  const registered = webhooks.status === "ready" ? webhooks.value : [];
  const activeAccount = appInfo.status === "ready" ? appInfo.value.activeAccount : null;
  /** Deleting goes by address: every event registered for it goes. */
  const sameAddress = deleting === null ? [] : registered.filter((hook) => hook.url === deleting.url);

  return (
    <section className="screen settings-screen" aria-labelledby="webhooks-title">
      <header className="screen-header">
        <h1 id="webhooks-title" tabIndex={-1}>
          {intl.formatMessage(screenTitleMessages.webhooks)}
        </h1>
      </header>
      <div className="screen-body">
        <p className="screen-summary">
          {intl.formatMessage(messages.summary)}
          {activeAccount !== null && (
            <>
              {" "}
              <FormattedMessage
                {...messages.summaryAccount}
                values={{
                  name: <bdi>{activeAccount.name}</bdi>,
                  address: <bdi className="settings-url">{activeAccount.baseUrl}</bdi>,
                  strong: (chunks) => <strong>{chunks}</strong>,
                }}
              />
            </>
          )}
        </p>

        <RegisterWebhookForm
          bridge={bridge}
          registered={registered}
          onRegistered={({ webhook, secret, queued }) => {
            reloadWebhooks();
            setNotice(
              queued !== undefined
                ? { kind: "queued", text: queued }
                : secret === null
                  ? { kind: "registered", url: webhook.url, eventType: webhook.eventType, withSecret: false }
                  : null,
            );
            setShownSecret(secret === null ? null : { url: webhook.url, eventType: webhook.eventType, secret });
          }}
        />

        {shownSecret !== null && (
          <section className="settings-once" aria-labelledby="webhook-secret-title">
            <h2 id="webhook-secret-title" className="settings-once-title">
              <FormattedMessage {...messages.secretTitle} values={{ url: <bdi>{shownSecret.url}</bdi> }} />
            </h2>
            <p id="webhook-secret-warning" className="settings-once-warning">
              {intl.formatMessage(messages.secretWarning)}
            </p>
            <CopyField
              id="webhook-secret-value"
              label={intl.formatMessage(messages.secretLabel, { eventType: shownSecret.eventType })}
              value={shownSecret.secret}
              describedBy="webhook-secret-warning"
              focusOnMount
            />
            <div className="settings-form-actions">
              <button
                type="button"
                onClick={() => {
                  setShownSecret(null);
                  // A registration that waits in the Outbox keeps saying so.
                  if (notice?.kind !== "queued")
                    setNotice({
                      kind: "registered",
                      url: shownSecret.url,
                      eventType: shownSecret.eventType,
                      withSecret: true,
                    });
                  focusSoon("webhooks-list-title");
                }}
              >
                {intl.formatMessage(messages.secretStored)}
              </button>
            </div>
          </section>
        )}

        {notice !== null && notice.kind !== "queued" && (
          <p className="notice" role="status">
            {notice.kind === "deleted" ? (
              <FormattedMessage {...messages.deleted} values={{ url: <bdi>{notice.url}</bdi> }} />
            ) : (
              <FormattedMessage
                {...(notice.withSecret ? messages.registeredWithSecret : messages.registered)}
                values={{ url: <bdi>{notice.url}</bdi>, eventType: notice.eventType }}
              />
            )}
          </p>
        )}
        {notice?.kind === "queued" && <QueuedNotice message={notice.text} />}

        <QueuedItems kinds={webhookKinds} heading={intl.formatMessage(messages.queued)} onChange={reloadWebhooks} />

        <h2 id="webhooks-list-title" tabIndex={-1}>
          {intl.formatMessage(messages.listTitle)}
        </h2>
        <p className="settings-hint">{intl.formatMessage(messages.listHint)}</p>
        {webhooks.status === "loading" && <p className="muted">{intl.formatMessage(messages.loading)}</p>}
        {webhooks.status === "failed" && (
          <p className="problem" role="alert">
            {intl.formatMessage(messages.listFailed, { reason: webhooks.message })}
          </p>
        )}
        {webhooks.status === "ready" && webhooks.value.length === 0 && (
          <p className="muted">{intl.formatMessage(messages.none)}</p>
        )}
        {webhooks.status === "ready" && webhooks.value.length > 0 && (
          <ul className="draft-list settings-list" aria-labelledby="webhooks-list-title">
            {webhooks.value.map((hook) => (
              <li key={`${hook.url} ${hook.eventType}`} className="settings-row">
                <div className="settings-row-main">
                  <span className="settings-url settings-row-title">{hook.url}</span>
                  <span className="draft-meta">
                    <FormattedMessage
                      {...messages.rowMeta}
                      values={{
                        event: eventLabel(intl, hook.eventType),
                        eventType: hook.eventType,
                        secret: hook.hasSecret ? "yes" : "no",
                        when: <time dateTime={hook.createdAt}>{formatWhen(intl, hook.createdAt)}</time>,
                        code: (chunks) => <code>{chunks}</code>,
                      }}
                    />
                  </span>
                </div>
                <div className="row-actions">
                  {deletionWaits.has(hook.url) ? (
                    <span className="draft-meta">{intl.formatMessage(messages.deletionQueued)}</span>
                  ) : (
                    <button type="button" className="danger" onClick={() => setDeleting(hook)}>
                      <FormattedMessage
                        {...messages.deleteButton}
                        values={{
                          url: hook.url,
                          eventType: hook.eventType,
                          hidden: (chunks) => <span className="visually-hidden">{chunks}</span>,
                        }}
                      />
                    </button>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>

      {deleting !== null && (
        <ConfirmDialog
          title={intl.formatMessage(messages.deleteTitle)}
          confirmLabel={intl.formatMessage(messages.deleteConfirm)}
          busyLabel={intl.formatMessage(messages.deleteBusy)}
          onConfirm={async () => {
            deletionQueued.current = null;
            const result = await bridge.webhooksDelete({ url: deleting.url });
            if (result.ok) return null;
            // Not reached: the deletion waits in the Outbox, which is done as far as the person is concerned.
            if (result.error.code === queuedCode) {
              deletionQueued.current = result.error.message;
              return null;
            }
            return intl.formatMessage(messages.deleteFailed, { reason: result.error.message });
          }}
          onClose={(confirmed) => {
            const url = deleting.url;
            setDeleting(null);
            if (!confirmed) return;
            reloadWebhooks();
            if (shownSecret?.url === url) setShownSecret(null);
            const queued = deletionQueued.current;
            setNotice(queued === null ? { kind: "deleted", url } : { kind: "queued", text: queued });
            focusSoon("webhooks-list-title");
          }}
        >
          <p>
            <FormattedMessage
              {...messages.deleteBody}
              values={{
                url: <bdi className="settings-url settings-strong">{deleting.url}</bdi>,
                all: sameAddress.length > 1 ? "yes" : "no",
                count: sameAddress.length,
                eventTypes: intl.formatList(
                  sameAddress.map((hook) => hook.eventType),
                  { type: "unit" },
                ),
              }}
            />
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
