import { type ReactNode, useEffect, useId, useRef } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { defineMessages } from "../../common/i18n/define-messages";
import type { OutboxKind } from "../../common/outbox";
import { formatWhen } from "../format/when";
import { formatPhrase } from "../i18n/format-phrase";
import { OutboxStateBadge } from "./OutboxStateBadge";
import { useOutbox, waitingOfKinds } from "./outbox-context";
import { kindWords } from "./outbox-words";
import "./outbox.css";

const messages = defineMessages({
  heading: {
    id: "outbox.queuedItems.heading",
    defaultMessage: "{heading} <muted>({count, number})</muted>",
    description: "A screen's section of Outbox items: its heading ('Queued'), then how many there are.",
  },
  meta: {
    id: "outbox.queuedItems.meta",
    defaultMessage: "{kind} · queued {when}",
    description: "Under a queued item's name: what it does, then when it was queued ('5 minutes ago').",
  },
  openOutbox: {
    id: "outbox.queuedItems.openOutbox",
    defaultMessage: "Open the Outbox<hidden> to change or cancel what waits</hidden>",
    description: "Link-like button; the part in <hidden> is read by screen readers only.",
  },
});

interface QueuedItemsProps {
  /** Which of the Outbox's waiting items belong on this screen. */
  kinds: readonly OutboxKind[];
  /** The section's heading: "Queued". */
  heading: string;
  /** The heading's level, under the screen's own headings. */
  level?: 2 | 3;
  /**
   * Called when these items change (one went out, or failed): the screen reads its own list again, as what was
   * delivered is listed there now.
   */
  onChange?: () => void;
}

/**
 * The Outbox's waiting items of some kinds, shown on the screen they belong to (sends on Documents, template uploads
 * on Templates, webhook changes on Webhooks): each one's name, what it does, its state, and the way to the Outbox.
 */
export function QueuedItems({ kinds, heading, level = 2, onChange }: QueuedItemsProps) {
  const intl = useIntl();
  const outbox = useOutbox();
  const items = waitingOfKinds(outbox, kinds);
  const titleId = useId();
  const shape = items.map((item) => `${item.itemId} ${item.state}`).join("\n");
  const seen = useRef(shape);
  useEffect(() => {
    if (seen.current === shape) return;
    seen.current = shape;
    onChange?.();
  }, [shape, onChange]);

  if (outbox === null || items.length === 0) return null;
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <section className="queued-items" aria-labelledby={titleId}>
      <Heading id={titleId} className="queued-items-title">
        <FormattedMessage
          {...messages.heading}
          values={{
            heading,
            count: items.length,
            muted: (chunks: ReactNode[]) => <span className="queued-items-count">{chunks}</span>,
          }}
        />
      </Heading>
      <ul className="draft-list" aria-labelledby={titleId}>
        {items.map((item) => (
          <li key={item.itemId} className="draft-row queued-row">
            <div className="draft-main">
              <span className="draft-name">
                <bdi>{item.title}</bdi>
              </span>
              <span className="draft-meta">
                <FormattedMessage
                  {...messages.meta}
                  values={{
                    kind: kindWords(intl, item),
                    when: <time dateTime={item.createdAt}>{formatWhen(intl, item.createdAt)}</time>,
                  }}
                />
              </span>
              {item.message !== null && <span className="draft-meta">{formatPhrase(intl, item.message)}</span>}
            </div>
            <OutboxStateBadge state={item.state} />
          </li>
        ))}
      </ul>
      <p className="queued-items-more">
        <button type="button" className="link-button" onClick={outbox.open}>
          <FormattedMessage
            {...messages.openOutbox}
            values={{ hidden: (chunks: ReactNode[]) => <span className="visually-hidden">{chunks}</span> }}
          />
        </button>
      </p>
    </section>
  );
}
