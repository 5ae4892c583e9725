import type { Clock } from "../../common/clock";

/** Why a wait on the gate ended. */
export type GateOpened = "answered" | "elapsed";

interface Waiter {
  accountId: string;
  callback: (why: GateOpened) => void;
  /** Set once its back-off elapsed or the service answered: it goes as soon as no hold is left. */
  ready: GateOpened | null;
  cancelTimer: (() => void) | null;
}

interface Hold {
  until: number;
  cancel: () => void;
}

/**
 * When each account's service may be asked: one gate per account that the outbox, bulk send and the status tracker
 * all read and wait on. It closes for as long as the service asks (a 429's Retry-After), and it tells every waiter at
 * once when any call reaches the service again (fed by Connection), so that whichever part learns it first frees the
 * others.
 */
export class AccountGates {
  private readonly holds = new Map<string, Hold>();
  private readonly waiters = new Set<Waiter>();
  private readonly answerListeners = new Set<(accountId: string) => void>();

  constructor(private readonly clock: Clock) {}

  /** How long before the account's requests may leave again (what is left of a 429's hold); 0 when they may. */
  heldFor(accountId: string): number {
    const hold = this.holds.get(accountId);
    return hold === undefined ? 0 : Math.max(0, hold.until - this.clock.now());
  }

  /** When the account's hold ends (ms since the epoch), or null when none is set. */
  heldUntil(accountId: string): number | null {
    return this.holds.get(accountId)?.until ?? null;
  }

  /** The service asked to wait (429): nothing of the account's leaves for `ms`; a longer hold already set is kept. */
  hold(accountId: string, ms: number): void {
    const until = this.clock.now() + ms;
    const current = this.holds.get(accountId);
    if (current !== undefined && current.until >= until) return;
    current?.cancel();
    // The hold ends when this timer fires, whatever the clock's `now` says by then (a test's clock may stand still).
    const cancel = this.clock.after(ms, () => {
      this.holds.delete(accountId);
      this.release(accountId);
    });
    this.holds.set(accountId, { until, cancel });
  }

  /** Another call reached the account's service: every wait for it ends now (a 429's hold is kept). */
  answered(accountId: string): void {
    for (const waiter of [...this.waiters]) {
      if (waiter.accountId !== accountId) continue;
      waiter.ready = "answered";
      waiter.cancelTimer?.();
      waiter.cancelTimer = null;
    }
    this.release(accountId);
    for (const listener of [...this.answerListeners]) listener(accountId);
  }

  /** Calls `listener` each time a call reaches an account's service again; answers what stops it. */
  onAnswered(listener: (accountId: string) => void): () => void {
    this.answerListeners.add(listener);
    return () => this.answerListeners.delete(listener);
  }

  /**
   * Calls `callback` once the account may be asked again: `backOffMs` have passed (the caller's own back-off) or the
   * service answered another call, and in either case no hold is left. Answers what cancels the wait.
   */
  wait(accountId: string, backOffMs: number, callback: (why: GateOpened) => void): () => void {
    const waiter: Waiter = { accountId, callback, ready: null, cancelTimer: null };
    this.waiters.add(waiter);
    if (backOffMs <= 0) {
      waiter.ready = "elapsed";
      this.release(accountId);
    } else
      waiter.cancelTimer = this.clock.after(backOffMs, () => {
        waiter.cancelTimer = null;
        waiter.ready = "elapsed";
        this.release(accountId);
      });
    return () => {
      waiter.cancelTimer?.();
      this.waiters.delete(waiter);
    };
  }

  /** The same wait as a promise, which also ends (as "elapsed") when `stop` is called. */
  waitFor(accountId: string, backOffMs: number): { opened: Promise<GateOpened>; stop: () => void } {
    let stop = () => {};
    const opened = new Promise<GateOpened>((resolve) => {
      const cancel = this.wait(accountId, backOffMs, resolve);
      stop = () => {
        cancel();
        resolve("elapsed");
      };
    });
    return { opened, stop };
  }

  /** Everything waiting stops waiting, unanswered (the app quits). */
  close(): void {
    for (const waiter of this.waiters) waiter.cancelTimer?.();
    this.waiters.clear();
    for (const hold of this.holds.values()) hold.cancel();
    this.holds.clear();
  }

  /** Lets the account's ready waiters go, unless a hold is left (its end calls this again). */
  private release(accountId: string): void {
    if (this.holds.has(accountId)) return;
    for (const waiter of [...this.waiters]) {
      if (waiter.accountId !== accountId || waiter.ready === null) continue;
      this.waiters.delete(waiter);
      waiter.callback(waiter.ready);
    }
  }
}
