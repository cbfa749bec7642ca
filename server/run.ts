import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { createApp, type CreateAppOptions } from "./http/app";
import { listen } from "./http/serve";
import { boot } from "./boot";
import { backupOnSignal } from "../app/.server/db/backup";

/** What only the end-to-end entry adds (server/e2e-main.ts); the production entry passes nothing. */
export type RunOptions = Pick<CreateAppOptions, "before" | "overrideContext">;

/**
 * Boots and serves the production build (build/server/index.js and
 * build/client, next to the bundled entry), and shuts down cleanly on
 * SIGINT/SIGTERM. Shared by server/main.ts and server/e2e-main.ts.
 */
export async function runProductionServer(options: RunOptions = {}) {
  // Both entries are bundled into build/server/, next to React Router's index.js.
  const here = path.dirname(fileURLToPath(import.meta.url));
  const services = await boot(process.env);
  const { config, logger, database } = services;

  const build = (await import(pathToFileURL(path.join(here, "index.js")).href)) as ServerBuild;
  const app = createApp({
    services,
    build,
    clientDir: path.join(here, "..", "client"),
    mode: "production",
    ...options,
  });

  const running = await listen({
    app,
    port: config.PORT,
    host: config.HOST,
    logger,
    timeoutMs: config.SHUTDOWN_TIMEOUT_MS,
    beforeClose: () => services.changes.closeAll(),
    onClosed: async () => {
      await services.imports.close();
      await services.changes.close();
      // Stops the email worker; what it had not sent waits in mail_queue for the next start.
      await services.mailer.close();
      await database.close();
      await services.readDatabase?.close();
    },
  }).catch((error: NodeJS.ErrnoException) => {
    process.stderr.write(
      error.code === "EADDRINUSE"
        ? `\nPort ${config.PORT} is already in use. Set PORT to another port.\n\n`
        : `\nCould not start the server: ${error.message}\n\n`,
    );
    return Promise.all([database.close(), services.readDatabase?.close()]).then(() => process.exit(1));
  });

  logger.info(
    config.PUBLIC_URL
      ? `${config.SITE_NAME} is running at ${config.PUBLIC_URL} (open it at this address: sign-in accepts only PUBLIC_URL)`
      : `${config.SITE_NAME} is running at http://localhost:${running.port}`,
  );

  // React picks its build from NODE_ENV when first loaded (build/server/main.js defaults it to production first).
  if (process.env.NODE_ENV !== "production")
    logger.warn(
      `NODE_ENV is ${process.env.NODE_ENV ? `"${process.env.NODE_ENV}"` : "not set"}: React renders with its development build, several times slower. Set NODE_ENV=production.`,
    );

  // The embedded database: `npm run db:backup` asks this process (the only one that may open it) for a backup.
  if (database.dump) backupOnSignal(database, config.dataDir, logger);

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
}
