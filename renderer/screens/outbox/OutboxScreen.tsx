import { useEffect, useRef, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { BulkBatch } from "../../../common/bulk-batches";
import type { SigndeskApi } from "../../../common/contract";
import { defineMessages } from "../../../common/i18n/define-messages";
import type { OutboxList } from "../../../common/outbox";
import { screenTitleMessages } from "../../../common/screen-titles";
import { useOutbox } from "../../outbox/outbox-context";
import { isSend } from "../../outbox/outbox-words";
import { productName } from "../accounts/product-name";
import { BulkSendsWaiting } from "./BulkSendsWaiting";
import { DoneItems } from "./DoneItems";
import { itemTitleId, OutboxItemRow } from "./OutboxItemRow";
import { QueueNotice } from "./QueueNotice";
import "../../outbox/outbox.css";

interface OutboxScreenProps {
  bridge: SigndeskApi;
  /** Shows the Accounts screen, where a refused key or address is fixed. */
  onOpenAccounts: () => void;
  /** Shows a bulk send (to pause, resume or cancel it). */
  onOpenBatch: (batch: BulkBatch) => void;
}

const messages = defineMessages({
  nothingWaitsFor: {
    id: "outbox.screen.nothingWaitsFor",
    defaultMessage: "Nothing waits for {account}.",
    description: "{account}: the active account's name.",
  },
  nothingWaitsForService: {
    id: "outbox.screen.nothingWaitsForService",
    defaultMessage: "Nothing waits for the service.",
  },
  waitingFor: {
    id: "outbox.screen.waitingFor",
    defaultMessage: "{waiting, number} waiting for {account}{failed, plural, =0 {} other {, # failed}}.",
    description: "{account}: the active account's name. '2 waiting for Sandbox, 1 failed.'",
  },
  waitingForService: {
    id: "outbox.screen.waitingForService",
    defaultMessage: "{waiting, number} waiting for the service{failed, plural, =0 {} other {, # failed}}.",
  },
  summary: {
    id: "outbox.screen.summary",
    defaultMessage:
      "What {app} still has to send: new templates, documents and webhook changes, kept here when the service cannot be reached and sent in this order as soon as it answers.",
  },
  loading: { id: "outbox.screen.loading", defaultMessage: "Loading the Outbox…" },
  readFailed: { id: "outbox.screen.readFailed", defaultMessage: "The Outbox could not be read: {reason}" },
  waitingHeading: { id: "outbox.screen.waitingHeading", defaultMessage: "Waiting", description: "Section heading." },
  nothingWaits: { id: "outbox.screen.nothingWaits", defaultMessage: "Nothing waits to be sent." },
});

/** "2 waiting for Sandbox, 1 failed". */
function WaitingSummary({ list: { summary, waiting } }: { list: OutboxList }) {
  const account = summary.accountName === null ? null : <bdi>{summary.accountName}</bdi>;
  if (waiting.length === 0)
    return account === null ? (
      <FormattedMessage {...messages.nothingWaitsForService} />
    ) : (
      <FormattedMessage {...messages.nothingWaitsFor} values={{ account }} />
    );
  const counts = { waiting: waiting.length, failed: summary.failed };
  return account === null ? (
    <FormattedMessage {...messages.waitingForService} values={counts} />
  ) : (
    <FormattedMessage {...messages.waitingFor} values={{ ...counts, account }} />
  );
}

/**
 * What Signdesk has still to send to the active account's service, in the order it goes out (each item's state, why
 * it waits, and the person's say over it: cancel, send again, change a failed send's recipients), and what went out
 * last.
 */
export function OutboxScreen({ bridge, onOpenAccounts, onOpenBatch }: OutboxScreenProps) {
  const intl = useIntl();
  const outbox = useOutbox();
  const [retrying, setRetrying] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  /** Whether the focus was in this screen: should the focused item leave the list, the heading takes it. */
  const hadFocus = useRef(false);
  const list = outbox?.list.status === "ready" ? outbox.list.value : null;

  useEffect(() => {
    if (list !== null && hadFocus.current && document.activeElement === document.body)
      document.getElementById("outbox-title")?.focus();
  }, [list]);

  /** After a cancel: the next item's title takes the focus, else the one before, else the heading. */
  const focusAfter = (itemId: string) => {
    const waiting = list?.waiting ?? [];
    const index = waiting.findIndex((item) => item.itemId === itemId);
    const next = waiting[index + 1] ?? waiting[index - 1];
    document.getElementById(next === undefined ? "outbox-title" : itemTitleId(next.itemId))?.focus();
  };

  /**
   * An item that goes out by itself once the service answers (queued, or a send in doubt, which is checked): asking
   * about it asks about the whole queue. Never a failed item, nor a template in doubt: retrying those sends them again.
   */
  const nudge = list?.waiting.find((item) => item.state === "queued" || (item.state === "unknown" && isSend(item)));

  /** Asks the service at once rather than at the next retry (and resumes a paused queue). */
  const retryNow = async () => {
    const first = nudge;
    if (first === undefined) return;
    setRetrying(true);
    setProblem(null);
    try {
      const result = await bridge.outboxRetry({ itemId: first.itemId });
      if (!result.ok) setProblem(result.error.message);
    } finally {
      setRetrying(false);
      outbox?.reload();
    }
  };

  return (
    <section
      className="screen outbox-screen"
      aria-labelledby="outbox-title"
      onFocusCapture={() => {
        hadFocus.current = true;
      }}
      onBlurCapture={(event) => {
        // A null target: the focused element went (or the window lost the focus), which the effect above handles.
        if (event.relatedTarget !== null && !event.currentTarget.contains(event.relatedTarget as Node))
          hadFocus.current = false;
      }}
    >
      <header className="screen-header outbox-header">
        <h1 id="outbox-title" tabIndex={-1}>
          {intl.formatMessage(screenTitleMessages.outbox)}
        </h1>
        {list !== null && (
          <p className="outbox-summary" data-testid="outbox-summary">
            <WaitingSummary list={list} />
          </p>
        )}
      </header>
      <div className="screen-body wide">
        <p className="screen-summary">{intl.formatMessage(messages.summary, { app: productName })}</p>
        {outbox === null || outbox.list.status === "loading" ? (
          <p className="muted">{intl.formatMessage(messages.loading)}</p>
        ) : outbox.list.status === "failed" ? (
          <p className="problem" role="alert">
            {intl.formatMessage(messages.readFailed, { reason: outbox.list.message })}
          </p>
        ) : (
          <>
            {nudge !== undefined && (
              <QueueNotice
                summary={outbox.list.value.summary}
                retrying={retrying}
                onRetry={() => void retryNow()}
                onOpenAccounts={onOpenAccounts}
              />
            )}
            {problem !== null && (
              <p className="problem" role="alert">
                {problem}
              </p>
            )}
            <h2 id="outbox-waiting-title">{intl.formatMessage(messages.waitingHeading)}</h2>
            {outbox.list.value.waiting.length === 0 ? (
              <p className="muted empty-state">{intl.formatMessage(messages.nothingWaits)}</p>
            ) : (
              <ol className="draft-list" aria-labelledby="outbox-waiting-title">
                {outbox.list.value.waiting.map((item) => (
                  <OutboxItemRow
                    key={item.itemId}
                    bridge={bridge}
                    item={item}
                    onCancelled={focusAfter}
                    onChanged={outbox.reload}
                  />
                ))}
              </ol>
            )}
            <BulkSendsWaiting bridge={bridge} onOpen={onOpenBatch} />
            <DoneItems items={outbox.list.value.done} />
          </>
        )}
      </div>
    </section>
  );
}
