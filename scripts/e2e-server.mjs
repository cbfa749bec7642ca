// Serves the production build for the end-to-end tests: a fresh data
// directory every run, demo data, and the test-only hooks switched on.
import fs from "node:fs";
import path from "node:path";

const dataDir = path.resolve(`.tmp/e2e-data-${process.env.PORT ?? "3210"}`);
fs.rmSync(dataDir, { recursive: true, force: true });
process.env.DATA_DIR = dataDir;
process.env.NODE_ENV = "production";
process.env.TEST_HOOKS = "true";
process.env.SEED_DEMO = "true";
process.env.LOG_LEVEL ??= "warn";
delete process.env.DATABASE_URL;
await import(path.resolve(process.env.NEAR_BUILD_DIR ?? "build", "server/main.js"));
