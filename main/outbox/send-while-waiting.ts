import type { Account } from "../../common/accounts";
import { type PhraseOrText, phrase } from "../../common/i18n/phrase";
import { type OutboxItem, queuedCode, willBeSentWhen } from "../../common/outbox";
import { UserError } from "../../common/user-error";
import { HandlerError } from "../handler-error";
import { formatDuration, ServiceError } from "../service/service-error";
import { kick, scheduleRetry } from "./background-drain";
import { claimAddresses, findLost, markFound } from "./check-lost-items";
import type { DeliverHooks } from "./deliver-item";
import { forgetFiles } from "./item-files";
import { deliver, ensureBaseline } from "./journalled-delivery";
import type { AccountQueue, OutboxContext } from "./outbox-context";
import { type JournalledItem, viewOfItem } from "./outbox-journal";
import { documentKinds, webhookKinds } from "./outbox-kinds";
import { outboxMessages } from "./outbox-messages";
import { emitChanged } from "./outbox-view";
import type { Recorded } from "./record-delivery";

/** What a send made while the person waited came to. */
export type Interactive = { kind: "sent"; recorded: Recorded; item: OutboxItem };

export type WaitingHooks = DeliverHooks & { onChecking?: (done: number, total: number) => void };

/** Items that must go before a new one (it waits behind them); one in doubt is checked on its own. */
function waitingBefore(ctx: OutboxContext, accountId: string, itemId: string): JournalledItem[] {
  return ctx.journal.inStates(accountId, ["queued", "sending"]).filter((item) => item.itemId !== itemId);
}

/**
 * Delivers an item while the person waits, as a send always did: what the service made, or its refusal (the item
 * then leaves the outbox: nothing was sent, and the form still holds what was typed). When the service cannot be
 * reached, or earlier items wait, the item stays queued and this throws code "queued".
 */
export async function sendWhileWaiting(
  ctx: OutboxContext,
  itemId: string,
  hooks: WaitingHooks = {},
): Promise<Interactive> {
  const item = ctx.itemOrThrow(itemId);
  const queue = ctx.queue(item.accountId);
  const account = ctx.deps.accounts.get(item.accountId);
  const before = waitingBefore(ctx, item.accountId, itemId);
  if (queue.paused !== null || before.length > 0) {
    // It waits its turn with the others: the background may take it now.
    queue.claimed.delete(itemId);
    kick(ctx, item.accountId);
    if (queue.paused !== null)
      throw new UserError(
        queuedCode,
        phrase(outboxMessages.inOutboxPaused, { title: item.title, paused: queue.paused }),
      );
    const count = before.length;
    if (!ctx.deps.connection.state(item.accountId).reachable)
      throw new UserError(
        queuedCode,
        phrase(outboxMessages.earlierWaitQueued, {
          count,
          title: item.title,
          willBeSent: willBeSentWhen(ctx.accountName(item.accountId)),
        }),
      );
    throw new UserError(queuedCode, phrase(outboxMessages.earlierWait, { count, title: item.title }));
  }
  queue.claimed.add(itemId);
  claimAddresses(queue, item, 1, ctx.deps.clock.now());
  try {
    const listed = await ensureBaseline(ctx, account, item);
    if (listed !== null) return queuedAfter(ctx, item, listed);
    const delivery = await deliver(ctx, account, item, hooks);
    if (delivery.kind === "sent")
      return { kind: "sent", recorded: delivery.recorded, item: viewOfItem(ctx.itemOrThrow(itemId)) };
    const { decision, error } = delivery;
    switch (decision.effect) {
      case "wait_for_service":
      case "hold":
        return queuedAfter(ctx, item, error);
      case "check":
      case "retry_later":
      case "ask_person":
        return await settleWhileWaiting(ctx, queue, account, ctx.itemOrThrow(itemId), error, hooks);
      case "pause":
        // A fault of Signdesk's after the request may have left: read as a lost answer.
        if (decision.state !== "queued")
          return await settleWhileWaiting(ctx, queue, account, ctx.itemOrThrow(itemId), error, hooks);
        await discard(ctx, item);
        throw error;
      case "none":
        await discard(ctx, item);
        throw error;
      default:
        return decision.effect satisfies never;
    }
  } finally {
    queue.claimed.delete(itemId);
    claimAddresses(queue, item, -1, ctx.deps.clock.now());
    // What waits goes now, unless the service was just found unreachable (then the retry's timer decides).
    if (queue.retryTimer === null) kick(ctx, item.accountId);
  }
}

function queuedAfter(ctx: OutboxContext, item: JournalledItem, error: UserError): never {
  scheduleRetry(ctx, item.accountId);
  throw queuedError(ctx, item, error.phrase ?? error.message.replace(/\.?$/, "."));
}

/** `why` is a sentence. */
function queuedError(ctx: OutboxContext, item: JournalledItem, why: PhraseOrText): UserError {
  const name = ctx.accountName(item.accountId);
  return new UserError(
    queuedCode,
    phrase(outboxMessages.queued, { why, title: item.title, willBeSent: willBeSentWhen(name) }),
  );
}

/** A lost answer while the person waits: checked with the service on the usual schedule, as a send always was. */
async function settleWhileWaiting(
  ctx: OutboxContext,
  queue: AccountQueue,
  account: Account,
  item: JournalledItem,
  error: UserError,
  hooks: { onChecking?: (done: number, total: number) => void },
): Promise<Interactive> {
  const lost: PhraseOrText = error instanceof ServiceError ? error.whatHappened() : (error.phrase ?? error.message);
  if (webhookKinds.has(item.kind)) return queuedAfter(ctx, item, new UserError("lost", lost));
  if (!documentKinds.has(item.kind))
    throw new HandlerError("outcome_unknown", phrase(outboxMessages.templateUnknown, { lost }));
  const finding = await findLost(ctx, queue, account, [item], hooks.onChecking);
  const checkedFor = formatDuration(ctx.deps.sendCheck.scheduleMs.at(-1) ?? 0);
  switch (finding?.kind) {
    case "found": {
      const recorded = markFound(ctx, account, item, finding.document);
      if (recorded === null) throw new HandlerError("outcome_unknown", phrase(outboxMessages.foundRecorded, { lost }));
      return { kind: "sent", recorded, item: viewOfItem(ctx.itemOrThrow(item.itemId)) };
    }
    case "absent":
      await discard(ctx, item);
      throw new HandlerError("not_sent", phrase(outboxMessages.foundAbsent, { lost, checkedFor }));
    case "several":
      await discard(ctx, item);
      throw new HandlerError("outcome_unknown", phrase(outboxMessages.foundSeveral, { lost, count: finding.count }));
    default:
      throw new HandlerError("outcome_unknown", phrase(outboxMessages.notChecked, { lost }));
  }
}

/** An item the person was told was refused leaves the outbox: it is as if it was never queued. */
async function discard(ctx: OutboxContext, item: JournalledItem): Promise<void> {
  ctx.journal.remove(item.itemId);
  await forgetFiles(ctx, item);
  emitChanged(ctx, item.accountId);
}
