import { randomUUID } from "node:crypto";
import { copyFile, mkdir, readdir, rm } from "node:fs/promises";
import path from "node:path";
import type { Account } from "../../common/accounts";
import { phrase } from "../../common/i18n/phrase";
import { canCancel, type OutboxItem, type OutboxList, type OutboxSummary, outboxStates } from "../../common/outbox";
import { checkRecipients, recipientProblemList } from "../../common/recipient-checks";
import { HandlerError } from "../handler-error";
import { kick } from "./background-drain";
import { forgetFiles, forgetInBackground, secretKey } from "./item-files";
import { OutboxContext, type OutboxDeps, type OutboxOptions } from "./outbox-context";
import { type JournalledItem, viewOfItem } from "./outbox-journal";
import { documentKinds, inDoubtMessage, webhookKinds } from "./outbox-kinds";
import { outboxMessages } from "./outbox-messages";
import type { KindAndRequest } from "./outbox-request";
import { emitChanged, outboxList, outboxSummary } from "./outbox-view";
import { type Interactive, sendWhileWaiting, type WaitingHooks } from "./send-while-waiting";

export type { OutboxDeps, OutboxOptions, OutboxStep } from "./outbox-context";
export type { Interactive } from "./send-while-waiting";

/**
 * The outbox: every outgoing action is journalled (outbox-journal.ts) before any request, then delivered, in the
 * order queued, at most four at once per account. An item whose request is out when the app stops is in doubt at the
 * next start and is checked with the service's listing before anything is sent again (find-lost-sends.ts), so that
 * nothing is sent twice; webhook calls are safe to repeat and simply go again. A service that cannot be reached keeps
 * its items queued until it answers (any call that reaches it, or this queue's own retry with a growing wait); a
 * refused key pauses that account's queue only.
 */
export class OutboxSender {
  private readonly ctx: OutboxContext;

  constructor(deps: OutboxDeps, options: OutboxOptions = {}) {
    this.ctx = new OutboxContext(deps, options);
  }

  private get deps() {
    return this.ctx.deps;
  }

  private get journal() {
    return this.ctx.journal;
  }

  /**
   * What the last run left: an item whose request was out when the app stopped has lost its answer. Webhook calls go
   * again (the service keeps one registration per address, and deleting twice deletes once); the others are in doubt.
   */
  async recoverAtStart(): Promise<void> {
    const at = this.ctx.at();
    for (const item of this.journal.everyInState("sending")) {
      if (webhookKinds.has(item.kind))
        this.journal.move(item.itemId, ["sending"], "queued", { at, message: "Signdesk stopped while sending this." });
      else this.journal.move(item.itemId, ["sending"], "unknown", { at, message: inDoubtMessage(item) });
    }
    await mkdir(this.deps.folder, { recursive: true });
    // Copies no item needs any more (a crash between sending and removing the copy).
    const inUse = this.journal.filesInUse();
    for (const name of await readdir(this.deps.folder).catch(() => [] as string[])) {
      const file = path.join(this.deps.folder, name);
      if (!inUse.has(file)) await rm(file, { force: true });
    }
    // Secrets no item needs any more (a crash between a registration's move to `sent` and its secret's removal),
    // removed in the background: the keychain may take its time (it may ask to be unlocked).
    const ended = this.journal.endedWithSecret();
    forgetInBackground(
      this.ctx,
      Promise.all(ended.map((itemId) => this.deps.secrets.delete(secretKey(itemId)).catch(() => {}))).then(() => {}),
    );
  }

  /** Starts delivering what waits, for every account. */
  start(): void {
    for (const accountId of this.journal.accountsWithWork()) this.kick(accountId);
  }

  /**
   * Journals an outgoing action (its PDF copied first, its secret into the keychain), before any request. The caller
   * then delivers it while the person waits (`sendNow`) or leaves it to the background (`kick`).
   */
  async enqueue(input: {
    account: Account;
    title: string;
    item: KindAndRequest;
    pdf?: string;
    secret?: string;
    /**
     * The person waits for it: `sendNow` follows at once. It is held from the background from the moment it is
     * written, so that a drain running meanwhile cannot take it first.
     */
    forPerson?: boolean;
  }): Promise<JournalledItem> {
    const itemId = randomUUID();
    let filePath: string | null = null;
    if (input.pdf !== undefined) {
      await mkdir(this.deps.folder, { recursive: true });
      filePath = path.join(this.deps.folder, `${itemId}.pdf`);
      await copyFile(input.pdf, filePath);
    }
    if (input.secret !== undefined) await this.deps.secrets.set(secretKey(itemId), input.secret);
    this.journal.add({
      itemId,
      accountId: input.account.id,
      title: input.title,
      item: input.item,
      filePath,
      at: this.ctx.at(),
    });
    if (input.forPerson === true) this.ctx.queue(input.account.id).claimed.add(itemId);
    const item = this.ctx.itemOrThrow(itemId);
    this.ctx.step("queued", item);
    emitChanged(this.ctx, input.account.id);
    return item;
  }

  /**
   * The account is being removed: its items go with its records (Records.removeAccount); their PDF copies and
   * webhook secrets leave the disk and the keychain.
   */
  forgetAccount(accountId: string): void {
    for (const item of this.journal.inStates(accountId, outboxStates))
      forgetInBackground(this.ctx, forgetFiles(this.ctx, item));
    this.ctx.queues.delete(accountId);
  }

  /** Delivers an item while the person waits (send-while-waiting.ts); throws code "queued" when it must wait. */
  sendNow(itemId: string, hooks: WaitingHooks = {}): Promise<Interactive> {
    return sendWhileWaiting(this.ctx, itemId, hooks);
  }

  /** Delivers what waits for an account, in the background (background-drain.ts). */
  kick(accountId: string): void {
    kick(this.ctx, accountId);
  }

  /** Takes an item out of the outbox before it is sent. */
  async cancel(itemId: string): Promise<OutboxItem> {
    const item = this.ctx.itemOrThrow(itemId);
    const queue = this.ctx.queue(item.accountId);
    const refusal = phrase(outboxMessages.cancelRefused, { state: item.state });
    if (
      queue.claimed.has(itemId) ||
      !canCancel(item) ||
      !this.journal.move(itemId, [item.state], "cancelled", {
        at: this.ctx.at(),
        message: phrase(outboxMessages.cancelled, { inDoubt: item.state === "unknown" ? "yes" : "no" }),
      })
    )
      throw new HandlerError("invalid_state", refusal);
    await forgetFiles(this.ctx, item);
    emitChanged(this.ctx, item.accountId);
    return viewOfItem(this.ctx.itemOrThrow(itemId));
  }

  /** Sends again now: a failed item, a template in doubt (the person's choice), or everything of a paused account. */
  retry(itemId: string): OutboxItem {
    const item = this.ctx.itemOrThrow(itemId);
    const queue = this.ctx.queue(item.accountId);
    const at = this.ctx.at();
    if (item.state === "failed" || (item.state === "unknown" && !documentKinds.has(item.kind)))
      this.journal.move(itemId, [item.state], "queued", { at, message: null });
    else if (item.state === "sent" || item.state === "cancelled")
      throw new HandlerError("invalid_state", phrase(outboxMessages.alreadyDone, { state: item.state }));
    queue.paused = null;
    queue.retryDelayMs = this.ctx.retryDelayMs;
    emitChanged(this.ctx, item.accountId);
    this.kick(item.accountId);
    return viewOfItem(this.ctx.itemOrThrow(itemId));
  }

  /** Changes a failed send's recipients and queues it again. */
  editRecipients(itemId: string, recipients: { name: string; email: string }[]): OutboxItem {
    const item = this.ctx.itemOrThrow(itemId);
    const { request } = item;
    if (request.kind !== "createAndSend" && request.kind !== "sendFromTemplate")
      throw new HandlerError("invalid_state", phrase(outboxMessages.onlySend));
    if (item.state !== "failed") throw new HandlerError("invalid_state", phrase(outboxMessages.onlyFailed));
    if (recipients.length !== request.request.recipients.length)
      throw new HandlerError(
        "invalid_argument",
        phrase(outboxMessages.recipientCount, { count: request.request.recipients.length }),
      );
    const labels = request.kind === "createAndSend" ? request.request.groups : [];
    const [problem] = recipientProblemList(checkRecipients(recipients, labels));
    if (problem !== undefined) throw new HandlerError("invalid_argument", problem.words);
    const changed = { kind: request.kind, request: { ...request.request, recipients } } as KindAndRequest;
    if (!this.journal.requeueWith(itemId, changed, this.ctx.at()))
      throw new HandlerError("invalid_state", phrase(outboxMessages.changedMeanwhile));
    emitChanged(this.ctx, item.accountId);
    this.kick(item.accountId);
    return viewOfItem(this.ctx.itemOrThrow(itemId));
  }

  /** The account's key or address changed: its paused queue goes on. */
  resumeAccount(accountId: string): void {
    this.deps.baseline.forget(accountId);
    const queue = this.ctx.queue(accountId);
    queue.paused = null;
    queue.retryDelayMs = this.ctx.retryDelayMs;
    this.kick(accountId);
  }

  summary(accountId: string | null): OutboxSummary {
    return outboxSummary(this.ctx, accountId);
  }

  list(accountId: string): OutboxList {
    return outboxList(this.ctx, accountId);
  }

  /** Items not sent yet, in every account (what quitting leaves for the next start). */
  waitingCount(): number {
    return this.journal.count(null, ["queued", "sending", "unknown"]);
  }

  /** Requests out now, in every account (an update's restart waits for them). */
  sendingCount(): number {
    let count = 0;
    for (const queue of this.ctx.queues.values()) count += queue.inFlight.size;
    return count;
  }

  /**
   * Stops taking items; waits a little for the requests out (their items stay `sending`, checked at the next start)
   * and for the copies and secrets of the items sent to be removed.
   */
  async settle(waitMs = 10_000): Promise<void> {
    this.ctx.stopping = true;
    const flights = [...this.ctx.queues.values()].flatMap((queue) => [...queue.inFlight.values()]);
    for (const queue of this.ctx.queues.values()) {
      queue.stop = true;
      queue.retryTimer?.();
      queue.retryTimer = null;
    }
    let cancel: (() => void) | null = null;
    await Promise.race([
      // The requests out, then what the items they delivered leave to remove.
      Promise.all(flights).then(() => Promise.all(this.ctx.forgetting)),
      new Promise<void>((resolve) => {
        cancel = this.ctx.deps.clock.after(waitMs, resolve);
      }),
    ]);
    (cancel as (() => void) | null)?.();
    this.ctx.closed = true;
  }
}
