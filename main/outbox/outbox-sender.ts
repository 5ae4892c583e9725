import { randomUUID } from "node:crypto";
import { copyFile, mkdir, readdir, rm } from "node:fs/promises";
import path from "node:path";
import type { Account } from "../../common/accounts";
import {
  canCancel,
  type OutboxItem,
  type OutboxList,
  type OutboxSummary,
  outboxMaxInFlight,
  outboxSentShown,
  outboxWaitingStates,
  queuedCode,
  willBeSentWhen,
} from "../../common/outbox";
import { statusNotReported } from "../../common/statuses";
import { UserError } from "../../common/user-error";
import type { DocumentSummary } from "../../common/wire";
import type { SecretStore } from "../accounts/keychain";
import type { Core } from "../core-types";
import { addressKey, findLostSends, type LostSendFinding } from "../documents/find-lost-sends";
import { whatHappened } from "../documents/send-document";
import { HandlerError } from "../handler-error";
import { formatDuration, ServiceError } from "../service/service-error";
import { templateIdNamedBy } from "../templates/template-ids-seen";
import { type DeliverHooks, type Delivery, deliverItem } from "./deliver-item";
import { type JournalledItem, viewOfItem } from "./outbox-journal";
import type { KindAndRequest } from "./outbox-request";
import { type Recorded, recordDelivery } from "./record-delivery";

export type OutboxDeps = Pick<
  Core,
  "records" | "accounts" | "clientFor" | "emit" | "notify" | "now" | "tracker" | "sendCheck" | "connection"
> & {
  /** Where items keep their own copy of the PDF they upload. */
  folder: string;
  /** The OS keychain: a webhook's secret waits there, never in the database. */
  secrets: SecretStore;
};

/** The points of a delivery, in order; `onStep` is told each (the fault test kills the process at each in turn). */
export type OutboxStep = "queued" | "listed" | "sending" | "answered" | "recorded";

export interface OutboxOptions {
  maxInFlight?: number;
  /** First wait before asking an unreachable service again; it doubles up to `maxRetryDelayMs`. */
  retryDelayMs?: number;
  maxRetryDelayMs?: number;
  onStep?: (step: OutboxStep, item: OutboxItem) => void;
}

/** What an item's request came to, once journalled (a sent item with what it added to the records). */
type Delivered = Exclude<Delivery, { kind: "sent" }> | { kind: "sent"; recorded: Recorded };

/** What a send made while the person waited came to. */
export type Interactive = { kind: "sent"; recorded: Recorded; item: OutboxItem };

interface AccountQueue {
  inFlight: Map<string, Promise<void>>;
  /** Items a waiting person's call is delivering: the background leaves them alone. */
  claimed: Set<string>;
  /**
   * The people those calls send to (addressKey), with how many such calls run and when the last one began or ended:
   * a document to them that appears meanwhile may be theirs, so the background never takes it for an item in doubt.
   */
  addressClaims: Map<string, { active: number; lastAt: number }>;
  /** Why the queue waits for the person (a refused key), else null. */
  paused: string | null;
  /** The service's document IDs listed before this drain's sends (its row in outbox_snapshots). */
  snapshotId: number | null;
  draining: boolean;
  /** Set while a drain must stop taking items (the service went away, asked to wait, or the key was refused). */
  stop: boolean;
  holdUntil: number;
  retryDelayMs: number;
  retryTimer: NodeJS.Timeout | null;
  /** Items the background delivered in this drain: the desktop notification says what went out. */
  delivered: OutboxItem[];
}

const documentKinds = new Set(["createAndSend", "sendFromTemplate"]);
const webhookKinds = new Set(["registerWebhook", "deleteWebhook"]);
const secretKey = (itemId: string) => `outbox:${itemId}`;

/** Two items with the same key go out one after the other: a draft's versions, one webhook address. */
function conflictKey(request: KindAndRequest): string | null {
  switch (request.kind) {
    case "createTemplate":
    case "createAndSend":
      return `draft ${request.request.draftId}`;
    case "registerWebhook":
    case "deleteWebhook":
      return `webhook ${request.request.url}`;
    default:
      return null;
  }
}

/**
 * The outbox: every outgoing action is journalled (outbox-journal.ts) before any request, then delivered, in the
 * order queued, at most four at once per account. An item whose request is out when the app stops is in doubt at the
 * next start and is checked with the service's listing before anything is sent again (find-lost-sends.ts), so that
 * nothing is sent twice; webhook calls are safe to repeat and simply go again. A service that cannot be reached keeps
 * its items queued until it answers (any call that reaches it, or this queue's own retry with a growing wait); a
 * refused key pauses that account's queue only.
 */
export class OutboxSender {
  private readonly queues = new Map<string, AccountQueue>();
  private readonly maxInFlight: number;
  private readonly retryDelayMs: number;
  private readonly maxRetryDelayMs: number;
  /** Set once the app quits: no item is taken any more. */
  private stopping = false;
  /** Set once the records may be closed: answers still arriving are left to the next start. */
  private closed = false;
  /** Copies and secrets no item needs, being removed: quitting waits for them. */
  private readonly forgetting = new Set<Promise<void>>();

  constructor(
    private readonly deps: OutboxDeps,
    private readonly options: OutboxOptions = {},
  ) {
    this.maxInFlight = options.maxInFlight ?? outboxMaxInFlight;
    this.retryDelayMs = options.retryDelayMs ?? 2_000;
    this.maxRetryDelayMs = options.maxRetryDelayMs ?? 30_000;
  }

  private get journal() {
    return this.deps.records.outbox;
  }

  private at(): string {
    return new Date(this.deps.now()).toISOString();
  }

  private queue(accountId: string): AccountQueue {
    let queue = this.queues.get(accountId);
    if (queue === undefined) {
      queue = {
        inFlight: new Map(),
        claimed: new Set(),
        addressClaims: new Map(),
        paused: null,
        snapshotId: null,
        draining: false,
        stop: false,
        holdUntil: 0,
        retryDelayMs: this.retryDelayMs,
        retryTimer: null,
        delivered: [],
      };
      this.queues.set(accountId, queue);
    }
    return queue;
  }

  private step(step: OutboxStep, item: JournalledItem): void {
    this.options.onStep?.(step, viewOfItem(item));
  }

  private accountName(accountId: string): string {
    try {
      return this.deps.accounts.get(accountId).name;
    } catch {
      return "the service";
    }
  }

  /**
   * What the last run left: an item whose request was out when the app stopped has lost its answer. Webhook calls go
   * again (the service keeps one registration per address, and deleting twice deletes once); the others are in doubt.
   */
  async recoverAtStart(): Promise<void> {
    const at = this.at();
    for (const item of this.journal.everyInState("sending")) {
      if (webhookKinds.has(item.kind))
        this.journal.move(item.itemId, ["sending"], "queued", { at, message: "Signdesk stopped while sending this." });
      else this.journal.move(item.itemId, ["sending"], "unknown", { at, message: inDoubtMessage(item) });
    }
    this.journal.pruneSnapshots([]);
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
    this.forgetInBackground(
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
      at: this.at(),
    });
    const item = this.itemOrThrow(itemId);
    this.step("queued", item);
    this.changed(input.account.id);
    return item;
  }

  private itemOrThrow(itemId: string): JournalledItem {
    const item = this.journal.get(itemId);
    if (item === undefined) throw new HandlerError("not_found", "The outbox has no such item.");
    return item;
  }

  /** Items that must go before a new one (it waits behind them); one in doubt is checked on its own. */
  private waitingBefore(accountId: string, itemId: string): JournalledItem[] {
    return this.journal.inStates(accountId, ["queued", "sending"]).filter((item) => item.itemId !== itemId);
  }

  /**
   * Delivers an item while the person waits, as a send always did: what the service made, or its refusal (the item
   * then leaves the outbox: nothing was sent, and the form still holds what was typed). When the service cannot be
   * reached, or earlier items wait, the item stays queued and this throws code "queued".
   */
  async sendNow(
    itemId: string,
    hooks: DeliverHooks & { onChecking?: (done: number, total: number) => void } = {},
  ): Promise<Interactive> {
    const item = this.itemOrThrow(itemId);
    const queue = this.queue(item.accountId);
    const account = this.deps.accounts.get(item.accountId);
    const before = this.waitingBefore(item.accountId, itemId);
    if (queue.paused !== null || before.length > 0) {
      this.kick(item.accountId);
      if (queue.paused !== null) throw new UserError(queuedCode, `“${item.title}” is in the Outbox. ${queue.paused}`);
      const earlier = `${before.length} earlier item${before.length === 1 ? " waits" : "s wait"} in the Outbox`;
      if (!this.deps.connection.state(item.accountId).reachable) throw this.queuedError(item, earlier);
      throw new UserError(
        queuedCode,
        `${earlier}: “${item.title}” is in the Outbox too, and is sent after ${before.length === 1 ? "it" : "them"}.`,
      );
    }
    queue.claimed.add(itemId);
    this.claimAddresses(queue, item, 1);
    try {
      const listed = await this.ensureSnapshot(queue, account, item);
      if (listed !== null) return this.queuedAfter(item, listed);
      const delivery = await this.deliver(queue, account, item, hooks);
      switch (delivery.kind) {
        case "sent":
          return { kind: "sent", recorded: delivery.recorded, item: viewOfItem(this.itemOrThrow(itemId)) };
        case "unreachable":
        case "again":
          return this.queuedAfter(item, delivery.error);
        case "paused":
        case "failed":
          await this.discard(item);
          throw delivery.error;
        case "unknown":
          return await this.settleWhileWaiting(queue, account, this.itemOrThrow(itemId), delivery.error, hooks);
        default:
          return delivery satisfies never;
      }
    } finally {
      queue.claimed.delete(itemId);
      this.claimAddresses(queue, item, -1);
      // What waits goes now, unless the service was just found unreachable (then the retry's timer decides).
      if (queue.retryTimer === null) this.kick(item.accountId);
    }
  }

  private queuedAfter(item: JournalledItem, error: UserError): never {
    this.scheduleRetry(item.accountId);
    throw this.queuedError(item, error.message);
  }

  private queuedError(item: JournalledItem, why: string): UserError {
    const name = this.accountName(item.accountId);
    return new UserError(
      queuedCode,
      `${why.replace(/\.?$/, ".")} “${item.title}” is in the Outbox. ${willBeSentWhen(name)}`,
    );
  }

  /** A lost answer while the person waits: checked with the service on the usual schedule, as a send always was. */
  private async settleWhileWaiting(
    queue: AccountQueue,
    account: Account,
    item: JournalledItem,
    error: UserError,
    hooks: { onChecking?: (done: number, total: number) => void },
  ): Promise<Interactive> {
    const lost = error instanceof ServiceError ? whatHappened(error) : error.message;
    if (webhookKinds.has(item.kind)) return this.queuedAfter(item, new UserError("lost", lost));
    if (!documentKinds.has(item.kind))
      throw new HandlerError(
        "outcome_unknown",
        `Unknown whether the template was created: ${lost} The service offers no list of templates to check, so Signdesk did not upload it again, and nobody was e-mailed. It stays in the Outbox: "Send again" there uploads it again (the service may then keep two copies of the template), "Cancel" drops it.`,
      );
    const finding = await this.findLost(queue, account, [item], hooks.onChecking);
    const checkedFor = formatDuration(this.deps.sendCheck.scheduleMs.at(-1) ?? 0);
    switch (finding?.kind) {
      case "found": {
        const recorded = this.markFound(account, item, finding.document);
        if (recorded === null)
          throw new HandlerError(
            "outcome_unknown",
            `${lost} The document Signdesk found was recorded meanwhile as another send's: look in Documents before sending again.`,
          );
        return { kind: "sent", recorded, item: viewOfItem(this.itemOrThrow(item.itemId)) };
      }
      case "absent":
        await this.discard(item);
        throw new HandlerError(
          "not_sent",
          `${lost} Signdesk checked with the service for ${checkedFor} and no such document appeared: nothing was sent. You can send again.`,
        );
      case "several":
        await this.discard(item);
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

  private claimAddresses(queue: AccountQueue, item: JournalledItem, change: 1 | -1): void {
    if (!documentKinds.has(item.kind)) return;
    const key = addressKey(item.recipients);
    const claim = queue.addressClaims.get(key) ?? { active: 0, lastAt: 0 };
    queue.addressClaims.set(key, { active: claim.active + change, lastAt: Date.now() });
  }

  private async findLost(
    queue: AccountQueue,
    account: Account,
    items: readonly JournalledItem[],
    onChecking?: (done: number, total: number) => void,
  ): Promise<LostSendFinding | undefined> {
    const findings = await this.findLostMany(queue, account, items, { background: false, onChecking });
    const [first] = items;
    return first === undefined ? undefined : findings.get(first.itemId);
  }

  private async findLostMany(
    queue: AccountQueue,
    account: Account,
    items: readonly JournalledItem[],
    how: { background: boolean; onChecking?: ((done: number, total: number) => void) | undefined },
  ): Promise<Map<string, LostSendFinding>> {
    const { onChecking } = how;
    const started = Date.now();
    // In the background only: a document to people a waiting person's send went to since this check began may be
    // that send's (its answer may not be recorded yet).
    const contested = how.background
      ? (document: DocumentSummary) => {
          const claim = queue.addressClaims.get(addressKey(document.recipients));
          return claim !== undefined && (claim.active > 0 || claim.lastAt >= started);
        }
      : undefined;
    // Items listed against the same listing are found together; an item sent without one is compared with none.
    const bySnapshot = new Map<number | null, JournalledItem[]>();
    for (const item of items) bySnapshot.set(item.snapshotId, [...(bySnapshot.get(item.snapshotId) ?? []), item]);
    const findings = new Map<string, LostSendFinding>();
    for (const [snapshotId, group] of bySnapshot) {
      const before = snapshotId === null ? new Set<string>() : this.journal.snapshot(snapshotId);
      const found = await findLostSends(
        this.deps,
        account,
        group.map((item) => ({
          key: item.itemId,
          recipients: item.recipients,
          templateId: item.request.kind === "sendFromTemplate" ? item.request.request.templateId : null,
          serviceName: serviceNameOf(item.request),
        })),
        before,
        {
          stopped: () => this.closed,
          ...(onChecking === undefined ? {} : { onLook: onChecking }),
          ...(contested === undefined ? {} : { contested }),
        },
      );
      for (const [key, finding] of found) findings.set(key, finding);
    }
    return findings;
  }

  /** Records the document found for an item in doubt; null when it was recorded meanwhile as another send's. */
  private markFound(account: Account, item: JournalledItem, document: DocumentSummary): Recorded | null {
    const at = this.at();
    // A new template's ID is known only when the listing names it.
    const templateId =
      item.request.kind === "sendFromTemplate" ? item.request.request.templateId : templateIdNamedBy(document);
    const result = { pdfId: document.id, ...(templateId === null ? {} : { templateId }) };
    const status = document.status ?? statusNotReported;
    const recorded = this.deps.records.documents.transaction(() => {
      // Recorded meanwhile (another send's answer named it): it is not this item's.
      if (this.deps.records.documents.get(account.id, document.id) !== undefined) return null;
      if (!this.journal.move(item.itemId, ["unknown", "sending"], "sent", { at, result })) return null;
      return recordDelivery(this.deps, account, item, result, at, status);
    });
    if (recorded !== null) this.afterSent(item, recorded);
    return recorded;
  }

  /**
   * Lists the service's documents once per drain before the first send that makes one, so that a document whose
   * answer is lost can be told from older ones; answers the error when the service cannot be reached (else null).
   */
  private async ensureSnapshot(
    queue: AccountQueue,
    account: Account,
    item: JournalledItem,
  ): Promise<ServiceError | null> {
    if (!documentKinds.has(item.kind) || queue.snapshotId !== null) return null;
    const ids: string[] = [];
    try {
      await this.deps.clientFor(account).getAllDocumentsInBatches(
        (documents) => {
          for (const document of documents) ids.push(document.id);
        },
        { signal: AbortSignal.timeout(this.deps.sendCheck.listTimeoutMs) },
      );
    } catch (error) {
      if (error instanceof ServiceError && (error.category === "network" || error.category === "timeout")) return error;
      // Listed in part or not at all for another reason: sends go on, compared with what the records know.
      return null;
    }
    if (this.closed) return null;
    queue.snapshotId = this.journal.saveSnapshot(account.id, ids, this.at());
    this.step("listed", item);
    return null;
  }

  /** Sends one item, journalled before its request leaves and as soon as its answer is read. */
  private async deliver(
    queue: AccountQueue,
    account: Account,
    item: JournalledItem,
    hooks: DeliverHooks,
  ): Promise<Delivered> {
    const moved = this.journal.move(item.itemId, ["queued"], "sending", {
      at: this.at(),
      attempt: true,
      ...(documentKinds.has(item.kind) ? { snapshotId: queue.snapshotId } : {}),
    });
    if (!moved) throw new HandlerError("invalid_state", "This item is not queued any more.");
    const sending = this.itemOrThrow(item.itemId);
    this.step("sending", sending);
    this.changed(item.accountId);
    const delivery = await deliverItem(
      { clientFor: this.deps.clientFor, webhookSecret: (id) => this.deps.secrets.get(secretKey(id)) },
      account,
      sending,
      hooks,
    );
    // Closed meanwhile (the app quit): the journal says `sending`, and the next start checks it.
    if (this.closed) return { kind: "unknown", error: new UserError("closed", "Signdesk stopped.") };
    this.step("answered", sending);
    const at = this.at();
    switch (delivery.kind) {
      case "sent": {
        const recorded = this.deps.records.documents.transaction(() => {
          this.journal.move(item.itemId, ["sending"], "sent", { at, result: delivery.result });
          return recordDelivery(this.deps, account, sending, delivery.result, at);
        });
        this.afterSent(sending, recorded);
        return { kind: "sent", recorded };
      }
      case "unreachable":
        this.journal.move(item.itemId, ["sending"], "queued", {
          at,
          message: `Waiting for ${account.name}: ${delivery.error.message}`,
        });
        break;
      case "again":
        this.journal.move(item.itemId, ["sending"], "queued", { at, message: delivery.error.message });
        break;
      case "paused":
        this.journal.move(item.itemId, ["sending"], "queued", { at, message: delivery.error.message });
        break;
      case "failed":
        this.journal.move(item.itemId, ["sending"], "failed", { at, message: delivery.error.message });
        break;
      case "unknown":
        if (webhookKinds.has(item.kind))
          this.journal.move(item.itemId, ["sending"], "queued", {
            at,
            message: `${delivery.error.message} It is sent again: the service keeps one registration per address.`,
          });
        else
          this.journal.move(item.itemId, ["sending"], "unknown", {
            at,
            message: documentKinds.has(item.kind)
              ? `${delivery.error.message.replace(/\s*The outcome is unknown[:,].*$/s, "")} Signdesk checks with the service whether it was sent before anything is sent again.`
              : inDoubtMessage(item),
          });
        break;
    }
    this.changed(item.accountId);
    return delivery;
  }

  private afterSent(item: JournalledItem, recorded: Recorded): void {
    this.step("recorded", item);
    if (recorded.document !== null) void this.deps.tracker.refreshNow([recorded.document.pdfId]);
    this.forgetInBackground(this.forgetFiles(item));
    this.changed(item.accountId);
  }

  /** Removals that need not hold anything up, but that quitting waits for. */
  private forgetInBackground(removal: Promise<void>): void {
    const tracked = removal.finally(() => this.forgetting.delete(tracked));
    this.forgetting.add(tracked);
  }

  /** The item's PDF copy and webhook secret, once nothing can need them again. */
  private async forgetFiles(item: JournalledItem): Promise<void> {
    if (item.filePath !== null) await rm(item.filePath, { force: true }).catch(() => {});
    if (item.kind === "registerWebhook" && item.request.kind === "registerWebhook" && item.request.request.hasSecret)
      await this.deps.secrets.delete(secretKey(item.itemId)).catch(() => {});
  }

  /** An item the person was told was refused leaves the outbox: it is as if it was never queued. */
  private async discard(item: JournalledItem): Promise<void> {
    this.journal.remove(item.itemId);
    await this.forgetFiles(item);
    this.changed(item.accountId);
  }

  /** Delivers what waits for an account, in the background (at once, unless it runs already or is paused). */
  kick(accountId: string): void {
    const queue = this.queue(accountId);
    if (this.stopping || queue.draining || queue.paused !== null) return;
    if (queue.retryTimer !== null) {
      clearTimeout(queue.retryTimer);
      queue.retryTimer = null;
    }
    queue.draining = true;
    queue.stop = false;
    void this.drain(accountId, queue)
      .catch((error: unknown) => {
        queue.paused = `Sending stopped: ${error instanceof Error ? error.message : String(error)}`;
      })
      .finally(() => {
        queue.draining = false;
        this.finishDrain(accountId, queue);
      });
  }

  /** Asks again later (growing waits) while items wait for a service that does not answer. */
  private scheduleRetry(accountId: string): void {
    const queue = this.queue(accountId);
    if (this.stopping || queue.retryTimer !== null || queue.paused !== null) return;
    const wait = Math.max(queue.retryDelayMs, queue.holdUntil - Date.now());
    queue.retryDelayMs = Math.min(queue.retryDelayMs * 2, this.maxRetryDelayMs);
    queue.retryTimer = setTimeout(() => {
      queue.retryTimer = null;
      this.kick(accountId);
    }, wait);
    queue.retryTimer.unref?.();
  }

  private finishDrain(accountId: string, queue: AccountQueue): void {
    if (queue.delivered.length > 0) {
      const delivered = queue.delivered;
      queue.delivered = [];
      const name = this.accountName(accountId);
      this.deps.notify({
        title:
          delivered.length === 1 ? `Sent from the Outbox to ${name}` : `${delivered.length} items sent from the Outbox`,
        body: delivered
          .slice(0, 3)
          .map((item) => item.title)
          .concat(delivered.length > 3 ? [`and ${delivered.length - 3} more`] : [])
          .join(", "),
        screen: "outbox",
      });
    }
    this.changed(accountId);
    if (this.closed || queue.paused !== null) return;
    const left = this.journal.count(accountId, ["queued"]);
    const inDoubt = this.journal.inStates(accountId, ["unknown"]).filter((item) => documentKinds.has(item.kind)).length;
    if (left + inDoubt > 0) this.scheduleRetry(accountId);
  }

  private async drain(accountId: string, queue: AccountQueue): Promise<void> {
    queue.snapshotId = null;
    const account = () => this.deps.accounts.get(accountId);
    for (;;) {
      if (this.stopping || queue.stop || queue.paused !== null) break;
      if (queue.holdUntil > Date.now()) break;
      const inDoubt = this.journal
        .inStates(accountId, ["unknown"])
        .filter((item) => documentKinds.has(item.kind) && !queue.claimed.has(item.itemId));
      if (inDoubt.length > 0 && queue.inFlight.size === 0) {
        const settled = await this.settleInDoubt(queue, account(), inDoubt);
        if (!settled) break;
        continue;
      }
      const next = this.journal
        .inStates(accountId, ["queued"], this.maxInFlight * 2 + queue.claimed.size)
        .find((item) => !queue.claimed.has(item.itemId) && !queue.inFlight.has(item.itemId));
      if (next === undefined || queue.inFlight.size >= this.maxInFlight || this.conflicts(queue, next)) {
        if (queue.inFlight.size === 0) break;
        await Promise.race(queue.inFlight.values());
        continue;
      }
      const unreachable = await this.ensureSnapshot(queue, account(), next);
      if (unreachable !== null) {
        this.waitFor(queue, next, unreachable);
        break;
      }
      // The app quits, or another item stopped the drain, while the service was listed: nothing more leaves.
      if (this.stopping || queue.stop) break;
      // Cancelled by the person while the service was listed.
      if (this.journal.get(next.itemId)?.state !== "queued") continue;
      const flight = this.deliverInBackground(queue, account(), next).finally(() => queue.inFlight.delete(next.itemId));
      queue.inFlight.set(next.itemId, flight);
    }
    await Promise.all(queue.inFlight.values());
  }

  private conflicts(queue: AccountQueue, item: JournalledItem): boolean {
    const key = conflictKey(item.request);
    if (key === null) return false;
    for (const itemId of queue.inFlight.keys()) {
      const other = this.journal.get(itemId);
      if (other !== undefined && conflictKey(other.request) === key) return true;
    }
    return false;
  }

  private waitFor(queue: AccountQueue, item: JournalledItem, error: ServiceError): void {
    queue.stop = true;
    this.journal.move(item.itemId, ["queued"], "queued", {
      at: this.at(),
      message: `Waiting for ${this.accountName(item.accountId)}: ${error.message}`,
    });
  }

  private async deliverInBackground(queue: AccountQueue, account: Account, item: JournalledItem): Promise<void> {
    const delivery = await this.deliver(queue, account, item, {});
    switch (delivery.kind) {
      case "sent":
        queue.delivered.push(viewOfItem(item));
        queue.retryDelayMs = this.retryDelayMs;
        break;
      case "unreachable":
        queue.stop = true;
        break;
      case "again":
        queue.stop = true;
        queue.holdUntil = Math.max(queue.holdUntil, Date.now() + delivery.holdMs);
        break;
      case "paused":
        queue.paused = `${delivery.error.message} Sending to ${account.name} is paused until the key or address is fixed on the Accounts screen.`;
        break;
      case "unknown":
        // A webhook call whose answer was lost is queued again: it goes after the retry's wait, not at once (a
        // service that keeps failing it would be asked again and again without pause).
        if (webhookKinds.has(item.kind)) queue.stop = true;
        break;
      default:
        break;
    }
  }

  /** Checks the items in doubt with the service's listing; false when the drain must stop (the listing failed). */
  private async settleInDoubt(queue: AccountQueue, account: Account, items: JournalledItem[]): Promise<boolean> {
    const findings = await this.findLostMany(queue, account, items, { background: true });
    const at = this.at();
    for (const item of items) {
      const finding = findings.get(item.itemId);
      if (finding === undefined) continue;
      if (finding.kind === "found") {
        if (this.markFound(account, item, finding.document) !== null) queue.delivered.push(viewOfItem(item));
        else
          this.journal.move(item.itemId, ["unknown"], "failed", {
            at,
            message:
              'Its answer was lost, and the document that matches it was recorded as another send\'s: it was probably sent. Look in Documents; "Send again" sends it once more.',
          });
      } else if (finding.kind === "absent")
        this.journal.move(item.itemId, ["unknown"], "queued", {
          at,
          message: "Its answer was lost and the service made no such document: it is sent again.",
        });
      else
        this.journal.move(item.itemId, ["unknown"], "failed", {
          at,
          message: `Its answer was lost, and ${finding.count} new documents to these recipients appeared on the service: it was probably sent. Use "Import from service" on the Documents screen to see them; "Send again" sends it once more.`,
        });
    }
    this.changed(account.id);
    if (findings.size < items.length) {
      queue.stop = true;
      return false;
    }
    return true;
  }

  /** Takes an item out of the outbox before it is sent. */
  async cancel(itemId: string): Promise<OutboxItem> {
    const item = this.itemOrThrow(itemId);
    const queue = this.queue(item.accountId);
    const refusal =
      item.state === "sent"
        ? "This item was sent already."
        : item.state === "cancelled"
          ? "This item was cancelled already."
          : item.state === "unknown"
            ? "Signdesk is checking with the service whether this was sent: it cannot be cancelled meanwhile."
            : "This item is being sent now: it cannot be called back.";
    if (
      queue.claimed.has(itemId) ||
      !canCancel(item) ||
      !this.journal.move(itemId, [item.state], "cancelled", {
        at: this.at(),
        message:
          item.state === "unknown"
            ? "Cancelled while it was in doubt: it may have been created on the service."
            : "Cancelled before it was sent.",
      })
    )
      throw new HandlerError("invalid_state", refusal);
    await this.forgetFiles(item);
    this.changed(item.accountId);
    return viewOfItem(this.itemOrThrow(itemId));
  }

  /** Sends again now: a failed item, a template in doubt (the person's choice), or everything of a paused account. */
  retry(itemId: string): OutboxItem {
    const item = this.itemOrThrow(itemId);
    const queue = this.queue(item.accountId);
    const at = this.at();
    if (item.state === "failed" || (item.state === "unknown" && !documentKinds.has(item.kind)))
      this.journal.move(itemId, [item.state], "queued", { at, message: null });
    else if (item.state === "sent" || item.state === "cancelled")
      throw new HandlerError("invalid_state", `This item was ${item.state} already.`);
    queue.paused = null;
    queue.holdUntil = 0;
    queue.retryDelayMs = this.retryDelayMs;
    this.changed(item.accountId);
    this.kick(item.accountId);
    return viewOfItem(this.itemOrThrow(itemId));
  }

  /** Changes a failed send's recipients and queues it again. */
  editRecipients(itemId: string, recipients: { name: string; email: string }[]): OutboxItem {
    const item = this.itemOrThrow(itemId);
    const { request } = item;
    if (request.kind !== "createAndSend" && request.kind !== "sendFromTemplate")
      throw new HandlerError("invalid_state", "Only a send has recipients to change.");
    if (item.state !== "failed") throw new HandlerError("invalid_state", "Only a send that failed can be changed.");
    if (recipients.length !== request.request.recipients.length)
      throw new HandlerError(
        "invalid_argument",
        `This send has ${request.request.recipients.length} recipient${request.request.recipients.length === 1 ? "" : "s"}; enter exactly as many.`,
      );
    const changed = { kind: request.kind, request: { ...request.request, recipients } } as KindAndRequest;
    if (!this.journal.requeueWith(itemId, changed, this.at()))
      throw new HandlerError("invalid_state", "This item changed meanwhile.");
    this.changed(item.accountId);
    this.kick(item.accountId);
    return viewOfItem(this.itemOrThrow(itemId));
  }

  /** The account's key or address changed: its paused queue goes on. */
  resumeAccount(accountId: string): void {
    const queue = this.queue(accountId);
    queue.paused = null;
    queue.retryDelayMs = this.retryDelayMs;
    this.kick(accountId);
  }

  /** Any call reached the service again: what waits for it goes now. */
  reachable(accountId: string): void {
    const queue = this.queue(accountId);
    queue.retryDelayMs = this.retryDelayMs;
    if (this.journal.count(accountId, ["queued", "unknown"]) > 0) this.kick(accountId);
  }

  summary(accountId: string | null): OutboxSummary {
    if (accountId === null)
      return { accountId: null, accountName: null, waiting: 0, failed: 0, paused: null, unreachable: null };
    const connection = this.deps.connection.state(accountId);
    return {
      accountId,
      accountName: this.accountName(accountId),
      waiting: this.journal.count(accountId, outboxWaitingStates),
      failed: this.journal.count(accountId, ["failed"]),
      paused: this.queues.get(accountId)?.paused ?? null,
      unreachable: connection.reachable ? null : connection.reason,
    };
  }

  list(accountId: string): OutboxList {
    return {
      summary: this.summary(accountId),
      waiting: this.journal.inStates(accountId, outboxWaitingStates).map(viewOfItem),
      done: this.journal.done(accountId, outboxSentShown).map(viewOfItem),
    };
  }

  /** Items not sent yet, in every account (what quitting leaves for the next start). */
  waitingCount(): number {
    return this.journal.count(null, ["queued", "sending", "unknown"]);
  }

  private changed(accountId: string): void {
    if (this.closed) return;
    const active = this.deps.accounts.active();
    if (active?.id !== accountId) return;
    this.deps.emit("outbox:changed", this.summary(accountId));
  }

  /**
   * Stops taking items; waits a little for the requests out (their items stay `sending`, checked at the next start)
   * and for the copies and secrets of the items sent to be removed.
   */
  async settle(waitMs = 10_000): Promise<void> {
    this.stopping = true;
    const flights = [...this.queues.values()].flatMap((queue) => [...queue.inFlight.values()]);
    for (const queue of this.queues.values()) {
      queue.stop = true;
      if (queue.retryTimer !== null) clearTimeout(queue.retryTimer);
      queue.retryTimer = null;
    }
    let timer: NodeJS.Timeout | null = null;
    await Promise.race([
      // The requests out, then what the items they delivered leave to remove.
      Promise.all(flights).then(() => Promise.all(this.forgetting)),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, waitMs);
      }),
    ]);
    if (timer !== null) clearTimeout(timer);
    this.closed = true;
  }
}

/** The name the service gives the document an item makes: its template's. */
function serviceNameOf(request: KindAndRequest): string | undefined {
  if (request.kind === "sendFromTemplate") return request.request.serviceName;
  if (request.kind === "createAndSend") return request.request.templateName;
  return undefined;
}

function inDoubtMessage(item: JournalledItem): string {
  if (documentKinds.has(item.kind))
    return "Signdesk stopped while this was being sent: it checks with the service whether it was sent before anything is sent again.";
  return 'Signdesk stopped while this template was being uploaded, and the service offers no list of templates to check whether it was created. "Send again" uploads it again (the service may then keep two copies); "Cancel" drops it.';
}
