import { syncAdminEmails } from "../app/features/auth/admins.server";
import { configuredProviders } from "../app/features/auth/auth.server";
import { backfillPositions } from "../app/features/listings/position.server";
import { describeDemoAccounts, ensureDemoAccounts } from "./seed/demo-accounts";
import { WeakSecretError } from "../app/.server/auth-secret";
import { ConfigError, parseConfig, type Config } from "../app/.server/config";
import { openDatabase, type DatabaseHandle } from "../app/.server/db/client";
import { DataDirLockedError } from "../app/.server/db/lock";
import { openReadReplica } from "../app/.server/db/read-replica";
import { createLogger, type Logger } from "../app/.server/logger";
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
    ? await openReadReplica(config.DATABASE_READ_URL, {
        primary: database,
        maxLagSeconds: config.DATABASE_READ_MAX_LAG_SECONDS,
        logger,
      }).catch(async (error: Error) => {
        await database.close();
        fail(`Could not open the read replica from DATABASE_READ_URL: ${error.message}`);
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
  // Every listing has a place (issue 40, docs/maps.md): listings without a position get the built-in gazetteer's,
  // in the background (batched, idempotent; nothing is loaded when every listing has one).
  void backfillPositions(database.db, logger).catch((error: Error) =>
    logger.warn(`Positions: the backfill stopped: ${error.message}`),
  );
  return services;
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
