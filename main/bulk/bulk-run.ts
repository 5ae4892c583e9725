export interface BulkSenderOptions {
  /** Requests in flight at once (default 4). */
  maxInFlight?: number;
  /** First wait before asking an unreachable service again; it doubles up to `maxRetryDelayMs`. */
  retryDelayMs?: number;
  maxRetryDelayMs?: number;
}

/** A batch being sent, while its rows go out. */
export interface Run {
  batchId: string;
  /** Why it stops taking rows: the person paused or cancelled it, or the app is quitting. */
  stop: "pause" | "cancel" | "quit" | null;
  /** Time before which no request leaves (a 429's Retry-After, an unreachable service's back-off). */
  holdUntil: number;
  /** Finish times of rows over the last minute, for the rate and the time left. */
  finished: number[];
  /** Ends each wait in progress (for the service, or a hold): the batch stopped, or the service answered elsewhere. */
  sleepers: Set<() => void>;
  /** `holdUntil` waits for an unreachable service (not for a 429's Retry-After): an answer elsewhere ends it. */
  holdForService: boolean;
  done: Promise<void>;
}

/** Ends every wait of the run's requests (its `sleepers`) now. */
export function wake(run: Run): void {
  for (const end of [...run.sleepers]) end();
}

/** Stops the run from taking rows, ending its waits at once; the requests in flight finish. */
export function stopRun(run: Run, why: NonNullable<Run["stop"]>): void {
  run.stop = why;
  wake(run);
}
