import os from "node:os";
import path from "node:path";
import fs from "node:fs";
import { parseConfig } from "~/.server/config";
import { createLogger, type Logger } from "~/.server/logger";
import { createServices } from "../../server/services";
import { createTestDatabase, type TestDatabase } from "./db";

/** Services for integration tests: a private database, a temp DATA_DIR, a silent logger (unless given one). */
export async function createTestServices(env: Record<string, string> = {}, options: { logger?: Logger } = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "near-test-"));
  const config = parseConfig({ NODE_ENV: "test", DATA_DIR: dataDir, LOG_LEVEL: "silent", SEED_DEMO: "false", ...env });
  const database: TestDatabase = await createTestDatabase();
  const logger = options.logger ?? createLogger("silent");
  // Fresh rate limiters per call (each test file builds its own services).
  const services = await createServices({ config, database, logger });
  const { changes, mailer } = services;
  return {
    services,
    database,
    async cleanup() {
      await changes.close();
      await mailer.close();
      await database.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
