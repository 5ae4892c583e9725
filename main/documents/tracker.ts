import { type Clock, systemClock } from "../../common/clock";
import { defineMessages } from "../../common/i18n/define-messages";
import { type PhraseOrText, phrase } from "../../common/i18n/phrase";
import { AccountGates } from "../jobs/account-gates";
import { runInFlight } from "../jobs/run-in-flight";
import type { DocumentRecords } from "../records/document-records";
import type { CheckSchedule, TrackedDocument } from "../records/document-rows";
import { ServiceError } from "../service/service-error";
import { statusWrite } from "./status-write";
import type { Failing, PendingWrite, RefreshSummary, TrackerOptions } from "./tracker-types";

export type { DetailsAnswer, RefreshSummary, StatusChange, TrackerOptions } from "./tracker-types";

/** `stopped`: the tracker stopped before the answer came; nothing was learnt or stored, and it stays due. */
type PollOutcome = { kind: "checked" } | { kind: "stopped" } | { kind: "failed" | "unreachable"; error: unknown };

const messages = defineMessages({
  waitUntil: {
    id: "main.documents.waitUntil",
    defaultMessage: "The service asked Signdesk to wait until {at, time, medium}.",
    description: "Why some documents were not checked: the service limits requests until {at} (a time of day).",
  },
});

/** A failure's words: a phrase for Signdesk's own errors, else the error's text as it is. */
const describeError = (error: unknown): PhraseOrText =>
  error instanceof ServiceError ? error.words : error instanceof Error ? error.message : String(error);
const isProtocolError = (error: unknown) => error instanceof ServiceError && error.category === "protocol";
const isRateLimited = (error: unknown): error is ServiceError =>
  error instanceof ServiceError && error.category === "rate_limited";

/**
 * Polls getDocumentDetails for unfinished documents: at most `maxInFlight` requests at once; a
 * document that did not change is polled less and less often (15 s doubling up to 10 min); a change
 * resets it. Finished documents are never polled again; any other status, known or not, keeps being
 * polled. While the service is unreachable, polling pauses and one probe retries with back-off;
 * `refreshNow` (window focus, the user) polls at once. A document whose answers keep failing (3 in a row,
 * or one that cannot be read) gets a `statusProblem` saying since when and why, until an answer is read.
 * While watched (Documents on screen, window focused), documents sent in the last 24 h are checked at least every
 * `watchedIntervalMs` despite their back-off. A rate limit (429) holds the account's polls (its gate, shared with the
 * outbox and bulk send) for as long as the service asks.
 *
 * Each document's schedule (next check, back-off, last check) is kept in the records database: a pass reads only the
 * documents that are due, from an index, and writes what it learnt in one transaction before telling anyone.
 */
export class DocumentTracker {
  private readonly failing = new Map<string, Failing>();
  private readonly inFlight = new Set<string>();
  private readonly maxInFlight: number;
  private readonly minIntervalMs: number;
  private readonly maxIntervalMs: number;
  private readonly watchedIntervalMs: number;
  private readonly recentMs: number;
  private readonly watchTtlMs: number;
  private readonly passLimit: number;
  private readonly backlogPauseMs: number;
  /** The last pass found as many due as it may ask: more wait, and the next pass waits `backlogPauseMs` first. */
  private backlog = false;
  private readonly clock: Clock;
  private readonly documents: DocumentRecords;
  private readonly pollListeners = new Set<(key: string, outcome: PollOutcome) => void>();
  private watchedUntil = 0;
  private readonly gates: AccountGates;
  /** The last pass found only documents whose accounts' gates are held: the soonest end of those holds, else 0. */
  private holdEndsInMs = 0;
  /** Cancels the armed wait for the next pass; null when none is armed. */
  private timer: (() => void) | null = null;
  private timerAt = 0;
  private running = false;
  /** Stopped (the app quits): no pass starts, one under way asks no more documents, and requests out are aborted. */
  private stopped = false;
  /** Aborts each request out now. */
  private readonly abortable = new Set<AbortController>();
  private unreachableSince: number | null = null;
  private probeDelayMs: number;
  private passPromise: Promise<number> | null = null;

  constructor(private readonly options: TrackerOptions) {
    this.documents = options.documents;
    this.maxInFlight = options.maxInFlight ?? 4;
    this.minIntervalMs = options.minIntervalMs ?? 15_000;
    this.maxIntervalMs = options.maxIntervalMs ?? 600_000;
    this.watchedIntervalMs = options.watchedIntervalMs ?? 10_000;
    this.recentMs = options.recentMs ?? 24 * 3_600_000;
    this.watchTtlMs = options.watchTtlMs ?? 120_000;
    this.passLimit = options.passLimit ?? 100;
    this.backlogPauseMs = options.backlogPauseMs ?? 1_000;
    this.clock = options.clock ?? systemClock;
    this.probeDelayMs = this.minIntervalMs;
    this.gates = options.gates ?? new AccountGates(this.clock);
    this.gates.onAnswered(() => this.resume());
  }

  get reachable(): boolean {
    return this.unreachableSince === null;
  }

  start(): void {
    this.running = true;
    this.stopped = false;
    this.schedule(this.options.firstPassDelayMs ?? 0);
  }

  /**
   * No more passes, and a pass or "Refresh now" under way asks no more documents: those not asked yet stay due, and
   * the requests out are aborted. With 100,000 documents a refresh may have thousands to go; quitting waits for none.
   */
  stop(): void {
    this.running = false;
    this.stopped = true;
    this.timer?.();
    this.timer = null;
    for (const controller of this.abortable) controller.abort(new Error("The status tracker stopped."));
  }

  /**
   * Stops, and resolves once a pass under way has stored what it learnt of the answers it had (before the database
   * closes). What was not asked, or not answered, stays due: the next start asks it.
   */
  async settle(): Promise<void> {
    this.stop();
    while (this.passPromise !== null) await this.passPromise.catch(() => 0);
  }

  get watched(): boolean {
    return this.watchedUntil > this.clock.now();
  }

  /**
   * Documents (or a document's details) is on screen in a focused window, or no longer. A watch lapses after
   * `watchTtlMs` unless renewed, so a renderer that went away cannot keep fast polling on. A new watch checks the
   * recent unfinished documents at once; older ones keep their back-off (with 100,000 documents, a glance at the
   * window must not ask about each of them).
   */
  watch(watching: boolean): void {
    const was = this.watched;
    this.watchedUntil = watching ? this.clock.now() + this.watchTtlMs : 0;
    if (watching && !was && this.refreshRecent()) return;
    if (this.running && this.passPromise === null) this.schedule(this.nextDelay());
  }

  /**
   * Asks the unfinished documents sent in the last `recentMs` at once (the window came back); older ones keep their
   * back-off. Answers whether there were any.
   */
  refreshRecent(): boolean {
    const recent = this.documents.unfinishedIds(undefined, this.clock.now() - this.recentMs);
    if (recent.length > 0) void this.refreshNow(recent.map((entry) => entry.pdfId));
    return recent.length > 0;
  }

  /** Documents were added (due at once): the next pass is planned again rather than waiting out the current timer. */
  wake(): void {
    if (this.running && this.passPromise === null) this.schedule(this.nextDelay());
  }

  /** Another call reached the service: polling paused for an unreachable service resumes at once. */
  resume(): void {
    this.markReachable();
  }

  /** When a document is checked next (ms since the epoch), or null when it is finished or unknown. */
  nextCheckAt(accountId: string, pdfId: string): number | null {
    const tracked = this.documents.tracked(accountId, pdfId);
    if (tracked === undefined) return null;
    const now = this.clock.now();
    // While unreachable, the probe's timer decides.
    if (this.unreachableSince !== null) return Math.max(this.timerAt, now);
    return Math.max(this.dueAt(tracked), this.gates.heldUntil(accountId) ?? 0, now);
  }

  /**
   * Makes every unfinished document (or just these) due now, and polls them; `onProgress` hears how many of
   * them were asked so far. Resolves once each was asked, or the service cannot be reached or asks to wait.
   */
  async refreshNow(
    pdfIds?: readonly string[],
    onProgress?: (done: number, total: number) => void,
  ): Promise<RefreshSummary> {
    const wanted = pdfIds === undefined ? null : new Set(pdfIds);
    const targets = this.documents.unfinishedIds().filter((entry) => wanted === null || wanted.has(entry.pdfId));
    const waiting = new Set(targets.map((entry) => this.key(entry)));
    const accounts = new Set(targets.map((entry) => entry.accountId));
    const allHeld = () => [...accounts].every((accountId) => this.gates.heldFor(accountId) > 0);
    const summary: RefreshSummary = { total: waiting.size, checked: 0, failed: 0, unreachable: false, reason: null };
    if (targets.length > 0) this.documents.makeDue(pdfIds === undefined ? {} : { pdfIds: [...(wanted ?? [])] });
    const listener = (key: string, outcome: PollOutcome) => {
      if (!waiting.has(key) || outcome.kind === "stopped") return;
      if (outcome.kind === "unreachable") {
        summary.unreachable = true;
        summary.reason = describeError(outcome.error);
        return;
      }
      waiting.delete(key);
      if (outcome.kind === "checked") summary.checked += 1;
      else summary.failed += 1;
      onProgress?.(summary.checked + summary.failed, summary.total);
    };
    this.pollListeners.add(listener);
    try {
      onProgress?.(0, summary.total);
      // A pass under way may have started before these became due, a pass checks at most `passLimit`, and one that
      // finds the service unreachable probes with one document: passes until each was asked, the service is out of
      // reach, or passes stop making progress.
      let idle = 0;
      while (waiting.size > 0 && !summary.unreachable && idle < 3 && !this.stopped) {
        while (this.passPromise !== null) await this.passPromise;
        if (this.stopped || allHeld()) break;
        const before = waiting.size;
        await this.pass();
        idle = waiting.size < before ? 0 : idle + 1;
      }
    } finally {
      this.pollListeners.delete(listener);
    }
    const holdEnds = Math.max(0, ...[...accounts].map((accountId) => this.gates.heldUntil(accountId) ?? 0));
    if (waiting.size > 0 && summary.reason === null && holdEnds > this.clock.now())
      summary.reason = phrase(messages.waitUntil, { at: holdEnds });
    return summary;
  }

  /** One pass over the due documents (at most `passLimit`); resolves with how many were asked once all answered. */
  pass(): Promise<number> {
    if (this.stopped) return this.passPromise ?? Promise.resolve(0);
    this.passPromise ??= this.runPass().finally(() => {
      this.passPromise = null;
      if (this.running) this.schedule(Math.max(this.nextDelay(), this.backlog ? this.backlogPauseMs : 0));
    });
    return this.passPromise;
  }

  private key(entry: { accountId: string; pdfId: string }): string {
    return `${entry.accountId}/${entry.pdfId}`;
  }

  private watchedRecent(): { recentSince: number; intervalMs: number } | null {
    return this.watched ? { recentSince: this.clock.now() - this.recentMs, intervalMs: this.watchedIntervalMs } : null;
  }

  /** When a document is due: its back-off, shortened while watched for a recent one. */
  private dueAt(tracked: TrackedDocument): number {
    const now = this.clock.now();
    const recent = tracked.sentMs > now - this.recentMs;
    if (!this.watched || !recent) return tracked.schedule.nextCheckAt;
    return Math.min(tracked.schedule.nextCheckAt, tracked.schedule.polledAt + this.watchedIntervalMs);
  }

  private async runPass(): Promise<number> {
    const now = this.clock.now();
    const dueNow = this.documents
      .due(now, this.passLimit, this.watchedRecent())
      .filter((tracked) => !this.inFlight.has(this.key(tracked)));
    // Documents of an account whose service asked to wait stay due until its hold ends.
    const heldFor = dueNow.map((tracked) => this.gates.heldFor(tracked.accountId)).filter((ms) => ms > 0);
    let due = dueNow.filter((tracked) => this.gates.heldFor(tracked.accountId) === 0);
    // Only held documents are due: the next pass waits for the first hold to end rather than finding them again.
    this.holdEndsInMs = due.length === 0 && heldFor.length > 0 ? Math.min(...heldFor) : 0;
    // While unreachable, a single document probes the way back.
    if (this.unreachableSince !== null) due = due.slice(0, 1);
    this.backlog = due.length >= this.passLimit;
    const writes: PendingWrite[] = [];
    const outcomes: [string, PollOutcome][] = [];
    let next = 0;
    await runInFlight<TrackedDocument>({
      maxInFlight: this.maxInFlight,
      next: async () => {
        // Found unreachable meanwhile, the probe's timer decides when to ask again; a probe's pass asks its one.
        while (!this.stopped && (this.unreachableSince === null || next === 0)) {
          const tracked = due[next];
          next += 1;
          if (tracked === undefined) return "done";
          // Its service asked to wait meanwhile: it stays due.
          if (this.gates.heldFor(tracked.accountId) === 0) return { job: tracked };
        }
        return "done";
      },
      run: async (tracked) => {
        outcomes.push([this.key(tracked), await this.poll(tracked, writes)]);
      },
    });
    this.commit(writes);
    for (const [key, outcome] of outcomes) for (const listener of this.pollListeners) listener(key, outcome);
    return outcomes.length;
  }

  /** Stores a pass's writes in one transaction, then tells the changes (a change told is a change kept). */
  private commit(writes: readonly PendingWrite[]): void {
    if (writes.length === 0) return;
    this.documents.transaction(() => {
      for (const write of writes) this.documents.patch(write.accountId, write.pdfId, write.patch);
    });
    for (const write of writes) if (write.change !== null) this.options.onChange(write.change);
  }

  private async poll(tracked: TrackedDocument, writes: PendingWrite[]): Promise<PollOutcome> {
    const key = this.key(tracked);
    const interval = Math.max(tracked.schedule.intervalMs, this.minIntervalMs);
    const controller = new AbortController();
    this.inFlight.add(key);
    this.abortable.add(controller);
    try {
      const answer = await this.options.fetchDetails(tracked.accountId, tracked.pdfId, controller.signal);
      this.markReachable();
      this.failing.delete(key);
      const write = statusWrite(this.documents.brief(tracked.accountId, tracked.pdfId), tracked, answer, {
        intervalMs: interval,
        now: this.clock.now(),
        minIntervalMs: this.minIntervalMs,
        maxIntervalMs: this.maxIntervalMs,
      });
      if (write !== null) writes.push(write);
      return { kind: "checked" };
    } catch (error) {
      if (controller.signal.aborted) return { kind: "stopped" };
      const schedule = (intervalMs: number): CheckSchedule => ({
        nextCheckAt: this.clock.now() + intervalMs,
        intervalMs,
        polledAt: this.clock.now(),
      });
      if (this.options.isUnreachable(error)) {
        this.markUnreachable();
        return { kind: "unreachable", error };
      }
      const backOff = Math.min(interval * 2, this.maxIntervalMs);
      const problem = this.failure(tracked, error);
      writes.push({
        accountId: tracked.accountId,
        pdfId: tracked.pdfId,
        patch: { schedule: schedule(backOff), ...(problem === null ? {} : { statusProblem: problem }) },
        change: null,
      });
      if (isRateLimited(error))
        this.gates.hold(tracked.accountId, Math.max((error.retryAfterSeconds ?? 0) * 1000, this.minIntervalMs));
      return { kind: "failed", error };
    } finally {
      this.inFlight.delete(key);
      this.abortable.delete(controller);
    }
  }

  /** A failed poll: after enough in a row, or one whose answer cannot be read, the record says so (else null). */
  private failure(tracked: TrackedDocument, error: unknown): { since: string; reason: PhraseOrText } | null {
    const key = this.key(tracked);
    const failing = this.failing.get(key) ?? { failures: 0, since: this.clock.now() };
    failing.failures += 1;
    this.failing.set(key, failing);
    const unreadable = (this.options.isUnreadable ?? isProtocolError)(error);
    if (!unreadable && failing.failures < (this.options.failuresBeforeProblem ?? 3)) return null;
    const problem = { since: new Date(failing.since).toISOString(), reason: describeError(error) };
    const current = this.documents.brief(tracked.accountId, tracked.pdfId)?.statusProblem;
    if (current?.since === problem.since && sameWords(current.reason, problem.reason)) return null;
    return problem;
  }

  private markReachable(): void {
    if (this.unreachableSince === null) return;
    this.unreachableSince = null;
    this.probeDelayMs = this.minIntervalMs;
    // Back online: everything that came due meanwhile is polled at once.
    queueMicrotask(() => void this.pass());
  }

  private markUnreachable(): void {
    if (this.unreachableSince === null) this.unreachableSince = this.clock.now();
    else this.probeDelayMs = Math.min(this.probeDelayMs * 2, this.maxIntervalMs);
  }

  private nextDelay(): number {
    const now = this.clock.now();
    // While watched, the way back is probed as often as a recent document is checked.
    if (this.unreachableSince !== null)
      return this.watched ? Math.min(this.probeDelayMs, this.watchedIntervalMs) : this.probeDelayMs;
    const soonest = this.documents.nextDueAt(this.watchedRecent());
    const delay = soonest === null ? this.minIntervalMs : Math.max(0, soonest - now);
    return delay === 0 && this.holdEndsInMs > 0 ? this.holdEndsInMs : delay;
  }

  private schedule(wantedMs: number): void {
    // A system timer cannot wait longer than 2^31 - 1 ms (about 24 days): the next pass is then at most that far off.
    const delayMs = Math.min(wantedMs, 2 ** 31 - 1);
    this.timer?.();
    this.timerAt = this.clock.now() + delayMs;
    this.timer = this.clock.after(delayMs, () => {
      this.timer = null;
      void this.pass();
    });
  }
}

function sameWords(left: PhraseOrText, right: PhraseOrText): boolean {
  return typeof left === "string" || typeof right === "string"
    ? left === right
    : JSON.stringify(left) === JSON.stringify(right);
}
