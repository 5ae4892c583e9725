import { type Clock, systemClock } from "../../common/clock";
import { ServiceError } from "./service-error";

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  maxAttempts: number;
  /** The first back-off; each next one doubles. */
  backoffBaseMs: number;
  /** A Retry-After longer than this is not waited for: the call fails at once with `rate_limited`. */
  maxRetryAfterMs: number;
  signal?: AbortSignal | undefined;
  random?: () => number;
  /** An attempt failed and another follows: what the failure says is known before the last attempt ends. */
  onRetry?: ((error: ServiceError) => void) | undefined;
  /** Waits out a back-off; `sleep` unless given (a test orders the attempts with a gate of its own). */
  wait?: ((ms: number, signal?: AbortSignal) => Promise<void>) | undefined;
}

/** Failures that another attempt of an idempotent request may fix. */
const retryable = new Set<ServiceError["category"]>(["network", "timeout", "server", "rate_limited"]);

/** Seconds to wait from a Retry-After header (delta-seconds or HTTP date), or null when absent or unreadable. */
export function parseRetryAfter(header: string | string[] | undefined, now: number): number | null {
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  if (value === undefined || value === "") return null;
  if (/^\d+$/.test(value)) return Number(value);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}

/** Exponential back-off with "equal jitter": between half and all of base·2^(attempt-1). */
export function backoffDelayMs(attempt: number, baseMs: number, random: () => number = Math.random): number {
  const ceiling = baseMs * 2 ** (attempt - 1);
  return ceiling / 2 + (random() * ceiling) / 2;
}

/** Resolves once `ms` have passed on `clock`, or rejects with the signal's reason when it is aborted first. */
export function sleep(ms: number, signal?: AbortSignal, clock: Clock = systemClock): Promise<void> {
  if (signal?.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      cancel();
      reject(signal?.reason);
    };
    const cancel = clock.after(ms, () => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    });
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/**
 * Runs `attempt` until it succeeds, fails for good, or `maxAttempts` are used up. Only for
 * idempotent requests. A 429 or 503 with Retry-After waits as long as asked (when within
 * `maxRetryAfterMs`); other failures back off exponentially with jitter.
 */
export async function withRetries<T>(attempt: () => Promise<T>, policy: RetryPolicy): Promise<T> {
  const random = policy.random ?? Math.random;
  for (let made = 1; ; made += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof ServiceError) || !retryable.has(error.category)) throw error;
      if (made >= policy.maxAttempts) throw error.afterAttempts(made);
      let waitMs = backoffDelayMs(made, policy.backoffBaseMs, random);
      if (error.retryAfterSeconds !== null) {
        const askedMs = error.retryAfterSeconds * 1000;
        if (askedMs > policy.maxRetryAfterMs) throw error.afterAttempts(made);
        // As long as asked, plus a little jitter so that clients do not come back all at once.
        waitMs = askedMs + random() * Math.min(250, policy.backoffBaseMs);
      }
      policy.onRetry?.(error);
      await (policy.wait ?? sleep)(waitMs, policy.signal);
    }
  }
}
