import type pg from "pg";
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
  type RateLimiterAbstract,
} from "rate-limiter-flexible";

/**
 * Where rate-limit counters live: this process's memory (PGlite: one process
 * per data directory) or the `rate_limits` table of a PostgreSQL that several
 * processes share (rate-limiter-flexible's RateLimiterPostgres; the table
 * comes with our migrations, app/.server/db/rate-limit-schema.ts).
 */
export type RateLimitStore = { kind: "memory" } | { kind: "postgres"; pool: pg.Pool };

/**
 * A fixed-window rate limiter: at most `limit` hits per key in `windowMs`,
 * counted from the key's first hit of the window. It counts in memory until
 * `useStore` moves it to a shared store (server/services.ts does, on
 * PostgreSQL), so a limit holds across every process of a deployment.
 */
export class RateLimiter {
  private store: RateLimiterAbstract;

  constructor(
    readonly limit: number,
    readonly windowMs: number,
  ) {
    this.store = new RateLimiterMemory(this.options("limit"));
  }

  private options(name: string) {
    return { keyPrefix: name, points: this.limit, duration: this.windowMs / 1000 };
  }

  /** Counts from now on in `store`, under `name` (which keeps different limiters' keys apart there). */
  useStore(store: RateLimitStore, name: string) {
    const options = this.options(name);
    this.store =
      store.kind === "postgres"
        ? new RateLimiterPostgres({
            ...options,
            storeClient: store.pool,
            storeType: "pool",
            tableName: "rate_limits",
            tableCreated: true,
            // Rows that expired an hour ago are deleted every 5 minutes (an unref'd timer).
            clearExpiredByTimeout: true,
            // While the database is unreachable, count in memory rather than fail the request.
            insuranceLimiter: new RateLimiterMemory(options),
          })
        : new RateLimiterMemory(options);
    return this;
  }

  /** Counts a hit; resolves to the seconds to wait when over the limit, else 0. */
  async hit(key: string): Promise<number> {
    try {
      await this.store.consume(key);
      return 0;
    } catch (error) {
      if (error instanceof RateLimiterRes) return Math.max(1, Math.ceil(error.msBeforeNext / 1000));
      throw error;
    }
  }
}
