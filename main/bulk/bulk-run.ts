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
  /** While its requests wait for a service that was not reached (a back-off, or an answer to another call). */
  serviceWait: Promise<void> | null;
  /** The next wait for a service that was not reached: it doubles with each miss, and a sent row resets it. */
  backOffMs: number;
  /** Finish times of rows over the last minute, for the rate and the time left. */
  finished: number[];
  /** Ends each wait on the account's gate in progress: the batch stopped. */
  sleepers: Set<() => void>;
  done: Promise<void>;
}

/** Stops the run from taking rows, ending its waits at once; the requests in flight finish. */
export function stopRun(run: Run, why: NonNullable<Run["stop"]>): void {
  run.stop = why;
  for (const end of [...run.sleepers]) end();
}
