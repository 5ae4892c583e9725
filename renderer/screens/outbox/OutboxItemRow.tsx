import { type ReactNode, useRef, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { SigndeskApi } from "../../../common/contract";
import { defineMessages } from "../../../common/i18n/define-messages";
import type { OutboxItem } from "../../../common/outbox";
import { formatWhen } from "../../format/when";
import { formatPhrase } from "../../i18n/format-phrase";
import { OutboxStateBadge } from "../../outbox/OutboxStateBadge";
import { actionsFor, kindWords, recipientAddresses } from "../../outbox/outbox-words";
import { EditRecipientsForm } from "./EditRecipientsForm";

const messages = defineMessages({
  meta: {
    id: "outbox.item.meta",
    defaultMessage: "{kind} · queued {when}{attempts, plural, =0 {} =1 {} other { · tried # times}}",
    description:
      "Under a waiting item's name: what it does, when it was queued ('5 minutes ago'), how often it was tried.",
  },
  named: {
    id: "outbox.item.named",
    defaultMessage: "{action}<hidden> “{title}”</hidden>",
    description: "A button's words, then (for screen readers only) the item's name: 'Send again “Lease”'.",
  },
  changeRecipients: {
    id: "outbox.item.changeRecipients",
    defaultMessage: "Change recipients…",
    description: "Button: changes a failed send's recipients.",
  },
});

interface OutboxItemRowProps {
  bridge: SigndeskApi;
  item: OutboxItem;
  /** Main took the item out of the Outbox: the list moves the focus on. */
  onCancelled: (itemId: string) => void;
  /** Something changed: the list is read again. */
  onChanged: () => void;
}

/** The id of an item's title, which takes the focus when the item before it leaves the list. */
export const itemTitleId = (itemId: string) => `outbox-item-${itemId}`;

/** One item waiting in the Outbox: what it is, its state and why, and what the person can do with it. */
export function OutboxItemRow({ bridge, item, onCancelled, onChanged }: OutboxItemRowProps) {
  const intl = useIntl();
  const actions = actionsFor(intl, item);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const title = useRef<HTMLHeadingElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  /** The button's words, then the item's name for screen readers: "Send again “Lease”". */
  const named = (action: string) => (
    <FormattedMessage
      {...messages.named}
      values={{
        action,
        title: item.title,
        hidden: (chunks: ReactNode[]) => <span className="visually-hidden">{chunks}</span>,
      }}
    />
  );

  const act = async (run: () => ReturnType<SigndeskApi["outboxCancel"]>, after: () => void) => {
    setBusy(true);
    setProblem(null);
    try {
      const result = await run();
      if (result.ok) after();
      else setProblem(result.error.message);
    } finally {
      setBusy(false);
      onChanged();
    }
  };
  const cancel = () =>
    act(
      () => bridge.outboxCancel({ itemId: item.itemId }),
      () => onCancelled(item.itemId),
    );
  // The button pressed may go with the item's new state: the focus stays on the item.
  const retry = () =>
    act(
      () => bridge.outboxRetry({ itemId: item.itemId }),
      () => title.current?.focus(),
    );

  const recipients = item.recipients.length > 0 ? recipientAddresses(intl, item) : undefined;
  return (
    <li className="outbox-item" data-item-id={item.itemId}>
      <div className="outbox-item-top">
        <h3 id={itemTitleId(item.itemId)} className="outbox-item-title" tabIndex={-1} ref={title}>
          <bdi>{item.title}</bdi>
        </h3>
        <OutboxStateBadge state={item.state} />
      </div>
      <p className="draft-meta">
        <FormattedMessage
          {...messages.meta}
          values={{
            kind: kindWords(intl, item, recipients),
            when: <time dateTime={item.createdAt}>{formatWhen(intl, item.createdAt)}</time>,
            attempts: item.attempts,
          }}
        />
      </p>
      {item.message !== null && (
        <p className={item.state === "failed" ? "outbox-message outbox-message-failed" : "outbox-message"}>
          {formatPhrase(intl, item.message)}
        </p>
      )}
      {problem !== null && (
        <p className="problem" role="alert">
          {problem}
        </p>
      )}
      {editing ? (
        <EditRecipientsForm
          bridge={bridge}
          item={item}
          onChanged={() => {
            setEditing(false);
            onChanged();
            requestAnimationFrame(() => title.current?.focus());
          }}
          onCancel={() => {
            setEditing(false);
            requestAnimationFrame(() => editButton.current?.focus());
          }}
        />
      ) : (
        (actions.retry !== null || actions.editRecipients || actions.cancel !== null) && (
          <div className="row-actions outbox-item-actions">
            {actions.retry !== null && (
              <button type="button" onClick={() => void retry()} disabled={busy}>
                {named(actions.retry)}
              </button>
            )}
            {actions.editRecipients && (
              <button type="button" ref={editButton} onClick={() => setEditing(true)} disabled={busy}>
                {named(intl.formatMessage(messages.changeRecipients))}
              </button>
            )}
            {actions.cancel !== null && (
              <button type="button" className="danger" onClick={() => void cancel()} disabled={busy}>
                {named(actions.cancel)}
              </button>
            )}
          </div>
        )
      )}
    </li>
  );
}
