/**
 * An ordered gate for the service client's back-off between a GET's attempts (the `retryWait` client option): while
 * held, each wait stays pending until `release()`; once released, waits pass at once. A test orders "an attempt
 * failed" before "the next attempt" with it, whatever the machine's speed.
 */
export interface RetryGate {
  wait: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Waits begun while held, released or not. */
  readonly held: number;
  hold(): void;
  release(): void;
}

export function retryGate(): RetryGate {
  let open = true;
  let held = 0;
  const pending: (() => void)[] = [];
  return {
    wait(_ms, signal) {
      if (open) return Promise.resolve();
      held += 1;
      return new Promise((resolve, reject) => {
        pending.push(resolve);
        signal?.addEventListener("abort", () => reject(signal.reason), { once: true });
      });
    },
    get held() {
      return held;
    },
    hold() {
      open = false;
    },
    release() {
      open = true;
      for (const resolve of pending.splice(0)) resolve();
    },
  };
}
