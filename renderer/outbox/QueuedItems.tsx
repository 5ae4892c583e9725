import { useEffect, useId, useRef } from "react";
import { useIntl } from "react-intl";
import type { OutboxKind } from "../../common/outbox";
import { formatWhen } from "../format/when";
import { OutboxStateBadge } from "./OutboxStateBadge";
import { useOutbox, waitingOfKinds } from "./outbox-context";
import { kindWords } from "./outbox-words";
import "./outbox.css";

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
        {heading} <span className="queued-items-count">({items.length.toLocaleString()})</span>
      </Heading>
      <ul className="draft-list" aria-labelledby={titleId}>
        {items.map((item) => (
          <li key={item.itemId} className="draft-row queued-row">
            <div className="draft-main">
              <span className="draft-name">{item.title}</span>
              <span className="draft-meta">
                {kindWords(item)} · queued <time dateTime={item.createdAt}>{formatWhen(intl, item.createdAt)}</time>
              </span>
              {item.message !== null && <span className="draft-meta">{item.message}</span>}
            </div>
            <OutboxStateBadge state={item.state} />
          </li>
        ))}
      </ul>
      <p className="queued-items-more">
        <button type="button" className="link-button" onClick={outbox.open}>
          Open the Outbox<span className="visually-hidden"> to change or cancel what waits</span>
        </button>
      </p>
    </section>
  );
}
