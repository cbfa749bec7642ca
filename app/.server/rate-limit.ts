/**
 * A fixed-window rate limiter kept in this process's memory. Enough for one
 * server process; with several processes each one limits on its own (the
 * limit is then per process — documented in docs/decisions/004-search-and-live-updates.md; one limiter of each kind is built at boot, server/rate-limits.ts).
 */
export class RateLimiter {
  private windows = new Map<string, { start: number; count: number }>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
  ) {}

  /** Counts a hit; returns the seconds to wait when over the limit, else 0. */
  hit(key: string, now = Date.now()): number {
    if (this.windows.size > 10_000) this.prune(now);
    const w = this.windows.get(key);
    if (!w || now - w.start >= this.windowMs) {
      this.windows.set(key, { start: now, count: 1 });
      return 0;
    }
    w.count += 1;
    return w.count > this.limit ? Math.ceil((w.start + this.windowMs - now) / 1000) : 0;
  }

  private prune(now: number) {
    for (const [key, w] of this.windows) if (now - w.start >= this.windowMs) this.windows.delete(key);
  }
}
