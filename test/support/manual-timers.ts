import type { Timers } from "../../main/service/timers";

/**
 * Timers on a clock of the test's own: time passes only when the test says (`advance`), so a time-out passes at the
 * point of the test that the test chose, never because a busy machine was slow.
 */
export interface ManualTimers extends Timers {
  /** The time-outs armed and neither fired nor cancelled, soonest first: how long each has left. */
  pending(): number[];
  /** Moves the clock on by `ms`, firing each time-out that falls due, in order; answers how many fired. */
  advance(ms: number): number;
  /** Fires every pending time-out now, as if its time had passed; answers how many fired. */
  fireAll(): number;
}

export function manualTimers(): ManualTimers {
  let now = 0;
  let next = 0;
  const armed = new Map<number, { due: number; callback: () => void }>();
  const soonestFirst = () => [...armed.entries()].sort(([, a], [, b]) => a.due - b.due);
  const fire = (isDue: (due: number) => boolean) => {
    let fired = 0;
    for (const [id, timer] of soonestFirst()) {
      // A callback may cancel a later timer: fire only those still armed.
      if (!isDue(timer.due) || !armed.delete(id)) continue;
      fired += 1;
      timer.callback();
    }
    return fired;
  };
  return {
    after(ms, callback) {
      const id = next;
      next += 1;
      armed.set(id, { due: now + ms, callback });
      return () => armed.delete(id);
    },
    pending: () => soonestFirst().map(([, timer]) => timer.due - now),
    advance(ms) {
      now += ms;
      return fire((due) => due <= now);
    },
    fireAll: () => fire(() => true),
  };
}
