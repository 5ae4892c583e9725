import type { Account } from "../../common/accounts";
import { defineMessages } from "../../common/i18n/define-messages";
import { isolate } from "../../common/i18n/isolate";
import { phrase } from "../../common/i18n/phrase";
import { runInFlight } from "../jobs/run-in-flight";
import type { ServiceError } from "../service/service-error";
import { findLostMany, markFound } from "./check-lost-items";
import { deliver, ensureBaseline } from "./journalled-delivery";
import type { AccountQueue, OutboxContext } from "./outbox-context";
import { type JournalledItem, viewOfItem } from "./outbox-journal";
import { conflictKey, documentKinds } from "./outbox-kinds";
import { outboxMessages } from "./outbox-messages";
import { emitChanged } from "./outbox-view";

const messages = defineMessages({
  sentTitle: {
    id: "main.outbox.sentTitle",
    defaultMessage: "{count, plural, =1 {Sent from the Outbox to {account}} other {# items sent from the Outbox}}",
    description: "Desktop notification's title. {account} is the account's name.",
  },
  sentBody: {
    id: "main.outbox.sentBody",
    defaultMessage:
      "{shown, plural, one {{first}} =2 {{first}, {second}} other {{first}, {second}, {third}}}{more, plural, =0 {} other {, and # more}}",
    description:
      "Desktop notification's text: the names of up to three items sent ({first}…), then how many more were sent.",
  },
  absentSentAgain: {
    id: "main.outbox.absentSentAgain",
    defaultMessage: "Its answer was lost and the service made no such document: it is sent again.",
  },
  probablySent: {
    id: "main.outbox.probablySent",
    defaultMessage:
      'Its answer was lost, and {count, number} new documents to these recipients appeared on the service: it was probably sent. Use "Import from service" on the Documents screen to see them; "Send again" sends it once more.',
  },
});

/** Delivers what waits for an account, in the background (at once, unless it runs already or is paused). */
export function kick(ctx: OutboxContext, accountId: string): void {
  const queue = ctx.queue(accountId);
  if (ctx.stopping || queue.draining || queue.paused !== null) return;
  queue.retryTimer?.();
  queue.retryTimer = null;
  queue.draining = true;
  queue.stop = false;
  void drain(ctx, accountId, queue)
    .catch((error: unknown) => {
      queue.paused = phrase(outboxMessages.sendingStopped, {
        reason: error instanceof Error ? error.message : String(error),
      });
    })
    .finally(() => {
      queue.draining = false;
      finishDrain(ctx, accountId, queue);
    });
}

/**
 * Asks again later while items wait for a service that does not answer: after a growing wait, or as soon as another
 * call reaches it, and never while it asked to be left alone (the account's gate: jobs/account-gates.ts).
 */
export function scheduleRetry(ctx: OutboxContext, accountId: string): void {
  const queue = ctx.queue(accountId);
  if (ctx.stopping || queue.retryTimer !== null || queue.paused !== null) return;
  const wait = queue.retryDelayMs;
  queue.retryDelayMs = Math.min(queue.retryDelayMs * 2, ctx.maxRetryDelayMs);
  queue.retryTimer = ctx.deps.gates.wait(accountId, wait, (why) => {
    queue.retryTimer = null;
    if (why === "answered") queue.retryDelayMs = ctx.retryDelayMs;
    kick(ctx, accountId);
  });
}

function finishDrain(ctx: OutboxContext, accountId: string, queue: AccountQueue): void {
  if (queue.delivered.length > 0) {
    const delivered = queue.delivered;
    queue.delivered = [];
    const name = ctx.accountName(accountId);
    ctx.deps.notify({
      title: phrase(messages.sentTitle, { count: delivered.length, account: isolate(name) }),
      body: phrase(messages.sentBody, {
        shown: Math.min(3, delivered.length),
        first: isolate(delivered[0]?.title ?? ""),
        second: isolate(delivered[1]?.title ?? ""),
        third: isolate(delivered[2]?.title ?? ""),
        more: Math.max(0, delivered.length - 3),
      }),
      screen: "outbox",
    });
  }
  emitChanged(ctx, accountId);
  if (ctx.closed || queue.paused !== null) return;
  const left = ctx.journal.count(accountId, ["queued"]);
  const inDoubt = ctx.journal.inStates(accountId, ["unknown"]).filter((item) => documentKinds.has(item.kind)).length;
  if (left + inDoubt > 0) scheduleRetry(ctx, accountId);
}

async function drain(ctx: OutboxContext, accountId: string, queue: AccountQueue): Promise<void> {
  const account = () => ctx.deps.accounts.get(accountId);
  await runInFlight<JournalledItem>({
    maxInFlight: ctx.maxInFlight,
    next: async (inFlight) => {
      for (;;) {
        if (ctx.stopping || queue.stop || queue.paused !== null) return "done";
        if (ctx.deps.gates.heldFor(accountId) > 0) return "done";
        const inDoubt = ctx.journal
          .inStates(accountId, ["unknown"])
          .filter((item) => documentKinds.has(item.kind) && !queue.claimed.has(item.itemId));
        if (inDoubt.length > 0 && inFlight === 0) {
          if (!(await settleInDoubt(ctx, queue, account(), inDoubt))) return "done";
          continue;
        }
        const next = ctx.journal
          .inStates(accountId, ["queued"], ctx.maxInFlight * 2 + queue.claimed.size)
          .find((item) => !queue.claimed.has(item.itemId) && !queue.inFlight.has(item.itemId));
        if (next === undefined || conflicts(ctx, queue, next)) return "wait";
        const unreachable = await ensureBaseline(ctx, account(), next);
        // The app quits, or another item stopped the drain, while the service was listed: nothing more leaves.
        if (ctx.stopping || queue.stop) return "done";
        if (unreachable !== null) {
          waitFor(ctx, queue, next, unreachable);
          return "done";
        }
        // Cancelled by the person while the service was listed.
        if (ctx.journal.get(next.itemId)?.state === "queued") return { job: next };
      }
    },
    run: (item) => {
      const flight = deliverInBackground(ctx, queue, account(), item).finally(() => queue.inFlight.delete(item.itemId));
      queue.inFlight.set(item.itemId, flight);
      return flight;
    },
  });
}

function conflicts(ctx: OutboxContext, queue: AccountQueue, item: JournalledItem): boolean {
  const key = conflictKey(item.request);
  if (key === null) return false;
  for (const itemId of queue.inFlight.keys()) {
    const other = ctx.journal.get(itemId);
    if (other !== undefined && conflictKey(other.request) === key) return true;
  }
  return false;
}

function waitFor(ctx: OutboxContext, queue: AccountQueue, item: JournalledItem, error: ServiceError): void {
  queue.stop = true;
  ctx.journal.move(item.itemId, ["queued"], "queued", {
    at: ctx.at(),
    message: phrase(outboxMessages.waitingFor, { account: ctx.accountName(item.accountId), reason: error.reason }),
  });
}

async function deliverInBackground(
  ctx: OutboxContext,
  queue: AccountQueue,
  account: Account,
  item: JournalledItem,
): Promise<void> {
  const delivery = await deliver(ctx, account, item, {});
  if (delivery.kind === "sent") {
    queue.delivered.push(viewOfItem(item));
    queue.retryDelayMs = ctx.retryDelayMs;
    return;
  }
  const { decision, error } = delivery;
  switch (decision.effect) {
    // Nothing more goes until the gate opens (deliver() closed it for a 429) or the retry's wait ends.
    case "wait_for_service":
    case "hold":
    // A webhook call whose answer was lost goes after the retry's wait, not at once (a service that keeps failing it
    // would be asked again and again without pause).
    case "retry_later":
      queue.stop = true;
      break;
    case "pause":
      queue.paused = phrase(error.code === "internal" ? outboxMessages.pausedInternal : outboxMessages.pausedAccount, {
        reason: error.phrase ?? error.message,
        account: account.name,
      });
      break;
    case "check":
    case "ask_person":
    case "none":
      break;
    default:
      decision.effect satisfies never;
  }
}

/** Checks the items in doubt with the service's listing; false when the drain must stop (the listing failed). */
async function settleInDoubt(
  ctx: OutboxContext,
  queue: AccountQueue,
  account: Account,
  items: JournalledItem[],
): Promise<boolean> {
  const findings = await findLostMany(ctx, queue, account, items, { background: true });
  const at = ctx.at();
  for (const item of items) {
    const finding = findings.get(item.itemId);
    if (finding === undefined) continue;
    if (finding.kind === "found") {
      if (markFound(ctx, account, item, finding.document) !== null) queue.delivered.push(viewOfItem(item));
      else
        ctx.journal.move(item.itemId, ["unknown"], "failed", {
          at,
          message:
            'Its answer was lost, and the document that matches it was recorded as another send\'s: it was probably sent. Look in Documents; "Send again" sends it once more.',
        });
    } else if (finding.kind === "absent")
      ctx.journal.move(item.itemId, ["unknown"], "queued", {
        at,
        message: phrase(messages.absentSentAgain),
      });
    else
      ctx.journal.move(item.itemId, ["unknown"], "failed", {
        at,
        message: phrase(messages.probablySent, { count: finding.count }),
      });
  }
  emitChanged(ctx, account.id);
  if (findings.size < items.length) {
    queue.stop = true;
    return false;
  }
  return true;
}
