import type { Account } from "../../common/accounts";
import { type OutboxItem, queuedCode, willBeSentWhen } from "../../common/outbox";
import { UserError } from "../../common/user-error";
import { whatHappened } from "../documents/send-document";
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
    if (queue.paused !== null) throw new UserError(queuedCode, `“${item.title}” is in the Outbox. ${queue.paused}`);
    const earlier = `${before.length} earlier item${before.length === 1 ? " waits" : "s wait"} in the Outbox`;
    if (!ctx.deps.connection.state(item.accountId).reachable) throw queuedError(ctx, item, earlier);
    throw new UserError(
      queuedCode,
      `${earlier}: “${item.title}” is in the Outbox too, and is sent after ${before.length === 1 ? "it" : "them"}.`,
    );
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
  throw queuedError(ctx, item, error.message);
}

function queuedError(ctx: OutboxContext, item: JournalledItem, why: string): UserError {
  const name = ctx.accountName(item.accountId);
  return new UserError(
    queuedCode,
    `${why.replace(/\.?$/, ".")} “${item.title}” is in the Outbox. ${willBeSentWhen(name)}`,
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
  const lost = error instanceof ServiceError ? whatHappened(error) : error.message;
  if (webhookKinds.has(item.kind)) return queuedAfter(ctx, item, new UserError("lost", lost));
  if (!documentKinds.has(item.kind))
    throw new HandlerError(
      "outcome_unknown",
      `Unknown whether the template was created: ${lost} The service offers no list of templates to check, so Signdesk did not upload it again, and nobody was e-mailed. It stays in the Outbox: "Send again" there uploads it again (the service may then keep two copies of the template), "Cancel" drops it.`,
    );
  const finding = await findLost(ctx, queue, account, [item], hooks.onChecking);
  const checkedFor = formatDuration(ctx.deps.sendCheck.scheduleMs.at(-1) ?? 0);
  switch (finding?.kind) {
    case "found": {
      const recorded = markFound(ctx, account, item, finding.document);
      if (recorded === null)
        throw new HandlerError(
          "outcome_unknown",
          `${lost} The document Signdesk found was recorded meanwhile as another send's: look in Documents before sending again.`,
        );
      return { kind: "sent", recorded, item: viewOfItem(ctx.itemOrThrow(item.itemId)) };
    }
    case "absent":
      await discard(ctx, item);
      throw new HandlerError(
        "not_sent",
        `${lost} Signdesk checked with the service for ${checkedFor} and no such document appeared: nothing was sent. You can send again.`,
      );
    case "several":
      await discard(ctx, item);
      throw new HandlerError(
        "outcome_unknown",
        `${lost} Since then, ${finding.count} documents to these recipients that Signdesk did not know appeared on the service, and it cannot tell which one is this send: it was probably sent. Use "Import from service" on the Documents screen to see them before sending again.`,
      );
    default:
      throw new HandlerError(
        "outcome_unknown",
        `${lost} Signdesk could not check whether it was sent; it stays in the Outbox, which checks again when the service answers. Look in Documents after "Import from service" before sending again.`,
      );
  }
}

/** An item the person was told was refused leaves the outbox: it is as if it was never queued. */
async function discard(ctx: OutboxContext, item: JournalledItem): Promise<void> {
  ctx.journal.remove(item.itemId);
  await forgetFiles(ctx, item);
  emitChanged(ctx, item.accountId);
}
