import { useRef, useState } from "react";
import { useIntl } from "react-intl";
import type { SigndeskApi } from "../../../common/contract";
import type { OutboxItem } from "../../../common/outbox";
import { formatWhen } from "../../format/when";
import { OutboxStateBadge } from "../../outbox/OutboxStateBadge";
import { actionsFor, kindWords, recipientAddresses } from "../../outbox/outbox-words";
import { EditRecipientsForm } from "./EditRecipientsForm";

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
  const actions = actionsFor(item);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const title = useRef<HTMLHeadingElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const named = <span className="visually-hidden"> “{item.title}”</span>;

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

  const recipients = item.recipients.length > 0 ? recipientAddresses(item) : undefined;
  return (
    <li className="outbox-item" data-item-id={item.itemId}>
      <div className="outbox-item-top">
        <h3 id={itemTitleId(item.itemId)} className="outbox-item-title" tabIndex={-1} ref={title}>
          {item.title}
        </h3>
        <OutboxStateBadge state={item.state} />
      </div>
      <p className="draft-meta">
        {kindWords(item, recipients)} · queued <time dateTime={item.createdAt}>{formatWhen(intl, item.createdAt)}</time>
        {item.attempts > 1 ? ` · tried ${item.attempts.toLocaleString()} times` : ""}
      </p>
      {item.message !== null && (
        <p className={item.state === "failed" ? "outbox-message outbox-message-failed" : "outbox-message"}>
          {item.message}
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
                {actions.retry}
                {named}
              </button>
            )}
            {actions.editRecipients && (
              <button type="button" ref={editButton} onClick={() => setEditing(true)} disabled={busy}>
                Change recipients…{named}
              </button>
            )}
            {actions.cancel !== null && (
              <button type="button" className="danger" onClick={() => void cancel()} disabled={busy}>
                {actions.cancel}
                {named}
              </button>
            )}
          </div>
        )
      )}
    </li>
  );
}
