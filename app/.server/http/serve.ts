import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import type { Hono } from "hono";
import type { Logger } from "../logger";

export interface RunningServer {
  server: Server;
  port: number;
  /** True from the moment shutdown starts (health checks report it). */
  isDraining(): boolean;
  /** Drain, stop accepting, let in-flight requests finish (up to timeoutMs), then run onClosed. */
  shutdown(reason: string): Promise<void>;
}

export interface ServeOptions {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  app: Hono<any>;
  port: number;
  host: string;
  logger: Logger;
  timeoutMs: number;
  /** How long the server must see no new request before it stops listening. */
  quietMs?: number;
  /** Abort long-lived streams (SSE) so the server can close. */
  beforeClose?: () => void;
  /** Close the database and other resources once no request is in flight. */
  onClosed: () => Promise<void>;
}

/**
 * Graceful shutdown in two phases. Draining: keep accepting (requests already
 * queued in the kernel's backlog would otherwise be reset), answer every
 * request with `Connection: close`, until no new request arrived for quietMs.
 * Closing: stop listening, wait for in-flight requests, close the rest at the
 * timeout. Only then are the database and other resources closed.
 */
export function listen(options: ServeOptions): Promise<RunningServer> {
  const { app, logger } = options;
  const quietMs = options.quietMs ?? 300;
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, port: options.port, hostname: options.host }) as Server;
    let draining = false;
    let lastRequestAt = 0;
    server.on("request", (_req, res) => {
      lastRequestAt = Date.now();
      if (draining) res.shouldKeepAlive = false;
    });
    server.once("error", reject);
    server.once("listening", () => {
      server.off("error", reject);
      const port = (server.address() as AddressInfo).port;
      let closing: Promise<void> | undefined;

      const shutdown = (reason: string) => {
        closing ??= (async () => {
          logger.info(`Shutting down (${reason}): finishing in-flight requests`);
          draining = true;
          lastRequestAt = Date.now();
          const deadline = Date.now() + options.timeoutMs;
          while (Date.now() - lastRequestAt < quietMs && Date.now() < deadline) {
            await new Promise((r) => setTimeout(r, 50));
          }
          options.beforeClose?.();
          await new Promise<void>((done) => {
            const timer = setTimeout(
              () => {
                logger.warn("Shutdown timeout reached: closing remaining connections");
                server.closeAllConnections();
              },
              Math.max(0, deadline - Date.now()),
            );
            timer.unref();
            // close() stops listening, closes idle keep-alive sockets, and
            // calls back once the in-flight requests have been answered.
            const sweeper = setInterval(() => server.closeIdleConnections(), 100);
            server.close(() => {
              clearTimeout(timer);
              clearInterval(sweeper);
              done();
            });
          });
          logger.debug("HTTP server closed");
          await options.onClosed();
          logger.info("Shutdown complete");
        })();
        return closing;
      };
      resolve({ server, port, isDraining: () => draining, shutdown });
    });
  });
}
