import { isFinished } from "../../common/statuses";
import { unknownMembers } from "../../common/wire";
import { ServiceError } from "../service/service-error";
import type { DocumentRecord } from "../settings/settings-schema";
import type { DocumentIndex } from "./document-index";

/** A getDocumentDetails `document`: status and final URL when given; other members are kept for diagnosis. */
export interface DetailsAnswer {
  status?: string | null | undefined;
  finalUrl?: string | null | undefined;
  [member: string]: unknown;
}

export interface StatusChange {
  accountId: string;
  pdfId: string;
  name: string;
  from: string;
  to: string;
  /** The final PDF became available (finalUrl appeared). */
  finalPdfReady: boolean;
  finished: boolean;
  at: string;
}

export interface TrackerOptions {
  index: DocumentIndex;
  fetchDetails: (accountId: string, pdfId: string) => Promise<DetailsAnswer>;
  /** Whether an error means the service cannot be reached (then polling pauses). */
  isUnreachable: (error: unknown) => boolean;
  onChange: (change: StatusChange) => void;
  onReachability?: (reachable: boolean, error: unknown) => void;
  /** Failed polls in a row after which a document shows that its status cannot be read. 3. */
  failuresBeforeProblem?: number;
  /** Whether an error means the answer cannot be read at all (shown at once). `protocol` ServiceErrors. */
  isUnreadable?: (error: unknown) => boolean;
  maxInFlight?: number;
  minIntervalMs?: number;
  maxIntervalMs?: number;
  /** While watched, the longest wait between checks of a recent unfinished document (the issue asks ≤ 30 s). 10 s. */
  watchedIntervalMs?: number;
  /** How recently a document must have been sent to be checked that often. 24 h. */
  recentMs?: number;
  /** How long a watch lasts without being renewed. 2 min. */
  watchTtlMs?: number;
  now?: () => number;
}

/** What a "Refresh now" did: of `total` unfinished documents, how many were read, failed, or not asked. */
export interface RefreshSummary {
  total: number;
  checked: number;
  failed: number;
  /** The service could not be reached (the rest were not asked). */
  unreachable: boolean;
  /** Why some were not asked: the service's unreachability or its rate limit; null when all were. */
  reason: string | null;
}

type PollOutcome = { kind: "checked" } | { kind: "failed" | "unreachable"; error: unknown };

interface Schedule {
  intervalMs: number;
  dueAt: number;
  /** When its last poll ended (0: never). */
  polledAt: number;
  /** Polls that failed in a row (not counting an unreachable service), and since when. */
  failures: number;
  failingSince: number | null;
}

const describeError = (error: unknown) => (error instanceof Error ? error.message : String(error));
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
 * `watchedIntervalMs` despite their back-off. A rate limit (429) holds every poll for as long as the service asks.
 */
export class DocumentTracker {
  private readonly schedules = new Map<string, Schedule>();
  private readonly inFlight = new Set<string>();
  private readonly maxInFlight: number;
  private readonly minIntervalMs: number;
  private readonly maxIntervalMs: number;
  private readonly watchedIntervalMs: number;
  private readonly recentMs: number;
  private readonly watchTtlMs: number;
  private readonly now: () => number;
  private readonly pollListeners = new Set<(key: string, outcome: PollOutcome) => void>();
  private watchedUntil = 0;
  /** No poll before this time: the service's rate limit. */
  private holdUntil = 0;
  private timer: NodeJS.Timeout | null = null;
  private timerAt = 0;
  private running = false;
  private unreachableSince: number | null = null;
  private probeDelayMs: number;
  private passPromise: Promise<void> | null = null;

  constructor(private readonly options: TrackerOptions) {
    this.maxInFlight = options.maxInFlight ?? 4;
    this.minIntervalMs = options.minIntervalMs ?? 15_000;
    this.maxIntervalMs = options.maxIntervalMs ?? 600_000;
    this.watchedIntervalMs = options.watchedIntervalMs ?? 10_000;
    this.recentMs = options.recentMs ?? 24 * 3_600_000;
    this.watchTtlMs = options.watchTtlMs ?? 120_000;
    this.now = options.now ?? Date.now;
    this.probeDelayMs = this.minIntervalMs;
  }

  get reachable(): boolean {
    return this.unreachableSince === null;
  }

  start(): void {
    this.running = true;
    this.schedule(0);
  }

  stop(): void {
    this.running = false;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  get watched(): boolean {
    return this.watchedUntil > this.now();
  }

  /**
   * Documents (or a document's details) is on screen in a focused window, or no longer. A watch lapses after
   * `watchTtlMs` unless renewed, so a renderer that went away cannot keep fast polling on. A new watch checks
   * every unfinished document at once.
   */
  watch(watching: boolean): void {
    const was = this.watched;
    this.watchedUntil = watching ? this.now() + this.watchTtlMs : 0;
    if (watching && !was) void this.refreshNow();
    else if (this.running && this.passPromise === null) this.schedule(this.nextDelay());
  }

  /** Another call reached the service: polling paused for an unreachable service resumes at once. */
  resume(): void {
    this.markReachable();
  }

  /** When a document is checked next (ms since the epoch), or null when it is finished or unknown. */
  nextCheckAt(accountId: string, pdfId: string): number | null {
    const record = this.options.index.find(accountId, pdfId);
    if (record === undefined || record.finished) return null;
    const now = this.now();
    // While unreachable, the probe's timer decides.
    if (this.unreachableSince !== null) return Math.max(this.timerAt, now);
    return Math.max(this.dueAt(record, this.scheduleOf(record)), this.holdUntil, now);
  }

  /**
   * Makes every unfinished document (or just these) due now, and polls them; `onProgress` hears how many of
   * them were asked so far. Resolves once each was asked, or the service cannot be reached or asks to wait.
   */
  async refreshNow(
    pdfIds?: readonly string[],
    onProgress?: (done: number, total: number) => void,
  ): Promise<RefreshSummary> {
    const targets = this.unfinished().filter((record) => pdfIds === undefined || pdfIds.includes(record.pdfId));
    const waiting = new Set(targets.map((record) => this.key(record)));
    const summary: RefreshSummary = { total: waiting.size, checked: 0, failed: 0, unreachable: false, reason: null };
    for (const record of targets) this.scheduleOf(record).dueAt = 0;
    const listener = (key: string, outcome: PollOutcome) => {
      if (!waiting.has(key)) return;
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
      // A pass under way may have started before these became due, and one that finds the service unreachable
      // probes with one document: a few passes, until each was asked or the service is out of reach.
      for (let round = 0; round < 3 && waiting.size > 0 && !summary.unreachable; round += 1) {
        while (this.passPromise !== null) await this.passPromise;
        if (this.holdUntil > this.now()) break;
        await this.pass();
      }
    } finally {
      this.pollListeners.delete(listener);
    }
    if (waiting.size > 0 && summary.reason === null && this.holdUntil > this.now())
      summary.reason = `The service asked Signdesk to wait until ${new Date(this.holdUntil).toLocaleTimeString()}.`;
    return summary;
  }

  /** One pass over every due document; resolves when all its polls have answered. */
  pass(): Promise<void> {
    this.passPromise ??= this.runPass().finally(() => {
      this.passPromise = null;
      if (this.running) this.schedule(this.nextDelay());
    });
    return this.passPromise;
  }

  private unfinished(): DocumentRecord[] {
    return this.options.index.all().filter((record) => !record.finished);
  }

  private key(record: Pick<DocumentRecord, "accountId" | "pdfId">): string {
    return `${record.accountId}/${record.pdfId}`;
  }

  private scheduleOf(record: DocumentRecord): Schedule {
    const key = this.key(record);
    let schedule = this.schedules.get(key);
    if (schedule === undefined) {
      schedule = { intervalMs: this.minIntervalMs, dueAt: 0, polledAt: 0, failures: 0, failingSince: null };
      this.schedules.set(key, schedule);
    }
    return schedule;
  }

  /** When a document is due: its back-off, shortened while watched for a recent one. */
  private dueAt(record: DocumentRecord, schedule: Schedule): number {
    const now = this.now();
    const recent = Date.parse(record.sentAt) > now - this.recentMs;
    if (!this.watched || !recent) return schedule.dueAt;
    return Math.min(schedule.dueAt, schedule.polledAt + this.watchedIntervalMs);
  }

  private async runPass(): Promise<void> {
    const now = this.now();
    if (this.holdUntil > now) return;
    let due = this.unfinished().filter(
      (record) => this.dueAt(record, this.scheduleOf(record)) <= now && !this.inFlight.has(this.key(record)),
    );
    // While unreachable, a single document probes the way back.
    if (this.unreachableSince !== null) due = due.slice(0, 1);
    let next = 0;
    const worker = async () => {
      while (next < due.length) {
        const record = due[next];
        next += 1;
        if (record !== undefined) await this.poll(record);
        if (this.unreachableSince !== null || this.holdUntil > this.now()) return;
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.maxInFlight, due.length) }, worker));
  }

  private async poll(record: DocumentRecord): Promise<void> {
    const key = this.key(record);
    const schedule = this.scheduleOf(record);
    this.inFlight.add(key);
    let outcome: PollOutcome = { kind: "checked" };
    try {
      const answer = await this.options.fetchDetails(record.accountId, record.pdfId);
      this.markReachable();
      this.apply(record, answer, schedule);
    } catch (error) {
      if (this.options.isUnreachable(error)) {
        outcome = { kind: "unreachable", error };
        this.markUnreachable(error);
      } else {
        outcome = { kind: "failed", error };
        this.recordFailure(record, schedule, error);
        schedule.intervalMs = Math.min(schedule.intervalMs * 2, this.maxIntervalMs);
        schedule.dueAt = this.now() + schedule.intervalMs;
        if (isRateLimited(error))
          this.holdUntil = this.now() + Math.max((error.retryAfterSeconds ?? 0) * 1000, this.minIntervalMs);
      }
    } finally {
      schedule.polledAt = this.now();
      this.inFlight.delete(key);
    }
    for (const listener of this.pollListeners) listener(key, outcome);
  }

  /** A failed poll: after enough in a row, or one whose answer cannot be read, the record says so. */
  private recordFailure(record: DocumentRecord, schedule: Schedule, error: unknown): void {
    schedule.failures += 1;
    schedule.failingSince ??= this.now();
    const unreadable = (this.options.isUnreadable ?? isProtocolError)(error);
    if (!unreadable && schedule.failures < (this.options.failuresBeforeProblem ?? 3)) return;
    const current = this.options.index.find(record.accountId, record.pdfId) ?? record;
    const problem = { since: new Date(schedule.failingSince).toISOString(), reason: describeError(error) };
    if (current.statusProblem?.since === problem.since && current.statusProblem.reason === problem.reason) return;
    this.options.index.replace({ ...current, statusProblem: problem }, true);
  }

  private apply(record: DocumentRecord, answer: DetailsAnswer, schedule: Schedule): void {
    const current = this.options.index.find(record.accountId, record.pdfId) ?? record;
    const at = new Date(this.now()).toISOString();
    // An answer without a status leaves the last one known; only its final URL can still finish it.
    const status = typeof answer.status === "string" && answer.status !== "" ? answer.status : current.lastStatus;
    const finished = isFinished(status, answer.finalUrl);
    const finalPdfReady = typeof answer.finalUrl === "string" && answer.finalUrl !== "" && !current.hasFinalPdf;
    const changed = status !== current.lastStatus || finalPdfReady;
    const extras = unknownMembers(answer);
    const { statusProblem, unknownMembers: _previousExtras, ...rest } = current;
    const next: DocumentRecord = {
      ...rest,
      lastStatus: status,
      lastCheckedAt: at,
      finished,
      hasFinalPdf: current.hasFinalPdf || finalPdfReady,
      statusHistory: status !== current.lastStatus ? [...current.statusHistory, { status, at }] : current.statusHistory,
      ...(Object.keys(extras).length === 0 ? {} : { unknownMembers: extras }),
    };
    schedule.failures = 0;
    schedule.failingSince = null;
    // A change, or the end of a "can't be read", is written at once.
    this.options.index.replace(next, changed || statusProblem !== undefined);
    if (changed) {
      schedule.intervalMs = this.minIntervalMs;
      this.options.onChange({
        accountId: current.accountId,
        pdfId: current.pdfId,
        name: current.name,
        from: current.lastStatus,
        to: status,
        finalPdfReady,
        finished,
        at,
      });
    } else {
      schedule.intervalMs = Math.min(schedule.intervalMs * 2, this.maxIntervalMs);
    }
    schedule.dueAt = this.now() + schedule.intervalMs;
    if (finished) this.schedules.delete(this.key(current));
  }

  private markReachable(): void {
    if (this.unreachableSince === null) return;
    this.unreachableSince = null;
    this.probeDelayMs = this.minIntervalMs;
    this.options.onReachability?.(true, null);
    // Back online: everything that came due meanwhile is polled at once.
    queueMicrotask(() => void this.pass());
  }

  private markUnreachable(error: unknown): void {
    if (this.unreachableSince === null) {
      this.unreachableSince = this.now();
      this.options.onReachability?.(false, error);
    } else {
      this.probeDelayMs = Math.min(this.probeDelayMs * 2, this.maxIntervalMs);
    }
  }

  private nextDelay(): number {
    const now = this.now();
    // While watched, the way back is probed as often as a recent document is checked.
    if (this.unreachableSince !== null)
      return this.watched ? Math.min(this.probeDelayMs, this.watchedIntervalMs) : this.probeDelayMs;
    if (this.holdUntil > now) return this.holdUntil - now;
    let soonest = Number.POSITIVE_INFINITY;
    for (const record of this.unfinished()) soonest = Math.min(soonest, this.dueAt(record, this.scheduleOf(record)));
    return Number.isFinite(soonest) ? Math.max(0, soonest - now) : this.minIntervalMs;
  }

  private schedule(delayMs: number): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timerAt = this.now() + delayMs;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.pass();
    }, delayMs);
  }
}
