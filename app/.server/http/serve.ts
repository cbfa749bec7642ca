import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { serve } from "@hono/node-server";
import type { Hono } from "hono";
import type { Logger } from "../logger";

export interface RunningServer {
  server: Server;
  port: number;
  /** Stop accepting, let in-flight requests finish (up to timeoutMs), then run onClosed. */
  shutdown(reason: string): Promise<void>;
}

export interface ServeOptions {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  app: Hono<any>;
  port: number;
  host: string;
  logger: Logger;
  timeoutMs: number;
  /** Abort long-lived streams (SSE) so the server can close. */
  beforeClose?: () => void;
  /** Close the database and other resources once no request is in flight. */
  onClosed: () => Promise<void>;
}

export function listen(options: ServeOptions): Promise<RunningServer> {
  const { app, logger } = options;
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, port: options.port, hostname: options.host }) as Server;
    server.once("error", reject);
    server.once("listening", () => {
      server.off("error", reject);
      const port = (server.address() as AddressInfo).port;
      let closing: Promise<void> | undefined;

      const shutdown = (reason: string) => {
        closing ??= (async () => {
          logger.info(`Shutting down (${reason}): finishing in-flight requests`);
          options.beforeClose?.();
          await new Promise<void>((done) => {
            const timer = setTimeout(() => {
              logger.warn("Shutdown timeout reached: closing remaining connections");
              server.closeAllConnections();
            }, options.timeoutMs);
            timer.unref();
            // close() stops accepting and waits for open requests; idle
            // keep-alive sockets are closed now and as requests finish.
            server.close(() => {
              clearTimeout(timer);
              done();
            });
            server.closeIdleConnections();
            const sweeper = setInterval(() => server.closeIdleConnections(), 100);
            sweeper.unref();
            server.once("close", () => clearInterval(sweeper));
          });
          await options.onClosed();
          logger.info("Shutdown complete");
        })();
        return closing;
      };
      resolve({ server, port, shutdown });
    });
  });
}
