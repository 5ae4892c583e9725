/** What a runner's source answers when asked for the next job. */
export type NextJob<J> =
  | { job: J }
  /** Nothing can start until a job in flight ends (a conflict, or work that needs none in flight). */
  | "wait"
  /** Nothing more starts: none is left, or the queue must stop. */
  | "done";

export interface RunInFlightOptions<J> {
  maxInFlight: number;
  /** The next job to start, with how many are in flight now; it may wait (for the account's gate) before answering. */
  next(inFlight: number): Promise<NextJob<J>>;
  /** Runs one job to its end; never throws (a job's failure is its own state). */
  run(job: J): Promise<void>;
}

/**
 * The one runner of jobs (the outbox's items, a batch's rows, the tracker's checks): starts them in the order `next`
 * gives, at most `maxInFlight` at once, until it answers "done" (or "wait" with nothing in flight); resolves once
 * every job it started has ended.
 */
export async function runInFlight<J>(options: RunInFlightOptions<J>): Promise<void> {
  const inFlight = new Set<Promise<void>>();
  for (;;) {
    const next: NextJob<J> = inFlight.size >= options.maxInFlight ? "wait" : await options.next(inFlight.size);
    if (next === "done") break;
    if (next === "wait") {
      if (inFlight.size === 0) break;
      await Promise.race(inFlight);
      continue;
    }
    const flight: Promise<void> = options.run(next.job).finally(() => inFlight.delete(flight));
    inFlight.add(flight);
  }
  await Promise.all(inFlight);
}
