import type { Clock } from "../../common/clock";
import { inEnglish } from "../../common/i18n/english";
import type { PhraseOrText } from "../../common/i18n/phrase";
import {
  firstUpdateCheckDelayMs,
  restartWaitPollMs,
  type UpdateState,
  type UpdateStatus,
  type UpdateUnavailableReason,
  updateCheckIntervalMs,
} from "../../common/updates";
import { describeUpdateFailure } from "./update-failure";

/** The part of electron-updater's AppUpdater the service drives (its events are UpdaterEvents). */
export interface UpdaterEngine {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  checkForUpdates(): Promise<{ downloadPromise?: Promise<unknown> | null } | null>;
  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean): void;
  on(event: "checking-for-update", listener: () => void): unknown;
  on(event: "update-available" | "update-not-available", listener: (info: { version: string }) => void): unknown;
  on(event: "download-progress", listener: (progress: { percent: number }) => void): unknown;
  on(event: "update-downloaded", listener: (event: { version: string }) => void): unknown;
  on(event: "error", listener: (error: Error) => void): unknown;
}

export interface UpdateServiceOptions {
  /** The version running. */
  current: string;
  /** electron-updater's updater for this copy (made at the first check), or why there is none. */
  engine: (() => Promise<UpdaterEngine>) | { unavailable: UpdateUnavailableReason };
  clock: Clock;
  /** Whether documents are going out now (the outbox or a bulk send has work in flight): no restart meanwhile. */
  sending: () => boolean;
  /** Before "Restart now" installs: stops what runs and lets the new copy start (the single-instance lock). */
  beforeRestart: () => Promise<void>;
  /**
   * The restart failed after `beforeRestart` closed what runs (the install could not replace this copy): the app
   * quits rather than stay open with nothing working (the update is tried again at the quit).
   */
  onRestartFailed: () => void;
  onChange: (state: UpdateState) => void;
  log: (message: string) => void;
}

/**
 * Keeps this copy up to date with electron-updater: checks a while after the start and every few hours, downloads in
 * the background (telling the window how far), and installs the verified download when Signdesk quits (electron-
 * updater's install on quit, after main has closed its records and finished its requests), or at "Restart now" — at
 * once when nothing is being sent, else as soon as the sending is done. A staged rollout (the feed's
 * stagingPercentage) is electron-updater's to decide, by the installation's ID.
 */
export class UpdateService {
  private status: UpdateStatus;
  private engine: UpdaterEngine | null = null;
  private loading: Promise<UpdaterEngine> | null = null;
  private cancelTimer: (() => void) | null = null;
  private restarting = false;
  private stopped = false;

  constructor(private readonly options: UpdateServiceOptions) {
    this.status =
      "unavailable" in options.engine
        ? { kind: "unavailable", reason: options.engine.unavailable }
        : { kind: "idle", checkedAt: null };
  }

  state(): UpdateState {
    return { current: this.options.current, status: this.status };
  }

  /** Checks a while after the start, then every few hours. */
  start(): void {
    if (this.status.kind === "unavailable" || this.stopped) return;
    this.schedule(firstUpdateCheckDelayMs);
  }

  /** Checks now ("Check for updates"); answers once the check is done (a download it starts goes on). */
  async check(): Promise<UpdateState> {
    const kind = this.status.kind;
    if (kind === "unavailable" || kind === "downloading" || kind === "ready") return this.state();
    if (kind !== "checking") this.set({ kind: "checking" });
    try {
      const engine = await this.loadEngine();
      const result = await engine.checkForUpdates();
      // Its failure is told by the "error" event; the promise must not be left unanswered.
      result?.downloadPromise?.catch(() => {});
      // A check that found nothing to do (the updater inactive) leaves no event behind.
      if (this.status.kind === "checking") this.set({ kind: "idle", checkedAt: this.options.clock.now() });
    } catch (error) {
      if (this.status.kind !== "checking") return this.state();
      const message = describeUpdateFailure(error);
      this.options.log(`Check failed: ${logged(message)} (${firstLine(error)})`);
      this.set({ kind: "failed", message, checkedAt: this.options.clock.now() });
    }
    return this.state();
  }

  /** "Restart now": installs the downloaded update and starts it, at once or when the sending is done. */
  restart(): UpdateState {
    const status = this.status;
    if (this.engine === null || status.kind !== "ready" || this.restarting) return this.state();
    if (this.options.sending()) {
      if (!status.waitingForSending) {
        this.set({ ...status, waitingForSending: true });
        this.waitForSending();
      }
      return this.state();
    }
    this.install();
    return this.state();
  }

  stop(): void {
    this.stopped = true;
    this.cancelTimer?.();
    this.cancelTimer = null;
  }

  private loadEngine(): Promise<UpdaterEngine> {
    const make = this.options.engine;
    if ("unavailable" in make) return Promise.reject(new Error("This copy does not update itself."));
    this.loading ??= make().then((engine) => {
      this.listen(engine);
      this.engine = engine;
      return engine;
    });
    // A failure to load is tried again at the next check.
    this.loading.catch(() => {
      this.loading = null;
    });
    return this.loading;
  }

  private listen(engine: UpdaterEngine): void {
    const { clock, log } = this.options;
    engine.autoDownload = true;
    engine.autoInstallOnAppQuit = true;
    engine.on("checking-for-update", () => {
      if (this.status.kind !== "downloading" && this.status.kind !== "ready") this.set({ kind: "checking" });
    });
    engine.on("update-not-available", () => this.set({ kind: "idle", checkedAt: clock.now() }));
    engine.on("update-available", (info) => {
      log(`Update ${info.version} found; downloading it`);
      this.set({ kind: "downloading", next: info.version, percent: 0 });
    });
    engine.on("download-progress", (progress) => {
      if (this.status.kind !== "downloading") return;
      // Whole percents: the window hears of each step, not of every chunk.
      const percent = Math.floor(Math.min(100, Math.max(0, progress.percent)));
      if (percent !== this.status.percent) this.set({ ...this.status, percent });
    });
    engine.on("update-downloaded", (event) => {
      log(`Update ${event.version} downloaded and verified; it is installed when Signdesk quits`);
      // Nothing is checked any more: the next check, armed while the download went on, is let go.
      this.cancelTimer?.();
      this.cancelTimer = null;
      this.set({ kind: "ready", next: event.version, waitingForSending: false });
    });
    engine.on("error", (error) => {
      const message = describeUpdateFailure(error);
      log(`Update failed: ${logged(message)} (${firstLine(error)})`);
      // A failure after the download (the install) leaves it downloaded: it is tried again at the next quit.
      if (this.status.kind === "ready" && !this.restarting) return;
      this.restarting = false;
      this.set({ kind: "failed", message, checkedAt: clock.now() });
    });
  }

  private waitForSending(): void {
    this.cancelTimer?.();
    this.cancelTimer = this.options.clock.after(restartWaitPollMs, () => {
      this.cancelTimer = null;
      if (this.stopped) return;
      if (this.options.sending()) this.waitForSending();
      else this.install();
    });
  }

  private install(): void {
    const engine = this.engine;
    if (engine === null) return;
    this.restarting = true;
    this.stop();
    this.options.log("Restarting to install the update");
    void this.options.beforeRestart().then(
      () => {
        // Silent (no installer window), then the new version starts; a failure is told by the "error" event.
        engine.quitAndInstall(true, true);
        if (this.status.kind === "failed") this.options.onRestartFailed();
      },
      (error: unknown) => {
        this.restarting = false;
        this.set({ kind: "failed", message: describeUpdateFailure(error), checkedAt: this.options.clock.now() });
        this.options.onRestartFailed();
      },
    );
  }

  private schedule(ms: number): void {
    this.cancelTimer?.();
    this.cancelTimer = this.options.clock.after(ms, () => {
      this.cancelTimer = null;
      if (this.stopped) return;
      void this.check().finally(() => {
        if (!this.stopped && this.status.kind !== "ready") this.schedule(updateCheckIntervalMs);
      });
    });
  }

  private set(status: UpdateStatus): void {
    this.status = status;
    this.options.onChange(this.state());
  }
}

/** Words for the log, in English. */
function logged(words: PhraseOrText): string {
  return typeof words === "string" ? words : inEnglish(words);
}

/** An error's first line, for the log: electron-updater's messages go on with the whole request and answer. */
function firstLine(error: unknown): string {
  return (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).split("\n")[0] ?? "";
}
