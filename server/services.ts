import path from "node:path";
import { createAuth, type Auth } from "../app/features/auth/auth.server";
import { createMailQueue, createMailTransport, type Mailer } from "../app/.server/mail";
import { startChangeFeed, type ChangeFeed } from "../app/.server/changes";
import { systemClock, type Clock } from "../app/.server/clock";
import type { Config } from "../app/.server/config";
import type { Database, DatabaseHandle } from "../app/.server/db/client";
import type { ReadReplica } from "../app/.server/db/read-replica";
import type { Logger } from "../app/.server/logger";
import { createPostgresSearchEngine, type SearchEngine } from "../app/features/directory/search-engine.server";
import { ImportJobs } from "../app/features/import/jobs.server";
import { createMediaStorage } from "../app/.server/media/storage";
import type { MediaStorage } from "../app/.server/media/types";
import { createRateLimits, type RateLimits } from "./rate-limits";

/**
 * Long-lived things the server creates once at boot and hands to every
 * request through the router's load context (never module-level imports in
 * route code — see React Router's node-postgres template).
 */
export interface AppServices {
  config: Config;
  /** The primary: every write, and every read that must see them (signed-in pages, auth, right after a write). */
  database: DatabaseHandle;
  /**
   * The read replica (DATABASE_READ_URL), when there is one: opened without migrations, closed at shutdown, with
   * its state (ok, degraded, lagging) for /healthz.
   */
  readDatabase: ReadReplica | null;
  /**
   * Where anonymous-style public reads go that tolerate a second of replica lag (search, category pages, the home
   * page's lists, public business pages, the public directory API, autocomplete, the sitemap): the replica while
   * it answers and keeps up, else the primary (ADR 017); the primary's db when there is none. Never write through it.
   */
  readDb: Database;
  /** The directory's search and autocomplete over `readDb` (app/features/directory/search-engine.server.ts). */
  search: SearchEngine;
  logger: Logger;
  /** Business change notifications (LISTEN/NOTIFY), relayed to browsers over SSE. */
  changes: ChangeFeed;
  /** Better Auth: sessions, sign-in, sign-up, social sign-in, two-factor (app/features/auth/auth.server.ts). */
  auth: Auth;
  /** Emails, queued durably in mail_queue and sent by a worker: SMTP when SMTP_URL is set, else DATA_DIR/outbox/. */
  mailer: Mailer;
  /** Photo files: DATA_DIR/media, or S3 when S3_BUCKET is set. */
  storage: MediaStorage;
  /** The rate limits, one set per running app: in memory on PGlite, shared through the database on PostgreSQL. */
  limits: RateLimits;
  /** What time it is (the system's; tests and the e2e server may pin it). */
  clock: Clock;
  /** Imports started from /admin/import: their uploads (DATA_DIR/tmp/import), progress and rejects. */
  imports: ImportJobs;
}

/** On PostgreSQL every process counts in one table (rate_limits), so a limit holds across processes. */
function shareRateLimits(limits: RateLimits, database: DatabaseHandle): RateLimits {
  const { pool } = database;
  if (pool) for (const [name, limiter] of Object.entries(limits)) limiter.useStore({ kind: "postgres", pool }, name);
  return limits;
}

/**
 * Builds the services on an open database: the one recipe for the server
 * (server/boot.ts) and the integration tests (tests/support/services.ts).
 * createAuth may throw WeakSecretError; the caller decides how to report it.
 */
export async function createServices({
  config,
  database,
  readDatabase = null,
  logger,
  clock = systemClock,
}: Pick<AppServices, "config" | "database" | "logger"> & {
  readDatabase?: ReadReplica | null;
  clock?: Clock;
}): Promise<AppServices> {
  const changes = await startChangeFeed(database, logger);
  const mailer = createMailQueue({ db: database.db, transport: createMailTransport({ config, logger }), logger });
  try {
    const storage = createMediaStorage(config);
    const auth = createAuth({ config, database, logger, mailer, storage });
    const readDb = readDatabase?.routedDb ?? database.db;
    return {
      config,
      database,
      readDatabase,
      readDb,
      search: createPostgresSearchEngine(readDb, {
        site: { city: config.SITE_CITY, state: config.SITE_STATE, country: config.SITE_COUNTRY },
      }),
      logger,
      changes,
      auth,
      mailer,
      storage,
      limits: shareRateLimits(createRateLimits(), database),
      clock,
      imports: new ImportJobs(path.join(config.dataDir, "tmp", "import")),
    };
  } catch (error) {
    await changes.close();
    await mailer.close();
    throw error;
  }
}
