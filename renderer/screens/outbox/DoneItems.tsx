import { useIntl } from "react-intl";
import type { OutboxItem } from "../../../common/outbox";
import { formatWhen } from "../../format/when";
import { OutboxStateBadge } from "../../outbox/OutboxStateBadge";
import { kindWords, outcomeWords, recipientAddresses } from "../../outbox/outbox-words";

/** What left the Outbox last, newest first: each sent item with what the service made of it, or cancelled. */
export function DoneItems({ items }: { items: readonly OutboxItem[] }) {
  const intl = useIntl();
  return (
    <>
      <h2 id="outbox-done-title">Recently sent</h2>
      {items.length === 0 ? (
        <p className="muted">Nothing sent from the Outbox yet.</p>
      ) : (
        <ul className="draft-list" aria-labelledby="outbox-done-title">
          {items.map((item) => (
            <li key={item.itemId} className="outbox-item" data-item-id={item.itemId}>
              <div className="outbox-item-top">
                <h3 className="outbox-item-title">{item.title}</h3>
                <OutboxStateBadge state={item.state} />
              </div>
              <p className="draft-meta">
                {kindWords(item, item.recipients.length > 0 ? recipientAddresses(item) : undefined)} ·{" "}
                {item.state === "sent" ? "sent" : "cancelled"}{" "}
                <time dateTime={item.updatedAt}>{formatWhen(intl, item.updatedAt)}</time>
              </p>
              <p className="outbox-message">{outcomeWords(item)}</p>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
