import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { cube } from "@electric-sql/pglite/contrib/cube";
import { earthdistance } from "@electric-sql/pglite/contrib/earthdistance";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql, type SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "./schema";
import { acquireDataDirLock } from "./lock";
import { PgliteThread } from "./pglite-thread";
import { timedQuery } from "./query-timing";
import type { Logger } from "../logger";

export type Schema = typeof schema;
/** The one database type the app codes against; both drivers satisfy it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export type Listener = (payload: string) => void;

export interface DatabaseHandle {
  db: Database;
  driver: "pglite" | "postgres";
  /** PostgreSQL only: the connection pool, for stores that speak node-postgres (shared rate limits). */
  pool?: pg.Pool;
  /** `SELECT 1`, for /healthz. */
  ping(): Promise<void>;
  /**
   * LISTEN on a channel; resolves to an unsubscribe function. On PostgreSQL a
   * lost LISTEN connection is reopened with back-off, then onReconnect runs
   * (notifications sent while it was down are lost: reload what they kept current).
   */
  listen(channel: string, listener: Listener, onReconnect?: () => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  /**
   * Embedded database only: a consistent copy of the whole data directory as a
   * tar, gzipped unless asked otherwise (PGlite's dump, taken between two queries while it runs).
   */
  dump?(compression?: "gzip" | "none"): Promise<Blob>;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** postgres:// URL; when absent the embedded PGlite under dataDir is used. */
  databaseUrl?: string;
  /** DATA_DIR; PGlite keeps its files in `${dataDir}/pgdata`. Omit for an in-memory PGlite. */
  dataDir?: string;
  /**
   * In-memory PGlite only: start as a copy of this file, a dump written by `dumpDataDir("none")`, instead of an
   * empty database. The tests start each file's database from one migrated copy (PGlite's initdb is most of the
   * cost of a new database); migrations still run, and find nothing to do when the copy is current.
   */
  fromDump?: string;
  /** Apply pending migrations before returning (default true). */
  migrate?: boolean;
  poolSize?: number;
  /** PostgreSQL: how long a new connection may take (default 5 s); the read replica's pool uses less. */
  connectTimeoutMs?: number;
  /** PostgreSQL: how long one query may wait for its answer before it fails (default: no limit). */
  queryTimeoutMs?: number;
  /** Where connection trouble is reported (a lost LISTEN connection, a failed pooled connection). */
  logger?: Logger;
}

/** Finds the committed migrations whether we run from source or from build/. */
export function migrationsFolder() {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = path.join(dir, "drizzle");
    if (fs.existsSync(path.join(candidate, "meta", "_journal.json"))) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error("Could not find the drizzle/ migrations folder");
    dir = parent;
  }
}

/** Loaded into every embedded database: typo-tolerant search, and distances for "Near me" (docs/maps.md). */
const PGLITE_EXTENSIONS = { pg_trgm, cube, earthdistance };

const CHANNEL_RE = /^[a-z_][a-z0-9_]*$/;

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  const { handle, initPending } = options.databaseUrl
    ? { handle: await openPostgres(options.databaseUrl, options), initPending: undefined }
    : await openPglite(options.dataDir, options.logger, options.fromDump);
  if (options.migrate !== false) {
    try {
      options.logger?.debug("Applying database migrations");
      await runMigrations(handle);
    } catch (error) {
      await handle.close();
      throw error;
    }
    // Written last: from here on the embedded database is a complete one, never moved aside.
    if (initPending) clearInitPending(initPending);
  }
  return handle;
}

/**
 * A new embedded database is created in two steps a crash can split (PGlite's
 * initdb, then the migrations): this file, beside pgdata, exists from before
 * the first until after the last. pgdata with it is a first start that never
 * finished (holding no data of anyone's yet), which the next start moves aside
 * and creates anew. pgdata without it (a finished one, or one from before this
 * file existed) is always opened as it is.
 */
const INIT_PENDING_FILE = "pgdata.initialising";

/** After a restore: the restored pgdata is a complete database, whatever the one before it was. */
export function clearInitPending(dataDir: string) {
  fs.rmSync(path.join(dataDir, INIT_PENDING_FILE), { force: true });
  fsyncDir(dataDir);
}

function fsyncDir(dir: string) {
  try {
    const fd = fs.openSync(dir, "r");
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    // Not every platform can fsync a directory (Windows); the rename or write itself still happened.
  }
}

/** Moves an interrupted first start's pgdata aside; returns whether a new database is about to be created. */
function prepareEmbeddedDir(dataDir: string, pgdata: string, logger?: Logger): boolean {
  const pending = path.join(dataDir, INIT_PENDING_FILE);
  if (fs.existsSync(pending) && fs.existsSync(pgdata)) {
    const aside = `${pgdata}.incomplete-${new Date().toISOString().replace(/[:.]/g, "-")}`;
    fs.renameSync(pgdata, aside);
    const message =
      `The embedded database in ${pgdata} was never fully created (its first start was stopped before the ` +
      `migrations finished). It was moved to ${aside} and a new one is being created; that folder can be deleted.`;
    if (logger) logger.warn(message);
    else process.stderr.write(`${message}\n`);
  }
  if (fs.existsSync(pgdata)) return false;
  fs.mkdirSync(dataDir, { recursive: true });
  const fd = fs.openSync(pending, "w");
  try {
    fs.writeSync(fd, `${new Date().toISOString()}\n`);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fsyncDir(dataDir);
  return true;
}

export async function runMigrations(handle: DatabaseHandle) {
  const folder = migrationsFolder();
  if (handle.driver === "pglite") {
    await migratePglite(handle.db as never, { migrationsFolder: folder });
    return;
  }
  // Several processes may start at once on one PostgreSQL: serialise migrations.
  await handle.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(7316203)`);
    await migratePg(tx as never, { migrationsFolder: folder });
  });
}

/**
 * A new embedded database directory filled from a dump (npm run db:restore).
 * The caller holds the data directory's lock and has moved the old files aside.
 */
export async function restorePgliteDump(pgdataDir: string, dump: Blob): Promise<void> {
  const client = await PGlite.create({ dataDir: pgdataDir, loadDataDir: dump, extensions: PGLITE_EXTENSIONS });
  await client.query("select 1");
  await client.close();
}

async function openPglite(
  dataDir: string | undefined,
  logger?: Logger,
  fromDump?: string,
): Promise<{ handle: DatabaseHandle; initPending?: string }> {
  let release = () => {};
  let dir: string | undefined;
  let creating = false;
  let client: PgliteThread;
  try {
    if (dataDir) {
      release = acquireDataDirLock(dataDir, {
        // Another process took the directory over after this one stopped answering (its heartbeat stopped): two
        // writers would corrupt it, so this one stops at once, without writing anything more.
        onLost: (holder) => {
          logger?.error(
            `The data directory ${dataDir} was taken over by another process (pid ${holder?.pid} on ${holder?.host}): stopping.`,
          );
          process.exit(1);
        },
      });
      dir = path.join(dataDir, "pgdata");
      creating = prepareEmbeddedDir(dataDir, dir, logger);
      if (creating) logger?.info(`Creating a new embedded database in ${dir}`);
    }
    // On its own thread: queries no longer stop rendering (pglite-thread.ts).
    if (fromDump && dataDir) throw new Error("fromDump is for an in-memory database only");
    client = await PgliteThread.create(dir, fromDump);
  } catch (error) {
    release();
    throw error;
  }
  // Queries count toward the request that runs them (Server-Timing: db).
  client.query = timedQuery(client.query.bind(client)) as typeof client.query;
  client.exec = timedQuery(client.exec.bind(client)) as typeof client.exec;
  const db = drizzlePglite(client as never, { schema }) as unknown as Database;
  let closed = false;
  const handle: DatabaseHandle = {
    db,
    driver: "pglite",
    async ping() {
      await client.query("select 1");
    },
    async listen(channel, listener) {
      if (!CHANNEL_RE.test(channel)) throw new Error(`Bad channel name ${channel}`);
      const unsub = await client.listen(channel, listener);
      return async () => {
        if (!closed) await unsub();
      };
    },
    async notify(channel, payload) {
      await client.query("select pg_notify($1, $2)", [channel, payload]);
    },
    async dump(compression = "gzip") {
      return client.dumpDataDir(compression);
    },
    async close() {
      if (closed) return;
      closed = true;
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
  return { handle, initPending: creating ? dataDir : undefined };
}

const CONNECT_TIMEOUT_MS = 5_000;
/** Back-off between attempts to restore the LISTEN connection: 100 ms doubling up to 5 s. */
const RECONNECT_MIN_MS = 100;
const RECONNECT_MAX_MS = 5_000;

async function openPostgres(
  url: string,
  { poolSize = 10, logger, connectTimeoutMs = CONNECT_TIMEOUT_MS, queryTimeoutMs }: OpenOptions,
): Promise<DatabaseHandle> {
  // A database that doesn't answer fails a connection attempt after 5 s rather than hanging the request.
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: connectTimeoutMs,
    query_timeout: queryTimeoutMs,
  });
  // An idle client dying (server restart) must not crash the process; the pool replaces it.
  pool.on("error", (error) => logger?.warn("A pooled database connection failed", { error: error.message }));
  // Queries count toward the request that runs them (Server-Timing: db): pool.query for single statements, and the
  // promise form of a checked-out connection's query for transactions (pool.query's own callback form is not
  // counted twice).
  const poolQuery = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  pool.query = timedQuery(poolQuery) as typeof pool.query;
  pool.on("connect", (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
    const timed = timedQuery(query);
    client.query = ((...args: unknown[]) =>
      typeof args[args.length - 1] === "function" ? query(...args) : timed(...args)) as typeof client.query;
  });
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  // LISTEN needs one dedicated connection, opened on first use and reopened (with back-off)
  // whenever it is lost: the database restarting, or terminating the backend.
  let listenClient: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let attempts = 0;
  const listeners = new Map<string, Set<Listener>>();
  const reconnectHooks = new Set<() => void>();
  let closed = false;

  function connectListener(): Promise<pg.Client> {
    if (listenClient) return Promise.resolve(listenClient);
    connecting ??= (async () => {
      const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
      let ready = false;
      const lost = (error?: Error) => {
        if (!ready) return; // a failed connect is reported by connect() itself
        ready = false;
        if (listenClient === client) listenClient = undefined;
        client.end().catch(() => {});
        if (closed) return;
        logger?.warn("The database LISTEN connection was lost; reconnecting", { error: error?.message });
        scheduleReconnect();
      };
      client.on("error", lost);
      client.on("end", () => lost());
      client.on("notification", (msg) => {
        for (const l of listeners.get(msg.channel) ?? []) l(msg.payload ?? "");
      });
      try {
        await client.connect();
        for (const channel of listeners.keys()) await client.query(`LISTEN ${channel}`);
      } catch (error) {
        client.end().catch(() => {});
        throw error;
      }
      ready = true;
      listenClient = client;
      return client;
    })().finally(() => {
      connecting = undefined;
    });
    return connecting;
  }

  function scheduleReconnect() {
    if (closed || reconnectTimer) return;
    const delay = Math.min(RECONNECT_MAX_MS, RECONNECT_MIN_MS * 2 ** attempts);
    attempts += 1;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      connectListener().then(
        () => {
          if (closed) return;
          logger?.info("The database LISTEN connection is back", { attempts });
          attempts = 0;
          for (const hook of reconnectHooks) hook();
        },
        (error: Error) => {
          logger?.warn("Reconnecting the database LISTEN connection failed; retrying", {
            error: error.message,
            attempts,
          });
          scheduleReconnect();
        },
      );
    }, delay);
    reconnectTimer.unref?.();
  }

  return {
    db,
    driver: "postgres",
    pool,
    async ping() {
      await pool.query("select 1");
    },
    async listen(channel, listener, onReconnect) {
      if (!CHANNEL_RE.test(channel)) throw new Error(`Bad channel name ${channel}`);
      let set = listeners.get(channel);
      const isNew = !set;
      if (!set) {
        set = new Set();
        listeners.set(channel, set);
      }
      set.add(listener);
      try {
        // A new connection LISTENs on every channel in `listeners`, this one included.
        if (!listenClient) await connectListener();
        else if (isNew) await listenClient.query(`LISTEN ${channel}`);
      } catch (error) {
        set.delete(listener);
        if (!set.size) listeners.delete(channel);
        throw error;
      }
      if (onReconnect) reconnectHooks.add(onReconnect);
      return async () => {
        set.delete(listener);
        if (onReconnect) reconnectHooks.delete(onReconnect);
      };
    },
    async notify(channel, payload) {
      await pool.query("select pg_notify($1, $2)", [channel, payload]);
    },
    async close() {
      if (closed) return;
      closed = true;
      clearTimeout(reconnectTimer);
      await listenClient?.end().catch(() => {});
      await pool.end();
    },
  };
}

/** Runs raw SQL and returns its rows on either driver (both answer `{ rows }`). */
export async function queryRows<T>(db: Pick<Database, "execute">, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
