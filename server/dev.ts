import http from "node:http";
import { getRequestListener } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import { createServer as createViteServer } from "vite";
import { createApp } from "./http/app";
import { boot } from "./boot";

/**
 * `npm run dev`: the same Hono app as production, with Vite in middleware
 * mode in front of it (hot reload, on-demand compilation of the app).
 */
process.env.NODE_ENV ??= "development";
const services = await boot(process.env);
const { config, logger } = services;

const vite = await createViteServer({ server: { middlewareMode: true }, appType: "custom" });
const app = createApp({
  services,
  mode: "development",
  build: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
});
const honoListener = getRequestListener(app.fetch);

const server = http.createServer((req, res) => {
  vite.middlewares(req, res, () => void honoListener(req, res));
});
server.listen(config.PORT, config.HOST, () => {
  logger.info(`Dev server on http://localhost:${config.PORT} (hot reload)`);
});

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    services.changes.closeAll();
    server.close();
    server.closeAllConnections();
    void Promise.all([
      vite.close(),
      services.changes
        .close()
        .then(() => services.mailer.close())
        .then(() => services.database.close())
        .then(() => services.readDatabase?.close()),
    ]).then(() => process.exit(0));
  });
}
