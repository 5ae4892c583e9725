import type { PhraseOrText } from "../../common/i18n/phrase";
import { phrase } from "../../common/i18n/phrase";
import { type OutboxItem, outboxMaxInFlight } from "../../common/outbox";
import type { SecretStore } from "../accounts/keychain";
import type { CoreParts } from "../core-parts";
import type { SendBaseline } from "../documents/send-baseline";
import { HandlerError } from "../handler-error";
import { type JournalledItem, viewOfItem } from "./outbox-journal";
import { outboxMessages } from "./outbox-messages";

export type OutboxDeps = Pick<
  CoreParts,
  "records" | "accounts" | "clientFor" | "emit" | "notify" | "clock" | "tracker" | "sendCheck" | "connection" | "gates"
> & {
  /** Where items keep their own copy of the PDF they upload. */
  folder: string;
  /** The OS keychain: a webhook's secret waits there, never in the database. */
  secrets: SecretStore;
  /** What a send whose answer is lost is compared with (shared with bulk send). */
  baseline: SendBaseline;
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

export interface AccountQueue {
  inFlight: Map<string, Promise<void>>;
  /** Items a waiting person's call is delivering: the background leaves them alone. */
  claimed: Set<string>;
  /**
   * The people those calls send to (addressKey), with how many such calls run and when the last one began or ended:
   * a document to them that appears meanwhile may be theirs, so the background never takes it for an item in doubt.
   */
  addressClaims: Map<string, { active: number; lastAt: number }>;
  /** Why the queue waits for the person (a refused key), else null. */
  paused: PhraseOrText | null;
  draining: boolean;
  /** Set while a drain must stop taking items (the service went away, asked to wait, or the key was refused). */
  stop: boolean;
  retryDelayMs: number;
  /** Cancels the armed wait before the next attempt; null when none is armed. */
  retryTimer: (() => void) | null;
  /** Items the background delivered in this drain: the desktop notification says what went out. */
  delivered: OutboxItem[];
}

/** What the outbox's parts share: its dependencies, settings, each account's queue, and whether the app quits. */
export class OutboxContext {
  readonly queues = new Map<string, AccountQueue>();
  readonly maxInFlight: number;
  readonly retryDelayMs: number;
  readonly maxRetryDelayMs: number;
  /** Set once the app quits: no item is taken any more. */
  stopping = false;
  /** Set once the records may be closed: answers still arriving are left to the next start. */
  closed = false;
  /** Copies and secrets no item needs, being removed: quitting waits for them. */
  readonly forgetting = new Set<Promise<void>>();

  constructor(
    readonly deps: OutboxDeps,
    private readonly options: OutboxOptions = {},
  ) {
    this.maxInFlight = options.maxInFlight ?? outboxMaxInFlight;
    this.retryDelayMs = options.retryDelayMs ?? 2_000;
    this.maxRetryDelayMs = options.maxRetryDelayMs ?? 30_000;
  }

  get journal() {
    return this.deps.records.outbox;
  }

  at(): string {
    return new Date(this.deps.clock.now()).toISOString();
  }

  queue(accountId: string): AccountQueue {
    let queue = this.queues.get(accountId);
    if (queue === undefined) {
      queue = {
        inFlight: new Map(),
        claimed: new Set(),
        addressClaims: new Map(),
        paused: null,
        draining: false,
        stop: false,
        retryDelayMs: this.retryDelayMs,
        retryTimer: null,
        delivered: [],
      };
      this.queues.set(accountId, queue);
    }
    return queue;
  }

  step(step: OutboxStep, item: JournalledItem): void {
    this.options.onStep?.(step, viewOfItem(item));
  }

  accountName(accountId: string): string {
    try {
      return this.deps.accounts.get(accountId).name;
    } catch {
      return "the service";
    }
  }

  itemOrThrow(itemId: string): JournalledItem {
    const item = this.journal.get(itemId);
    if (item === undefined) throw new HandlerError("not_found", phrase(outboxMessages.noSuchItem));
    return item;
  }
}
