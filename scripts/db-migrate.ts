// `npm run db:migrate`: applies pending migrations to the configured database
// (DATABASE_URL, else the embedded PGlite in DATA_DIR) and exits. The server
// also does this at start; this is for deploy pipelines.
import { parseConfig, ConfigError } from "../app/.server/config";
import { openDatabase } from "../app/.server/db/client";

try {
  const config = parseConfig(process.env);
  const handle = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATABASE_URL ? undefined : config.dataDir,
  });
  await handle.close();
  console.log(`Migrations applied (${config.DATABASE_URL ? "PostgreSQL" : `PGlite in ${config.dataDir}`}).`);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : (error as Error).message);
  process.exit(1);
}
