import { startChangeFeed } from "../app/.server/changes";
import { ConfigError, parseConfig, type Config } from "../app/.server/config";
import { openDatabase, type DatabaseHandle } from "../app/.server/db/client";
import { DataDirLockedError } from "../app/.server/db/lock";
import { createLogger, type Logger } from "../app/.server/logger";
import { seedDemoData } from "../app/.server/seed/seed";
import type { AppServices } from "../app/.server/services";

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
    });
  } catch (error) {
    if (error instanceof DataDirLockedError) fail(error.message);
    const message = (error as Error).message;
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

  const changes = await startChangeFeed(database, logger);
  const services: AppServices = { config, database, logger, changes };
  if (config.SEED_DEMO) {
    const seeded = await seedDemoData(services);
    if (seeded) logger.info(`Demo data: added ${seeded.businesses} businesses and ${seeded.reviews} reviews`);
  }
  return services;
}

function fail(message: string): never {
  process.stderr.write(`\n${message}\n\n`);
  process.exit(1);
}
