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
  now?: () => number;
}

interface Schedule {
  intervalMs: number;
  dueAt: number;
  /** Polls that failed in a row (not counting an unreachable service), and since when. */
  failures: number;
  failingSince: number | null;
}

const describeError = (error: unknown) => (error instanceof Error ? error.message : String(error));
const isProtocolError = (error: unknown) => error instanceof ServiceError && error.category === "protocol";

/**
 * Polls getDocumentDetails for unfinished documents: at most `maxInFlight` requests at once; a
 * document that did not change is polled less and less often (15 s doubling up to 10 min); a change
 * resets it. Finished documents are never polled again; any other status, known or not, keeps being
 * polled. While the service is unreachable, polling pauses and one probe retries with back-off;
 * `refreshNow` (window focus, the user) polls at once. A document whose answers keep failing (3 in a row,
 * or one that cannot be read) gets a `statusProblem` saying since when and why, until an answer is read.
 */
export class DocumentTracker {
  private readonly schedules = new Map<string, Schedule>();
  private readonly inFlight = new Set<string>();
  private readonly maxInFlight: number;
  private readonly minIntervalMs: number;
  private readonly maxIntervalMs: number;
  private readonly now: () => number;
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private unreachableSince: number | null = null;
  private probeDelayMs: number;
  private passPromise: Promise<void> | null = null;

  constructor(private readonly options: TrackerOptions) {
    this.maxInFlight = options.maxInFlight ?? 4;
    this.minIntervalMs = options.minIntervalMs ?? 15_000;
    this.maxIntervalMs = options.maxIntervalMs ?? 600_000;
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

  /** Makes every unfinished document (or just these) due now, and polls. */
  refreshNow(pdfIds?: readonly string[]): Promise<void> {
    for (const record of this.unfinished()) {
      if (pdfIds !== undefined && !pdfIds.includes(record.pdfId)) continue;
      const schedule = this.scheduleOf(record);
      schedule.dueAt = 0;
    }
    // While unreachable, this pass probes with one document; its answer tells everyone it is back.
    return this.pass();
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
      schedule = { intervalMs: this.minIntervalMs, dueAt: 0, failures: 0, failingSince: null };
      this.schedules.set(key, schedule);
    }
    return schedule;
  }

  private async runPass(): Promise<void> {
    const now = this.now();
    let due = this.unfinished().filter(
      (record) => this.scheduleOf(record).dueAt <= now && !this.inFlight.has(this.key(record)),
    );
    // While unreachable, a single document probes the way back.
    if (this.unreachableSince !== null) due = due.slice(0, 1);
    let next = 0;
    const worker = async () => {
      while (next < due.length) {
        const record = due[next];
        next += 1;
        if (record !== undefined) await this.poll(record);
        if (this.unreachableSince !== null) return;
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.maxInFlight, due.length) }, worker));
  }

  private async poll(record: DocumentRecord): Promise<void> {
    const key = this.key(record);
    const schedule = this.scheduleOf(record);
    this.inFlight.add(key);
    try {
      const answer = await this.options.fetchDetails(record.accountId, record.pdfId);
      this.markReachable();
      this.apply(record, answer, schedule);
    } catch (error) {
      if (this.options.isUnreachable(error)) {
        this.markUnreachable(error);
      } else {
        this.recordFailure(record, schedule, error);
        schedule.intervalMs = Math.min(schedule.intervalMs * 2, this.maxIntervalMs);
        schedule.dueAt = this.now() + schedule.intervalMs;
      }
    } finally {
      this.inFlight.delete(key);
    }
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
    if (this.unreachableSince !== null) return this.probeDelayMs;
    let soonest = Number.POSITIVE_INFINITY;
    for (const record of this.unfinished()) soonest = Math.min(soonest, this.scheduleOf(record).dueAt);
    return Number.isFinite(soonest) ? Math.max(0, soonest - this.now()) : this.minIntervalMs;
  }

  private schedule(delayMs: number): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.pass();
    }, delayMs);
  }
}
