import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
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
  /** LISTEN on a channel; resolves to an unsubscribe function. */
  listen(channel: string, listener: Listener): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** postgres:// URL; when absent the embedded PGlite under dataDir is used. */
  databaseUrl?: string;
  /** DATA_DIR; PGlite keeps its files in `${dataDir}/pgdata`. Omit for an in-memory PGlite. */
  dataDir?: string;
  /** Apply pending migrations before returning (default true). */
  migrate?: boolean;
  poolSize?: number;
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

const CHANNEL_RE = /^[a-z_][a-z0-9_]*$/;

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  const handle = options.databaseUrl
    ? await openPostgres(options.databaseUrl, options.poolSize)
    : await openPglite(options.dataDir);
  if (options.migrate !== false) {
    try {
      await runMigrations(handle);
    } catch (error) {
      await handle.close();
      throw error;
    }
  }
  return handle;
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

async function openPglite(dataDir: string | undefined): Promise<DatabaseHandle> {
  let release = () => {};
  let dir: string | undefined;
  if (dataDir) {
    release = acquireDataDirLock(dataDir);
    dir = path.join(dataDir, "pgdata");
  }
  let client: PGlite;
  try {
    client = await PGlite.create({ dataDir: dir, extensions: { pg_trgm } });
  } catch (error) {
    release();
    throw error;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  let closed = false;
  return {
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
}

async function openPostgres(url: string, poolSize = 10): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client dying (server restart) must not crash the process.
  pool.on("error", () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  // LISTEN needs one dedicated connection, opened on first use.
  let listenClient: pg.Client | undefined;
  const listeners = new Map<string, Set<Listener>>();
  let closed = false;

  async function getListenClient() {
    if (listenClient) return listenClient;
    const client = new pg.Client({ connectionString: url });
    client.on("error", () => {});
    client.on("notification", (msg) => {
      for (const l of listeners.get(msg.channel) ?? []) l(msg.payload ?? "");
    });
    await client.connect();
    listenClient = client;
    return client;
  }

  return {
    db,
    driver: "postgres",
    pool,
    async ping() {
      await pool.query("select 1");
    },
    async listen(channel, listener) {
      if (!CHANNEL_RE.test(channel)) throw new Error(`Bad channel name ${channel}`);
      const client = await getListenClient();
      let set = listeners.get(channel);
      if (!set) {
        set = new Set();
        listeners.set(channel, set);
        await client.query(`LISTEN ${channel}`);
      }
      set.add(listener);
      return async () => {
        set.delete(listener);
      };
    },
    async notify(channel, payload) {
      await pool.query("select pg_notify($1, $2)", [channel, payload]);
    },
    async close() {
      if (closed) return;
      closed = true;
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
