import { useRef, useState } from "react";
import { useIntl } from "react-intl";
import type { SigndeskApi } from "../../../common/contract";
import { queuedCode } from "../../../common/outbox";
import type { WebhookRecord } from "../../../common/records";
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
  /** What the last registration or deletion came to; `queued`: it waits in the Outbox (main's words). */
  const [notice, setNotice] = useState<{ text: string; queued: boolean } | null>(null);
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
          Webhooks
        </h1>
      </header>
      <div className="screen-body">
        <p className="screen-summary">
          Addresses the service notifies when a recipient signs a document, or when a document's signed PDF is ready.
          {activeAccount !== null && (
            <>
              {" "}
              They are registered with the active account, <strong>{activeAccount.name}</strong> (
              <span className="settings-url">{activeAccount.baseUrl}</span>).
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
                ? { text: queued, queued: true }
                : secret === null
                  ? { text: `Registered ${webhook.url} for ${webhook.eventType}.`, queued: false }
                  : null,
            );
            setShownSecret(secret === null ? null : { url: webhook.url, eventType: webhook.eventType, secret });
          }}
        />

        {shownSecret !== null && (
          <section className="settings-once" aria-labelledby="webhook-secret-title">
            <h2 id="webhook-secret-title" className="settings-once-title">
              Signing secret for {shownSecret.url}
            </h2>
            <p id="webhook-secret-warning" className="settings-once-warning">
              Store it now; it will not be shown again. Signdesk does not keep it: if it is lost, delete the webhook and
              register it again.
            </p>
            <CopyField
              id="webhook-secret-value"
              label={`Signing secret (${shownSecret.eventType})`}
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
                  if (notice?.queued !== true)
                    setNotice({
                      text: `Registered ${shownSecret.url} for ${shownSecret.eventType}, with its secret.`,
                      queued: false,
                    });
                  focusSoon("webhooks-list-title");
                }}
              >
                I have stored it
              </button>
            </div>
          </section>
        )}

        {notice?.queued === false && (
          <p className="notice" role="status">
            {notice.text}
          </p>
        )}
        {notice?.queued === true && <QueuedNotice message={notice.text} />}

        <QueuedItems kinds={webhookKinds} heading="Queued" onChange={reloadWebhooks} />

        <h2 id="webhooks-list-title" tabIndex={-1}>
          Registered from Signdesk
        </h2>
        <p className="settings-hint">
          The service cannot list webhooks, so this lists those registered from this app for the active account.
        </p>
        {webhooks.status === "loading" && <p className="muted">Loading webhooks…</p>}
        {webhooks.status === "failed" && (
          <p className="problem" role="alert">
            The webhooks could not be listed: {webhooks.message}
          </p>
        )}
        {webhooks.status === "ready" && webhooks.value.length === 0 && (
          <p className="muted">None yet: register one above.</p>
        )}
        {webhooks.status === "ready" && webhooks.value.length > 0 && (
          <ul className="draft-list settings-list" aria-labelledby="webhooks-list-title">
            {webhooks.value.map((hook) => (
              <li key={`${hook.url} ${hook.eventType}`} className="settings-row">
                <div className="settings-row-main">
                  <span className="settings-url settings-row-title">{hook.url}</span>
                  <span className="draft-meta">
                    {eventLabel(hook.eventType)} (<code>{hook.eventType}</code>) ·{" "}
                    {hook.hasSecret ? "signed with a secret" : "no secret"} · registered{" "}
                    <time dateTime={hook.createdAt}>{formatWhen(intl, hook.createdAt)}</time>
                  </span>
                </div>
                <div className="row-actions">
                  {deletionWaits.has(hook.url) ? (
                    <span className="draft-meta">Deletion queued in the Outbox</span>
                  ) : (
                    <button type="button" className="danger" onClick={() => setDeleting(hook)}>
                      Delete
                      <span className="visually-hidden">
                        {" "}
                        the webhook {hook.url} ({hook.eventType})
                      </span>
                      …
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
          title="Delete this webhook?"
          confirmLabel="Delete webhook"
          busyLabel="Deleting…"
          onConfirm={async () => {
            deletionQueued.current = null;
            const result = await bridge.webhooksDelete({ url: deleting.url });
            if (result.ok) return null;
            // Not reached: the deletion waits in the Outbox, which is done as far as the person is concerned.
            if (result.error.code === queuedCode) {
              deletionQueued.current = result.error.message;
              return null;
            }
            return `The webhook was not deleted: ${result.error.message}`;
          }}
          onClose={(confirmed) => {
            const url = deleting.url;
            setDeleting(null);
            if (!confirmed) return;
            reloadWebhooks();
            if (shownSecret?.url === url) setShownSecret(null);
            const queued = deletionQueued.current;
            setNotice(
              queued === null
                ? { text: `Deleted the webhook ${url}: the service no longer notifies it.`, queued: false }
                : { text: queued, queued: true },
            );
            focusSoon("webhooks-list-title");
          }}
        >
          <p>
            The service will stop notifying <span className="settings-url settings-strong">{deleting.url}</span>
            {sameAddress.length > 1
              ? ` of all ${sameAddress.length} events registered for it (${sameAddress.map((hook) => hook.eventType).join(", ")}).`
              : "."}
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
