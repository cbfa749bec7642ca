import os from "node:os";
import path from "node:path";
import fs from "node:fs";
import { createAuth } from "~/features/auth/auth.server";
import { createMailer } from "~/.server/mail";
import { startChangeFeed } from "~/.server/changes";
import { parseConfig } from "~/.server/config";
import { createLogger } from "~/.server/logger";
import { createMediaStorage } from "~/.server/media/storage";
import { createRateLimits } from "../../server/rate-limits";
import type { AppServices } from "../../server/services";
import { createTestDatabase, type TestDatabase } from "./db";

/** Services for integration tests: a private database, a temp DATA_DIR, a silent logger. */
export async function createTestServices(env: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "near-test-"));
  const config = parseConfig({ NODE_ENV: "test", DATA_DIR: dataDir, LOG_LEVEL: "silent", SEED_DEMO: "false", ...env });
  const database: TestDatabase = await createTestDatabase();
  const logger = createLogger("silent");
  const changes = await startChangeFeed(database, logger);
  const mailer = createMailer({ config, logger });
  const auth = createAuth({ config, database, logger, mailer });
  // Fresh rate limiters per call (each test file builds its own services).
  const services: AppServices = {
    config,
    database,
    logger,
    changes,
    auth,
    mailer,
    storage: createMediaStorage(config),
    limits: createRateLimits(),
  };
  return {
    services,
    database,
    async cleanup() {
      await changes.close();
      mailer.close();
      await database.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
