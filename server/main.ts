import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { createApp } from "./http/app";
import { listen } from "./http/serve";
import { boot } from "./boot";

/**
 * Production entry: `node build/server/main.js`. Run node directly (not via
 * npm) in production so SIGTERM reaches this process: npm 11 does not forward it.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const services = await boot(process.env);
const { config, logger, database } = services;

const build = (await import(pathToFileURL(path.join(here, "index.js")).href)) as ServerBuild;
const app = createApp({ services, build, clientDir: path.join(here, "..", "client"), mode: "production" });

const running = await listen({
  app,
  port: config.PORT,
  host: config.HOST,
  logger,
  timeoutMs: config.SHUTDOWN_TIMEOUT_MS,
  beforeClose: () => services.changes.closeAll(),
  onClosed: async () => {
    await services.changes.close();
    await database.close();
  },
}).catch((error: NodeJS.ErrnoException) => {
  process.stderr.write(
    error.code === "EADDRINUSE"
      ? `\nPort ${config.PORT} is already in use. Set PORT to another port.\n\n`
      : `\nCould not start the server: ${error.message}\n\n`,
  );
  return database.close().then(() => process.exit(1));
});

logger.info(
  config.PUBLIC_URL
    ? `${config.SITE_NAME} is running at ${config.PUBLIC_URL} (open it at this address: sign-in accepts only PUBLIC_URL)`
    : `${config.SITE_NAME} is running at http://localhost:${running.port}`,
);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    running
      .shutdown(signal)
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        logger.error("Shutdown failed", { error });
        process.exit(1);
      });
  });
}
