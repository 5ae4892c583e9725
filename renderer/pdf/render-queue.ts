/**
 * Runs page renders a few at a time, most urgent first. pdf.js draws on the main thread in slices that
 * interleave: twenty renders started together all finish late, while two at a time put the page in view
 * on screen first. A render cancelled before its turn never starts.
 *
 * While renders are being cancelled (the view moves faster than pages draw: a fling, a drag of the
 * scrollbar) a render waits until it has been asked for SETTLE_MS, so pages that only pass by cost nothing;
 * at rest, a render starts at once.
 */

export type RenderOutcome = "rendered" | "cancelled";

export interface QueuedRender {
  /** Resolves when drawn or cancelled; rejects only when the render itself fails. */
  promise: Promise<RenderOutcome>;
  cancel(): void;
}

/** Starts a render: its promise settles when it is drawn or cancelled. */
export type StartRender = () => QueuedRender;

export interface RenderQueue {
  /** Queues a render; a lower `priority` goes first, then first come first served. */
  add(priority: number, start: StartRender): QueuedRender;
  /** Cancels everything queued and running. */
  cancelAll(): void;
  /** Changes how many renders run at once (the queue starts more at once if it grew). */
  setConcurrency(count: number): void;
}

/** How long a render waits while others are being cancelled, and how long after a cancel that lasts (ms). */
export const SETTLE_MS = 60;

interface Waiting {
  priority: number;
  order: number;
  asked: number;
  start(): void;
}

function before(a: Waiting, b: Waiting): boolean {
  return a.priority < b.priority || (a.priority === b.priority && a.order < b.order);
}

export function createRenderQueue(
  initialConcurrency: number,
  now: () => number = () => performance.now(),
): RenderQueue {
  let concurrency = initialConcurrency;
  const waiting: Waiting[] = [];
  const running = new Set<QueuedRender>();
  const cancellers = new Set<() => void>();
  let order = 0;
  let lastCancel = Number.NEGATIVE_INFINITY;
  let pumpQueued = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const pump = () => {
    clearTimeout(timer);
    timer = undefined;
    const time = now();
    const settling = time - lastCancel < SETTLE_MS;
    while (running.size < concurrency && waiting.length > 0) {
      let next = -1;
      let soonest = Number.POSITIVE_INFINITY;
      waiting.forEach((entry, index) => {
        const ready = !settling || time - entry.asked >= SETTLE_MS;
        if (!ready) soonest = Math.min(soonest, entry.asked + SETTLE_MS);
        else if (next < 0 || before(entry, waiting[next] as Waiting)) next = index;
      });
      if (next < 0) {
        timer = setTimeout(pump, Math.max(1, soonest - time));
        return;
      }
      waiting.splice(next, 1)[0]?.start();
    }
  };

  /** Renders asked for together (one commit's effects) are started by priority, not by arrival. */
  const schedulePump = () => {
    if (pumpQueued) return;
    pumpQueued = true;
    queueMicrotask(() => {
      pumpQueued = false;
      pump();
    });
  };

  return {
    add(priority, start) {
      let resolve: (outcome: RenderOutcome) => void = () => {};
      let reject: (error: unknown) => void = () => {};
      const promise = new Promise<RenderOutcome>((onDone, onFailed) => {
        resolve = onDone;
        reject = onFailed;
      });
      let started: QueuedRender | null = null;
      /** Cancelled, or drawn (or failed): either way there is nothing left to cancel. */
      let over = false;
      const entry: Waiting = {
        priority,
        order: order++,
        asked: now(),
        start() {
          const render = start();
          started = render;
          running.add(render);
          render.promise
            .then(resolve, reject)
            .finally(() => {
              running.delete(render);
              schedulePump();
            })
            .catch(() => {});
        },
      };
      const cancel = () => {
        if (over) return;
        over = true;
        cancellers.delete(cancel);
        lastCancel = now();
        if (started !== null) {
          started.cancel();
          return;
        }
        const at = waiting.indexOf(entry);
        if (at >= 0) waiting.splice(at, 1);
        resolve("cancelled");
      };
      cancellers.add(cancel);
      void promise
        .finally(() => {
          over = true;
          cancellers.delete(cancel);
        })
        .catch(() => {});
      waiting.push(entry);
      schedulePump();
      return { promise, cancel };
    },
    cancelAll() {
      for (const cancel of [...cancellers]) cancel();
      clearTimeout(timer);
    },
    setConcurrency(count) {
      concurrency = Math.max(1, count);
      schedulePump();
    },
  };
}
