// `npm run db:restore -- FILE`: replaces the embedded database with a backup from `npm run db:backup`.
// Stop the server first (the data directory's lock refuses otherwise); the replaced files are kept beside it.
import fs from "node:fs";
import { parseConfig, ConfigError } from "../app/.server/config";
import { restoreBackup } from "../app/.server/db/backup";

try {
  const file = process.argv[2];
  if (!file || !fs.existsSync(file)) {
    console.error("Usage: npm run db:restore -- DATA_DIR/backups/near-<time>.tar.gz");
    process.exit(1);
  }
  const config = parseConfig(process.env);
  if (config.DATABASE_URL) {
    console.error("DATABASE_URL is set: restore PostgreSQL with pg_restore or psql (README, Backups).");
    process.exit(1);
  }
  const { keptAt } = await restoreBackup(config.dataDir, file);
  console.log(`Restored ${file} into ${config.dataDir}.${keptAt ? ` The previous files are in ${keptAt}.` : ""}`);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : (error as Error).message);
  process.exit(1);
}
