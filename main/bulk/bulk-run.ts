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
  /** Set when another call reached the service: a wait for it ends at once. */
  woken: boolean;
  /** `holdUntil` waits for an unreachable service (not for a 429's Retry-After): an answer elsewhere ends it. */
  holdForService: boolean;
  done: Promise<void>;
}
