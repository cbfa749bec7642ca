import { syncAdminEmails } from "../app/features/auth/admins.server";
import { configuredProviders } from "../app/features/auth/auth.server";
import { describeDemoAccounts, ensureDemoAccounts } from "./seed/demo-accounts";
import { WeakSecretError } from "../app/.server/auth-secret";
import { ConfigError, parseConfig, type Config } from "../app/.server/config";
import { openDatabase, queryRows, type DatabaseHandle } from "../app/.server/db/client";
import { DataDirLockedError } from "../app/.server/db/lock";
import { createLogger, type Logger } from "../app/.server/logger";
import { sql } from "drizzle-orm";
import { seedDemoData } from "./seed/seed";
import { createServices, type AppServices } from "./services";

/**
 * What both the production server (server/main.ts) and the dev server
 * (server/dev.ts) do before serving: configuration, database, migrations,
 * demo data. A problem here prints one clear message and exits 1.
 */
export async function boot(env: Record<string, string | undefined>): Promise<AppServices> {
  let config: Config;
  try {
    config = parseConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  const logger: Logger = createLogger(config.LOG_LEVEL);

  let database: DatabaseHandle;
  try {
    database = await openDatabase({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.DATABASE_URL ? undefined : config.dataDir,
      logger,
    });
  } catch (error) {
    if (error instanceof DataDirLockedError) fail(error.message);
    // Drizzle's "Failed query: …" keeps the database's own words in `cause`.
    const cause = (error as Error).cause;
    const message = [(error as Error).message, cause instanceof Error ? cause.message : undefined]
      .filter(Boolean)
      .join("\n");
    fail(
      config.DATABASE_URL
        ? `Could not open the PostgreSQL database from DATABASE_URL: ${message}`
        : `Could not open the embedded database in ${config.dataDir}: ${message}`,
    );
  }
  logger.info(
    database.driver === "postgres"
      ? "Database: PostgreSQL (DATABASE_URL)"
      : `Database: embedded PGlite in ${config.dataDir}`,
  );

  const readDatabase = config.DATABASE_READ_URL
    ? await openReadReplica(config.DATABASE_READ_URL, logger).catch(async (error: Error) => {
        await database.close();
        fail(`Could not reach the read replica from DATABASE_READ_URL: ${error.message}`);
      })
    : null;

  let services: AppServices;
  try {
    services = await createServices({ config, database, readDatabase, logger });
  } catch (error) {
    if (error instanceof WeakSecretError) {
      await readDatabase?.close();
      await database.close();
      fail(error.message);
    }
    throw error;
  }
  if (config.SEED_DEMO) {
    const seeded = await seedDemoData(services);
    if (seeded) logger.info(`Demo data: added ${seeded.businesses} businesses and ${seeded.reviews} reviews`);
  }
  await startAccounts(services);
  return services;
}

/**
 * Connections to the read replica: it serves only the public reads (search, category and business pages, the
 * directory API, the sitemap), short queries that a few connections per process keep up with; the primary keeps
 * its own pool of 10 for everything else.
 */
const READ_POOL_SIZE = 5;

/**
 * The second pool, on DATABASE_READ_URL: no migrations (a standby is read-only and receives the primary's schema
 * through replication), checked once so that a wrong URL stops the start rather than every search. A database that
 * is not in recovery is allowed (a managed "read endpoint" or a test), with a warning: it only shows what is
 * replicated into it.
 */
async function openReadReplica(url: string, logger: Logger): Promise<DatabaseHandle> {
  const replica = await openDatabase({ databaseUrl: url, migrate: false, poolSize: READ_POOL_SIZE, logger });
  try {
    const [row] = await queryRows<{ standby: boolean }>(replica.db, sql`select pg_is_in_recovery() as standby`);
    if (row?.standby) logger.info("Database reads: PostgreSQL replica (DATABASE_READ_URL) for public search and pages");
    else
      logger.warn(
        "DATABASE_READ_URL is not a standby (pg_is_in_recovery() is false): public search and pages read from it " +
          "and show only what is replicated into it from DATABASE_URL",
      );
  } catch (error) {
    await replica.close();
    throw error;
  }
  return replica;
}

/** Admins from ADMIN_EMAILS, demo accounts, and a word on how email and social sign-in are set up. */
async function startAccounts({ config, database, logger, auth, mailer }: AppServices) {
  const added = await syncAdminEmails(database.db, config.ADMIN_EMAILS);
  if (added.length) logger.info(`Admins added from ADMIN_EMAILS: ${added.join(", ")}`);
  if (config.SEED_DEMO) {
    const { accounts, created, file } = await ensureDemoAccounts({ auth, db: database.db, config });
    logger.info(describeDemoAccounts(accounts, { publicUrl: config.publicUrl, file, withPasswords: created > 0 }));
  }
  if (mailer.mode === "outbox") {
    logger.info(`Email: no SMTP_URL, so account emails are saved as .eml files in ${config.dataDir}/outbox/`);
  }
  const providers = configuredProviders(config);
  const off = Object.entries(providers)
    .filter(([, on]) => !on)
    .map(([id]) => id);
  if (off.length) logger.info(`Social sign-in not configured: ${off.join(", ")} (see docs/accounts.md)`);
  if (config.GOOGLE_OIDC_DISCOVERY_URL || config.GITHUB_OIDC_DISCOVERY_URL) {
    logger.info("Social sign-in uses a local OpenID stand-in (*_OIDC_DISCOVERY_URL): for tests and development only");
  }
}

function fail(message: string): never {
  process.stderr.write(`\n${message}\n\n`);
  process.exit(1);
}
