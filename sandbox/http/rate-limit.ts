/** Requests per minute per key in fixed one-minute windows; off when `perMinute` is null. */
export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly perMinute: number | null,
    private readonly now: () => number,
  ) {}

  /** Counts one request; answers the seconds to wait when over the limit, else null. */
  take(key: string): number | null {
    if (this.perMinute === null) return null;
    const now = this.now();
    let window = this.windows.get(key);
    if (window === undefined || now - window.start >= 60_000) {
      window = { start: now, count: 0 };
      this.windows.set(key, window);
    }
    window.count += 1;
    if (window.count <= this.perMinute) return null;
    return Math.max(1, Math.ceil((window.start + 60_000 - now) / 1000));
  }
}
