import type { Account } from "../../common/accounts";
import { type BulkProgress, type BulkRowView, bulkMaxInFlight } from "../../common/bulk-batches";
import { type PhraseOrText, phrase } from "../../common/i18n/phrase";
import { statusNotReported } from "../../common/statuses";
import type { CoreParts } from "../core-parts";
import { findLostSends } from "../documents/find-lost-sends";
import type { SendBaseline } from "../documents/send-baseline";
import { newDocumentRecord } from "../documents/send-document";
import { HandlerError } from "../handler-error";
import { runInFlight } from "../jobs/run-in-flight";
import { isReadWorthRetrying } from "../service/failure-kind";
import { ServiceError } from "../service/service-error";
import type { JournalledBatch } from "./bulk-journal";
import { bulkMessages } from "./bulk-messages";
import { progressOf } from "./bulk-progress";
import { type BulkSenderOptions, type Run, stopRun } from "./bulk-run";
import { sendRow } from "./send-row";

/** What bulk send needs of the core, and what a send whose answer is lost is compared with (shared with the outbox). */
export type BulkDeps = Pick<
  CoreParts,
  "records" | "accounts" | "clientFor" | "emit" | "clock" | "tracker" | "sendCheck" | "gates"
> & {
  baseline: SendBaseline;
};

const minute = 60_000;

/**
 * Sends batches' rows with createFromTemplate, at most four at once, each row journalled as `sending` before its
 * request leaves and as what came of it once the answer is read. A row whose answer was lost is `unknown` until the
 * service's listing shows whether it was made (find-lost-sends.ts): it is never sent again blindly. A 429 holds every
 * request for its Retry-After; a service that cannot be reached is asked again with a growing wait; a refused key or
 * template pauses the batch with the reason. Pause lets the requests in flight finish; cancel also drops the rows
 * not sent yet.
 */
export class BulkSender {
  private readonly runs = new Map<string, Run>();
  private readonly maxInFlight: number;
  private readonly retryDelayMs: number;
  private readonly maxRetryDelayMs: number;

  constructor(
    private readonly core: BulkDeps,
    options: BulkSenderOptions = {},
  ) {
    this.maxInFlight = options.maxInFlight ?? bulkMaxInFlight;
    this.retryDelayMs = options.retryDelayMs ?? 2_000;
    this.maxRetryDelayMs = options.maxRetryDelayMs ?? 60_000;
  }

  private get journal() {
    return this.core.records.bulk;
  }

  private batchOrThrow(batchId: string): JournalledBatch {
    const batch = this.journal.batch(batchId);
    if (batch === undefined) throw new HandlerError("not_found", phrase(bulkMessages.noSuchBatch));
    return batch;
  }

  runningCount(): number {
    return this.runs.size;
  }

  isRunning(batchId: string): boolean {
    return this.runs.has(batchId);
  }

  /** Starts (or resumes) a batch; answers at once, the rows are sent in the background. */
  start(batchId: string): JournalledBatch {
    const batch = this.batchOrThrow(batchId);
    if (batch.state === "cancelled" || batch.state === "done")
      throw new HandlerError("invalid_state", phrase(bulkMessages.batchOver, { state: batch.state }));
    const running = this.runs.get(batchId);
    if (running !== undefined) {
      // Pressed Resume while the last requests of a pause are still out: it simply goes on.
      if (running.stop === "pause") running.stop = null;
      return this.batchOrThrow(batchId);
    }
    this.journal.setState(batchId, "sending");
    const run: Run = {
      batchId,
      stop: null,
      serviceWait: null,
      backOffMs: this.retryDelayMs,
      finished: [],
      sleepers: new Set(),
      done: Promise.resolve(),
    };
    this.runs.set(batchId, run);
    run.done = this.send(run)
      .catch((error: unknown) => {
        const message = error instanceof Error ? error.message : String(error);
        this.journal.setState(batchId, "paused", phrase(bulkMessages.sendingStopped, { reason: message }));
      })
      .finally(() => {
        this.runs.delete(batchId);
        this.report(run);
      });
    this.report(run);
    return this.batchOrThrow(batchId);
  }

  /** Stops taking rows; the requests in flight finish. */
  pause(batchId: string): JournalledBatch {
    const batch = this.batchOrThrow(batchId);
    const run = this.runs.get(batchId);
    if (run !== undefined) stopRun(run, "pause");
    else if (batch.state === "ready" || batch.state === "interrupted") this.journal.setState(batchId, "paused");
    return this.batchOrThrow(batchId);
  }

  /**
   * Drops the rows not sent yet; the requests in flight finish. Rows whose answers were lost stay in doubt (their
   * message says so): a cancelled batch is not checked further.
   */
  async cancel(batchId: string): Promise<JournalledBatch> {
    const batch = this.batchOrThrow(batchId);
    if (batch.state === "done") return batch;
    const run = this.runs.get(batchId);
    if (run !== undefined) {
      stopRun(run, "cancel");
      await run.done;
    }
    const at = this.at();
    this.journal.transaction(() => {
      this.journal.moveAll(batchId, "queued", "cancelled", "The batch was cancelled before this row was sent.", at);
      this.journal.setState(batchId, "cancelled");
    });
    this.emitProgress(batchId, null);
    return this.batchOrThrow(batchId);
  }

  /**
   * Waits for every batch's requests in flight (the app is closing): the journal then says what happened, and the
   * batches are offered for resuming at the next start.
   */
  async settle(): Promise<void> {
    for (const run of this.runs.values()) stopRun(run, run.stop ?? "quit");
    await Promise.all([...this.runs.values()].map((run) => run.done));
  }

  private at(): string {
    return new Date(this.core.clock.now()).toISOString();
  }

  private async send(run: Run): Promise<void> {
    const { batchId } = run;
    const batch = this.batchOrThrow(batchId);
    // Read again at each round: an address changed on the Accounts screen applies to the next requests.
    const account = () => this.core.accounts.get(batch.accountId);
    // Rows journalled as sending when the app stopped: their answers were lost with it.
    this.journal.moveAll(batchId, "sending", "unknown", "Signdesk stopped while this row was being sent.", this.at());
    if (!batch.snapshotTaken) {
      // The service's listing, read once per session (a batch begun after another send reads none).
      const listed = await this.withService(run, batch.accountId, async () => {
        const ensured = await this.core.baseline.ensure(account());
        if (ensured instanceof ServiceError) throw ensured;
      });
      if (listed === null) return this.stopped(run);
      this.journal.setListing(batchId, this.core.baseline.current(batch.accountId));
    }
    for (;;) {
      if (run.stop !== null) return this.stopped(run);
      const unknown = this.journal.rowsIn(batchId, "unknown");
      if (unknown.length > 0) {
        const settled = await this.reconcile(run, account(), batch.templateId, unknown);
        if (!settled) return this.stopped(run);
        continue;
      }
      const queued = this.journal.rowsIn(batchId, "queued");
      if (queued.length === 0) break;
      const outcome = await this.sendRows(run, account(), batch, queued);
      if (outcome !== null) {
        this.journal.setState(batchId, "paused", outcome);
        return;
      }
    }
    this.journal.setState(batchId, "done");
  }

  private stopped(run: Run): void {
    if (run.stop === "quit") this.journal.setState(run.batchId, "interrupted");
    else if (run.stop !== "cancel") this.journal.setState(run.batchId, "paused");
  }

  /** Runs `call` until it reaches the service (null when the batch is stopped meanwhile). */
  private async withService<T>(run: Run, accountId: string, call: () => Promise<T>): Promise<T | null> {
    let wait = this.retryDelayMs;
    for (;;) {
      if (run.stop !== null) return null;
      try {
        const value = await call();
        this.journal.setState(run.batchId, "sending");
        return value;
      } catch (error) {
        if (!(error instanceof ServiceError) || !isReadWorthRetrying(error)) throw error;
        this.journal.setState(
          run.batchId,
          "sending",
          phrase(bulkMessages.waitingForService, { reason: error.phrase ?? error.message }),
        );
        this.report(run);
        await this.waitForGate(run, accountId, wait);
        wait = Math.min(wait * 2, this.maxRetryDelayMs);
      }
    }
  }

  /**
   * Waits until the account's gate lets requests go (jobs/account-gates.ts): `backOffMs` passed or another call found
   * the service answering, and no 429's hold is left; or less, when the batch stops.
   */
  private async waitForGate(run: Run, accountId: string, backOffMs: number): Promise<void> {
    if (run.stop !== null) return;
    const { opened, stop } = this.core.gates.waitFor(accountId, backOffMs);
    run.sleepers.add(stop);
    await opened;
    run.sleepers.delete(stop);
  }

  /** Before a row's request: waits while the service is being waited for, or holds the account's requests. */
  private async untilOpen(run: Run, accountId: string): Promise<void> {
    if (run.serviceWait !== null) await run.serviceWait;
    if (this.core.gates.heldFor(accountId) > 0) await this.waitForGate(run, accountId, 0);
  }

  /**
   * Settles rows in doubt as far as the service's listing allows; false when the batch was stopped meanwhile. Rows it
   * could not decide (the listing failed) stay in doubt, and the next call looks again after a growing wait.
   */
  private async reconcile(run: Run, account: Account, templateId: string, rows: BulkRowView[]): Promise<boolean> {
    const findings = await findLostSends(
      this.core,
      account,
      rows.map((row) => ({ key: row.position, recipients: row.recipients, templateId })),
      this.existedBefore(run.batchId, account.id),
      { stopped: () => run.stop !== null },
    );
    const at = this.at();
    for (const row of rows) {
      const finding = findings.get(row.position);
      if (finding === undefined) continue;
      if (finding.kind === "found")
        this.recordSent(
          run,
          account,
          templateId,
          row,
          finding.document.id,
          finding.document.status ?? statusNotReported,
        );
      else if (finding.kind === "absent")
        this.journal.move(run.batchId, row.position, ["unknown"], "queued", {
          message: phrase(bulkMessages.sentAgain),
          at,
        });
      else {
        this.journal.move(run.batchId, row.position, ["unknown"], "failed", {
          message: phrase(bulkMessages.probablySent, { count: finding.count }),
          at,
        });
        run.finished.push(this.core.clock.now());
      }
    }
    this.report(run);
    if (run.stop !== null) return false;
    if (findings.size < rows.length) {
      this.journal.setState(
        run.batchId,
        "sending",
        "Waiting for the service to list its documents, to check the rows whose answers were lost.",
      );
      this.report(run);
      await this.waitForGate(run, account.id, this.retryDelayMs);
    } else this.journal.setState(run.batchId, "sending");
    return run.stop === null;
  }

  private recordSent(
    run: Run,
    account: Account,
    templateId: string,
    row: BulkRowView,
    pdfId: string,
    status: string,
  ): void {
    const at = this.at();
    const record = newDocumentRecord(account, pdfId, row.documentName, templateId, row.recipients, at, { status });
    this.core.records.documents.transaction(() => {
      this.journal.move(run.batchId, row.position, ["sending", "unknown"], "sent", { pdfId, at });
      this.core.records.documents.add(record);
    });
    run.finished.push(this.core.clock.now());
    this.core.tracker.wake();
  }

  /** The documents that existed before the batch's sends: its listing's, or the one an earlier Signdesk kept. */
  private existedBefore(batchId: string, accountId: string): (pdfId: string) => boolean {
    const listingId = this.journal.listing(batchId);
    if (listingId !== null) return this.core.baseline.existedBefore(accountId, listingId);
    const before = this.journal.snapshot(batchId);
    return (pdfId) => before.has(pdfId);
  }

  /** Sends the queued rows, `maxInFlight` at once; answers why the batch must pause, or null. */
  private async sendRows(
    run: Run,
    account: Account,
    batch: JournalledBatch,
    queued: BulkRowView[],
  ): Promise<PhraseOrText | null> {
    let next = 0;
    let pauseReason: PhraseOrText | null = null;
    // The service asked to wait, or was not reached: no row starts after it; the next round takes it again first.
    let again = false;
    const stopped = () => run.stop !== null || pauseReason !== null || again;
    await runInFlight<BulkRowView>({
      maxInFlight: this.maxInFlight,
      next: async () => {
        for (;;) {
          if (stopped() || queued[next] === undefined) return "done";
          await this.untilOpen(run, batch.accountId);
          const row = queued[next];
          if (stopped() || row === undefined) return "done";
          next += 1;
          if (this.journal.move(batch.batchId, row.position, ["queued"], "sending", { attempt: true, at: this.at() }))
            return { job: row };
        }
      },
      run: async (row) => {
        const outcome = await sendRow(this.core, account, batch, row);
        if (outcome.kind === "sent") {
          this.recordSent(run, account, batch.templateId, row, outcome.pdfId, "pending");
          run.backOffMs = this.retryDelayMs;
          this.report(run);
          return;
        }
        const { decision, message } = outcome;
        this.journal.move(batch.batchId, row.position, ["sending"], decision.state, { message, at: this.at() });
        if (decision.state === "failed") run.finished.push(this.core.clock.now());
        if (decision.effect === "pause") pauseReason ??= message;
        else if (decision.effect === "hold" || decision.effect === "wait_for_service") {
          if (decision.effect === "hold") this.core.gates.hold(batch.accountId, decision.holdMs ?? 0);
          else if (run.serviceWait === null) {
            run.serviceWait = this.waitForGate(run, batch.accountId, run.backOffMs).finally(() => {
              run.serviceWait = null;
            });
            run.backOffMs = Math.min(run.backOffMs * 2, this.maxRetryDelayMs);
          }
          this.journal.setState(batch.batchId, "sending", message);
          again = true;
        }
        this.report(run);
      },
    });
    return pauseReason;
  }

  private progress(run: Run | null, batchId: string): BulkProgress {
    const batch = this.batchOrThrow(batchId);
    if (run === null) return progressOf(batch, null, this.core.clock.now());
    const now = this.core.clock.now();
    run.finished = run.finished.filter((time) => now - time <= minute);
    return progressOf(batch, run.finished, now);
  }

  private report(run: Run): void {
    this.emitProgress(run.batchId, run);
  }

  private emitProgress(batchId: string, run: Run | null): void {
    this.core.emit("bulk:progress", this.progress(run, batchId));
  }
}
