/**
 * Time as main and the sandbox read it: the time now, and waits. The system's clock in the app; a test gives one of
 * its own, so that a wait ends when the test says rather than when a busy machine happens to get there.
 */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Calls `callback` once `ms` have passed on this clock; answers what cancels it. */
  after(ms: number, callback: () => void): () => void;
}

// Both runtimes that use this (Node in main and the sandbox, Chromium in tests) have these; common's own
// configuration names neither, so only what is used here is declared.
declare function setTimeout(callback: () => void, ms: number): unknown;
declare function clearTimeout(timer: unknown): void;

/** The longest wait a system timer keeps (2^31 - 1 ms, about 24 days); a longer one would fire at once. */
const longestTimerMs = 2 ** 31 - 1;

export const systemClock: Clock = {
  now: () => Date.now(),
  after(ms, callback) {
    const timer = setTimeout(callback, Math.min(Math.max(0, ms), longestTimerMs));
    return () => clearTimeout(timer);
  },
};
