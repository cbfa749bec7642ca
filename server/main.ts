import { runProductionServer } from "./run";

/**
 * Production entry: `node build/server/main.js`. Run node directly (not via
 * npm) in production so SIGTERM reaches this process: npm 11 does not forward it.
 */
await runProductionServer();
