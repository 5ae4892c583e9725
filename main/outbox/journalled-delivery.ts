import type { Account } from "../../common/accounts";
import { type PhraseOrText, phrase } from "../../common/i18n/phrase";
import { UserError } from "../../common/user-error";
import { HandlerError } from "../handler-error";
import { ServiceError } from "../service/service-error";
import { type DeliverHooks, type Delivery, deliverItem } from "./deliver-item";
import { forgetFiles, forgetInBackground, secretKey } from "./item-files";
import type { OutboxContext } from "./outbox-context";
import type { JournalledItem } from "./outbox-journal";
import { documentKinds, inDoubtMessage } from "./outbox-kinds";
import { outboxMessages } from "./outbox-messages";
import { emitChanged } from "./outbox-view";
import { type Recorded, recordDelivery } from "./record-delivery";

/** What an item's request came to, once journalled (a sent item with what it added to the records). */
export type Delivered = Extract<Delivery, { kind: "came_back" }> | { kind: "sent"; recorded: Recorded };

/**
 * Before a send that makes a document: the service's listing, read once per session and account
 * (documents/send-baseline.ts), so that a document whose answer is lost can be told from older ones; answers the
 * error when the service cannot be reached (else null).
 */
export async function ensureBaseline(
  ctx: OutboxContext,
  account: Account,
  item: JournalledItem,
): Promise<ServiceError | null> {
  if (!documentKinds.has(item.kind)) return null;
  // Not the service's failure (no key stored…): the send itself meets it and says so.
  const ensured = await ctx.deps.baseline.ensure(account).catch(() => "failed" as const);
  if (ensured instanceof ServiceError) return ensured;
  if (ensured === "listed" && !ctx.closed) ctx.step("listed", item);
  return null;
}

/** Sends one item, journalled before its request leaves and as soon as its answer is read. */
export async function deliver(
  ctx: OutboxContext,
  account: Account,
  item: JournalledItem,
  hooks: DeliverHooks,
): Promise<Delivered> {
  const moved = ctx.journal.move(item.itemId, ["queued"], "sending", {
    at: ctx.at(),
    attempt: true,
    ...(documentKinds.has(item.kind) ? { listingId: ctx.deps.baseline.current(account.id) } : {}),
  });
  if (!moved) throw new HandlerError("invalid_state", phrase(outboxMessages.notQueued));
  const sending = ctx.itemOrThrow(item.itemId);
  ctx.step("sending", sending);
  emitChanged(ctx, item.accountId);
  const delivery = await deliverItem(
    { clientFor: ctx.deps.clientFor, webhookSecret: (id) => ctx.deps.secrets.get(secretKey(id)) },
    account,
    sending,
    hooks,
  );
  // Closed meanwhile (the app quit): the journal says `sending`, and the next start checks it.
  if (ctx.closed)
    return {
      kind: "came_back",
      decision: { state: "unknown", effect: "check" },
      error: new UserError("closed", phrase(outboxMessages.stopped)),
    };
  ctx.step("answered", sending);
  const at = ctx.at();
  if (delivery.kind === "sent") {
    // Its account was removed meanwhile (the item with it): nothing is recorded for an account that is gone.
    const recorded = ctx.deps.records.documents.transaction(() =>
      ctx.journal.move(item.itemId, ["sending"], "sent", { at, result: delivery.result })
        ? recordDelivery(ctx.deps, account, sending, delivery.result, at)
        : { template: null, document: null, webhook: null },
    );
    afterSent(ctx, sending, recorded);
    return { kind: "sent", recorded };
  }
  const { decision } = delivery;
  if (decision.effect === "hold") ctx.deps.gates.hold(item.accountId, decision.holdMs ?? 0);
  ctx.journal.move(item.itemId, ["sending"], decision.state, { at, message: journalMessage(account, item, delivery) });
  emitChanged(ctx, item.accountId);
  return delivery;
}

/** What the Outbox says of an item that came back without being sent. */
function journalMessage(
  account: Account,
  item: JournalledItem,
  delivery: Extract<Delivery, { kind: "came_back" }>,
): PhraseOrText {
  const { decision, error } = delivery;
  const words = error.phrase ?? error.message;
  switch (decision.effect) {
    case "wait_for_service":
      return phrase(outboxMessages.waitingFor, {
        account: account.name,
        reason: error instanceof ServiceError ? error.reason : words,
      });
    case "retry_later":
      return phrase(outboxMessages.sentAgain, { reason: words });
    case "check":
      return phrase(outboxMessages.checks, {
        reason: error instanceof ServiceError ? error.whatHappened() : withoutOutcome(error.message),
      });
    case "ask_person":
      return inDoubtMessage(item);
    default:
      return words;
  }
}

/** An error's English words without "The outcome is unknown: …" (a string error: not Signdesk's words). */
function withoutOutcome(message: string): string {
  return message.replace(/\s*The outcome is unknown[:,].*$/s, "");
}

export function afterSent(ctx: OutboxContext, item: JournalledItem, recorded: Recorded): void {
  ctx.step("recorded", item);
  if (recorded.document !== null) void ctx.deps.tracker.refreshNow([recorded.document.pdfId]);
  forgetInBackground(ctx, forgetFiles(ctx, item));
  emitChanged(ctx, item.accountId);
}
