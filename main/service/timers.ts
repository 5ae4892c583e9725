/**
 * Arms the client's time-outs. The system's timers in the app; a test passes its own, so that a time-out passes when
 * the test says so rather than when a busy machine happens to be slow.
 */
export interface Timers {
  /** Calls `callback` once `ms` have passed; answers what cancels it. */
  after(ms: number, callback: () => void): () => void;
}

export const systemTimers: Timers = {
  after(ms, callback) {
    const timer = setTimeout(callback, ms);
    return () => clearTimeout(timer);
  },
};
