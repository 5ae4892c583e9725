import { type ReactNode, useEffect, useRef } from "react";
import { FormattedMessage } from "react-intl";
import { defineMessages } from "../../common/i18n/define-messages";
import { useOutbox } from "./outbox-context";
import "./outbox.css";

const messages = defineMessages({
  queued: {
    id: "outbox.queuedNotice.queued",
    defaultMessage: "<strong>Queued.</strong> {message}",
    description: "An action kept in the Outbox to send later; {message} says why and when it goes.",
  },
  openOutbox: { id: "outbox.queuedNotice.openOutbox", defaultMessage: "Open Outbox", description: "Button." },
});

interface QueuedNoticeProps {
  /** Main's words: why it waits, what is in the Outbox, and when it goes. */
  message: string;
  /** Moves the focus here when shown (the form that sent it is gone). */
  focusOnMount?: boolean;
  /** Other ways on from here ("Back to Documents"), after "Open Outbox". */
  children?: ReactNode;
}

/**
 * An action left in the Outbox while the person waited (the service could not be reached): not an error, as nothing
 * is lost. "Queued. Cannot reach …: connection refused. “Lease” is in the Outbox. It will be sent when …"
 */
export function QueuedNotice({ message, focusOnMount = false, children }: QueuedNoticeProps) {
  const outbox = useOutbox();
  const text = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (focusOnMount) text.current?.focus();
  }, [focusOnMount]);
  return (
    <div className="notice queued-notice" role="status" data-testid="queued-notice">
      <p ref={text} tabIndex={focusOnMount ? -1 : undefined}>
        <FormattedMessage
          {...messages.queued}
          values={{ message, strong: (chunks: ReactNode[]) => <strong>{chunks}</strong> }}
        />
      </p>
      {(outbox !== null || children !== undefined) && (
        <div className="queued-notice-actions">
          {outbox !== null && (
            <button type="button" onClick={outbox.open}>
              <FormattedMessage {...messages.openOutbox} />
            </button>
          )}
          {children}
        </div>
      )}
    </div>
  );
}
