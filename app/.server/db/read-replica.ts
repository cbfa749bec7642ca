import { drizzle } from "drizzle-orm/node-postgres";
import type pg from "pg";
import type { Logger } from "../logger";
import { openDatabase, type Database, type DatabaseHandle } from "./client";
import * as schema from "./schema";
import { isDatabaseUnavailable } from "./unavailable";

/**
 * The read replica (DATABASE_READ_URL) behind a circuit breaker (ADR 017): public reads go to it while it answers
 * and is close enough to the primary, and to the primary otherwise. Losing the replica costs capacity, not the site.
 *
 * - `ok`: reads go to the replica.
 * - `degraded`: it could not be reached (a connection refused, cut or timed out). Reads go straight to the primary;
 *   it is tried again in the background with back-off and used again once it answers.
 * - `lagging`: its replay lag is over DATABASE_READ_MAX_LAG_SECONDS. Reads go to the primary until it catches up.
 */
export type ReplicaState = "ok" | "degraded" | "lagging";

export interface ReadReplica extends DatabaseHandle {
  /** Where public reads go: the replica's pool while it is `ok`, else the primary's (see ReplicaState). */
  routedDb: Database;
  state(): ReplicaState;
  /** The replay lag last measured, in seconds; null before the first measure and while it is unreachable. */
  lagSeconds(): number | null;
}

/** Its pool: a few connections keep up with short public reads; the primary keeps its 10 for everything else. */
export const READ_POOL_SIZE = 5;
/** A replica that doesn't answer costs a request at most this long before the read goes to the primary. */
export const READ_CONNECT_TIMEOUT_MS = 1_000;
/**
 * A query on a connection that stopped answering (a replica gone without closing its sockets) fails after this long
 * and is asked of the primary instead. Public reads take milliseconds; the bound is for dead peers, not slow plans.
 */
export const READ_QUERY_TIMEOUT_MS = 5_000;
/** Longest wait between two attempts to reach a replica that is down. */
export const MAX_RETRY_MS = 30_000;

/**
 * How often health and lag are measured: every second (two one-row queries, one on each side), or a quarter of the
 * bound when that is shorter, so that a bound of a second or two still holds.
 */
export function checkIntervalMs(maxLagSeconds: number): number {
  return Math.min(1_000, Math.max(250, (maxLagSeconds * 1000) / 4));
}

/** What the replica said about itself, asked right after the primary's WAL position was read. */
export interface LagSample {
  /** pg_is_in_recovery(): false for a database that is not a standby (a read endpoint, a test), which has no lag. */
  standby: boolean;
  /** Its replayed WAL reaches the primary's flushed position read just before (null: the primary wasn't asked). */
  caughtUp: boolean | null;
  /** Seconds since the last transaction it replayed was committed on the primary (null: none replayed yet). */
  replayAgeSeconds: number | null;
}

/**
 * Replay lag in seconds, an upper bound on how stale the replica's reads are. Caught up with the primary's position
 * means 0, however old its last replayed transaction is (an idle primary writes nothing to replay). Behind it, the
 * replica lacks at most what was written since it was last seen caught up, and since its last replayed commit:
 * the smaller of the two. Behind with neither known counts as over any bound.
 */
export function estimateLag(sample: LagSample, now: number, lastCaughtUpAt: number | null): number {
  if (!sample.standby || sample.caughtUp) return 0;
  const sinceCaughtUp = lastCaughtUpAt === null ? Infinity : Math.max(0, (now - lastCaughtUpAt) / 1000);
  return Math.min(sample.replayAgeSeconds ?? Infinity, sinceCaughtUp);
}

const LAG_SQL =
  "select pg_is_in_recovery() as standby, pg_last_wal_replay_lsn() >= $1::pg_lsn as caught_up, " +
  "extract(epoch from clock_timestamp() - pg_last_xact_replay_timestamp())::float8 as replay_age";

/** pg-pool's words when every connection was busy for the whole connect timeout: the replica is busy, not down. */
const POOL_BUSY = /timeout exceeded when trying to connect/i;
/** A query cancelled because replay needed what it read (hot standby): the primary answers it instead. */
const RECOVERY_CONFLICT = /conflict with recovery/i;
/** pg's query_timeout: the connection stopped answering. */
const READ_TIMEOUT = /query read timeout/i;

type Query = (...args: unknown[]) => Promise<unknown>;

/** A connection error in words (Node's refused connection to a name with two addresses is an AggregateError). */
function describeError(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length) return error.errors.map(describeError).join("; ");
  const { message, code } = (error ?? {}) as { message?: string; code?: string };
  return message || code || String(error);
}

class ReplicaHealth {
  current: ReplicaState = "ok";
  lag: number | null = null;
  private attempts = 0;
  private lastCaughtUpAt: number | null = null;
  /** Bumped by every reported failure: a check that began before one does not mark the replica healthy. */
  private failures = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private closed = false;
  private readonly interval: number;

  constructor(
    private readonly replica: pg.Pool,
    private readonly primary: pg.Pool,
    private readonly maxLagSeconds: number,
    private readonly logger?: Logger,
  ) {
    this.interval = checkIntervalMs(maxLagSeconds);
  }

  /** Measures reachability and lag once and moves to the state they call for. */
  async check(): Promise<void> {
    const failures = this.failures;
    // The primary's position first, so that "caught up" means the replica has everything written before the ask.
    const sampledAt = Date.now();
    const primaryLsn = await this.primary
      .query<{ lsn: string }>("select pg_current_wal_flush_lsn()::text as lsn")
      .then((r) => r.rows[0]?.lsn ?? null)
      .catch(() => null);
    let sample: LagSample;
    try {
      const { rows } = await this.replica.query<{
        standby: boolean;
        caught_up: boolean | null;
        replay_age: number | null;
      }>(LAG_SQL, [primaryLsn]);
      const row = rows[0]!;
      sample = { standby: row.standby, caughtUp: row.caught_up, replayAgeSeconds: row.replay_age };
    } catch (error) {
      this.lag = null;
      this.attempts += 1;
      this.move("degraded", error);
      return;
    }
    this.attempts = 0;
    if (sample.caughtUp) this.lastCaughtUpAt = sampledAt;
    // The primary unreachable: no verdict on lag (the site is down anyway); keep the last one.
    if (primaryLsn === null && sample.standby) {
      if (this.current === "degraded" && failures === this.failures) this.move("ok");
      return;
    }
    this.lag = estimateLag(sample, Date.now(), this.lastCaughtUpAt);
    if (failures !== this.failures) return;
    this.move(this.lag > this.maxLagSeconds ? "lagging" : "ok");
  }

  /** A public read could not reach the replica: the next ones go to the primary until a check finds it back. */
  failed(error: unknown) {
    this.failures += 1;
    this.lag = null;
    this.move("degraded", error);
  }

  start() {
    if (this.closed) return;
    const delay =
      this.current === "degraded"
        ? Math.min(MAX_RETRY_MS, this.interval * 2 ** Math.max(0, this.attempts - 1))
        : this.interval;
    this.timer = setTimeout(() => {
      void this.check().finally(() => this.start());
    }, delay);
    this.timer.unref?.();
  }

  stop() {
    this.closed = true;
    clearTimeout(this.timer);
  }

  /** One log line per change of state: a warning when it goes bad, info when it is back. */
  private move(next: ReplicaState, error?: unknown) {
    if (next === this.current || this.closed) return;
    const previous = this.current;
    this.current = next;
    const lagSeconds = this.lag === null || !Number.isFinite(this.lag) ? this.lag : Math.round(this.lag * 10) / 10;
    if (next === "degraded") {
      this.logger?.warn("The read replica (DATABASE_READ_URL) can't be reached: public reads go to the primary", {
        replica: next,
        error: describeError(error),
      });
    } else if (next === "lagging") {
      this.logger?.warn(
        `The read replica is more than DATABASE_READ_MAX_LAG_SECONDS (${this.maxLagSeconds} s) behind: public reads go to the primary until it catches up`,
        { replica: next, lagSeconds: lagSeconds === Infinity ? "unknown" : lagSeconds },
      );
    } else {
      this.logger?.info("The read replica is back: public reads go to it again", {
        replica: next,
        was: previous,
        lagSeconds,
      });
    }
  }
}

/**
 * A pg.Pool look-alike over the two pools that Drizzle can drive ("Pool" in the name: Drizzle checks a client out of
 * it for a transaction). A read the replica fails for a connection reason trips the breaker and is asked of the
 * primary, so the request still answers; any other error is the query's own and is thrown as it is.
 */
class ReadRouterPool {
  constructor(
    private readonly replica: pg.Pool,
    private readonly primary: pg.Pool,
    private readonly health: ReplicaHealth,
  ) {}

  query(...args: unknown[]): Promise<unknown> {
    if (this.health.current !== "ok") return (this.primary.query as Query)(...args);
    return (this.replica.query as Query)(...args).catch((error: unknown) =>
      this.fallBack(error, () => (this.primary.query as Query)(...args)),
    );
  }

  connect(): Promise<pg.PoolClient> {
    if (this.health.current !== "ok") return this.primary.connect();
    return this.replica.connect().catch((error: unknown) => this.fallBack(error, () => this.primary.connect()));
  }

  private fallBack<T>(error: unknown, onPrimary: () => Promise<T>): Promise<T> {
    const message = error instanceof Error ? error.message : "";
    // Busy (every connection in use) or a query cancelled by replay: this read goes to the primary, the replica stays.
    if (POOL_BUSY.test(message) || RECOVERY_CONFLICT.test(message)) return onPrimary();
    if (isDatabaseUnavailable(error) || READ_TIMEOUT.test(message)) {
      this.health.failed(error);
      return onPrimary();
    }
    return Promise.reject(error);
  }
}

/**
 * Opens the replica's pool (no migrations: a standby is read-only and receives the primary's schema by replication)
 * and the breaker over it. A URL the replica refuses (a wrong password, no such database) stops the start; a
 * replica that can't be reached right now does not: the process starts with reads on the primary and keeps trying.
 * A database that is not in recovery is allowed (a managed "read endpoint" or a test), with a warning.
 */
export async function openReadReplica(
  url: string,
  { primary, maxLagSeconds, logger }: { primary: DatabaseHandle; maxLagSeconds: number; logger?: Logger },
): Promise<ReadReplica> {
  if (!primary.pool) throw new Error("A read replica needs a PostgreSQL primary");
  const replica = await openDatabase({
    databaseUrl: url,
    migrate: false,
    poolSize: READ_POOL_SIZE,
    connectTimeoutMs: READ_CONNECT_TIMEOUT_MS,
    queryTimeoutMs: READ_QUERY_TIMEOUT_MS,
    // Each of its pooled connections lost is a detail: the breaker reports the outage once, as a change of state.
    logger: logger && { ...logger, warn: (msg, fields) => logger.debug(msg, fields) },
  });
  const pool = replica.pool!;
  const health = new ReplicaHealth(pool, primary.pool, maxLagSeconds, logger);
  try {
    const { rows } = await pool.query<{ standby: boolean }>("select pg_is_in_recovery() as standby");
    if (rows[0]?.standby)
      logger?.info("Database reads: PostgreSQL replica (DATABASE_READ_URL) for public search and pages");
    else
      logger?.warn(
        "DATABASE_READ_URL is not a standby (pg_is_in_recovery() is false): public search and pages read from it " +
          "and show only what is replicated into it from DATABASE_URL",
      );
    await health.check();
  } catch (error) {
    if (!isDatabaseUnavailable(error)) {
      await replica.close();
      throw error;
    }
    health.failed(error);
  }
  health.start();
  const routedDb = drizzle(new ReadRouterPool(pool, primary.pool, health) as unknown as pg.Pool, {
    schema,
  }) as unknown as Database;
  return {
    ...replica,
    routedDb,
    state: () => health.current,
    lagSeconds: () => health.lag,
    async close() {
      health.stop();
      await replica.close();
    },
  };
}
