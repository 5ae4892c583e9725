import { type Clock, systemClock } from "../../common/clock";

/**
 * A clock of the test's own: time passes only when the test says (`advance`), so a wait or a time-out ends at the
 * point of the test that the test chose, never because a busy machine was slow.
 */
export interface ManualClock extends Clock {
  /** The waits armed and neither ended nor cancelled, soonest first: how long each has left. */
  pending(): number[];
  /** Moves the clock on by `ms`, ending each wait that falls due, in order; answers how many ended. */
  advance(ms: number): number;
  /** Ends every pending wait now, as if its time had passed; answers how many ended. */
  fireAll(): number;
}

export function manualClock(start = 0): ManualClock {
  let now = start;
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
    now: () => now,
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

/** A clock whose time the test sets, with the system's timers: for a test that fixes the date, not the waits. */
export interface SetClock extends Clock {
  set(time: number): void;
}

export function setClock(start: number): SetClock {
  let now = start;
  return {
    now: () => now,
    after: (ms, callback) => systemClock.after(ms, callback),
    set(time) {
      now = time;
    },
  };
}

/** The system's clock and timers, its time moved on by what `offset` answers (read at each call). */
export function shiftedClock(offset: () => number): Clock {
  return { now: () => Date.now() + offset(), after: (ms, callback) => systemClock.after(ms, callback) };
}
