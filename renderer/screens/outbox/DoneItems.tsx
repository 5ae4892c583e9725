import { FormattedMessage, useIntl } from "react-intl";
import { defineMessages } from "../../../common/i18n/define-messages";
import type { OutboxItem } from "../../../common/outbox";
import { formatWhen } from "../../format/when";
import { OutboxStateBadge } from "../../outbox/OutboxStateBadge";
import { kindWords, outcomeWords, recipientAddresses } from "../../outbox/outbox-words";

const messages = defineMessages({
  heading: { id: "outbox.done.heading", defaultMessage: "Recently sent", description: "Section heading." },
  none: { id: "outbox.done.none", defaultMessage: "Nothing sent from the Outbox yet." },
  meta: {
    id: "outbox.done.meta",
    defaultMessage: "{kind} · {state, select, sent {sent} other {cancelled}} {when}",
    description:
      "Under a finished item's name: what it did, then whether it was sent or cancelled, and when ('5 minutes ago').",
  },
});

/** What left the Outbox last, newest first: each sent item with what the service made of it, or cancelled. */
export function DoneItems({ items }: { items: readonly OutboxItem[] }) {
  const intl = useIntl();
  return (
    <>
      <h2 id="outbox-done-title">{intl.formatMessage(messages.heading)}</h2>
      {items.length === 0 ? (
        <p className="muted">{intl.formatMessage(messages.none)}</p>
      ) : (
        <ul className="draft-list" aria-labelledby="outbox-done-title">
          {items.map((item) => (
            <li key={item.itemId} className="outbox-item" data-item-id={item.itemId}>
              <div className="outbox-item-top">
                <h3 className="outbox-item-title">
                  <bdi>{item.title}</bdi>
                </h3>
                <OutboxStateBadge state={item.state} />
              </div>
              <p className="draft-meta">
                <FormattedMessage
                  {...messages.meta}
                  values={{
                    kind: kindWords(
                      intl,
                      item,
                      item.recipients.length > 0 ? recipientAddresses(intl, item) : undefined,
                    ),
                    state: item.state === "sent" ? "sent" : "cancelled",
                    when: <time dateTime={item.updatedAt}>{formatWhen(intl, item.updatedAt)}</time>,
                  }}
                />
              </p>
              <p className="outbox-message">{outcomeWords(intl, item)}</p>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
