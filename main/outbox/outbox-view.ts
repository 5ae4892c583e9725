import { type OutboxList, type OutboxSummary, outboxSentShown, outboxWaitingStates } from "../../common/outbox";
import type { OutboxContext } from "./outbox-context";
import { viewOfItem } from "./outbox-journal";

export function outboxSummary(ctx: OutboxContext, accountId: string | null): OutboxSummary {
  if (accountId === null)
    return { accountId: null, accountName: null, waiting: 0, failed: 0, paused: null, unreachable: null };
  const connection = ctx.deps.connection.state(accountId);
  return {
    accountId,
    accountName: ctx.accountName(accountId),
    waiting: ctx.journal.count(accountId, outboxWaitingStates),
    failed: ctx.journal.count(accountId, ["failed"]),
    paused: ctx.queues.get(accountId)?.paused ?? null,
    unreachable: connection.reachable ? null : connection.reason,
  };
}

export function outboxList(ctx: OutboxContext, accountId: string): OutboxList {
  return {
    summary: outboxSummary(ctx, accountId),
    waiting: ctx.journal.inStates(accountId, outboxWaitingStates).map(viewOfItem),
    done: ctx.journal.done(accountId, outboxSentShown).map(viewOfItem),
  };
}

/** Tells the window the active account's outbox changed. */
export function emitChanged(ctx: OutboxContext, accountId: string): void {
  if (ctx.closed) return;
  const active = ctx.deps.accounts.active();
  if (active?.id !== accountId) return;
  ctx.deps.emit("outbox:changed", outboxSummary(ctx, accountId));
}
