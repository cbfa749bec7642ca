import { boot } from "../../server/boot";
import { createApp } from "../../server/http/app";
import { listen } from "../../server/http/serve";

/**
 * A Near server process without the page build (API, Better Auth, live
 * updates, /healthz), for tests that run several processes on one
 * PostgreSQL: `tsx tests/support/api-server.ts` with the usual environment;
 * prints `LISTENING <port>` once it accepts connections (PORT=0 picks one).
 */
const services = await boot(process.env);
const running = await listen({
  app: createApp({ services }),
  port: services.config.PORT,
  host: "127.0.0.1",
  logger: services.logger,
  timeoutMs: 2_000,
  beforeClose: () => services.changes.closeAll(),
  // As server/run.ts: the workers stop before the database closes. A mail worker still polling a closing database
  // could end the process before the data directory's lock was released (crash-safety.test.ts found near.lock left
  // behind once, under CI's load).
  onClosed: async () => {
    await services.imports.close();
    await services.changes.close();
    await services.mailer.close();
    await services.database.close();
    await services.readDatabase?.close();
  },
});
process.stdout.write(`LISTENING ${running.port}\n`);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void running.shutdown(signal).then(() => process.exit(0));
  });
}
