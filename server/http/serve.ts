import type { Server, ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { serve } from "@hono/node-server";
import type { Hono } from "hono";
import type { Logger } from "../../app/.server/logger";

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
  /**
   * How long the server must see nothing new (no connection, no request, no
   * response finishing) before it stops listening; also how long a keep-alive
   * connection must have been idle before it is closed.
   */
  quietMs?: number;
  /** Abort long-lived streams (SSE) so the server can close. */
  beforeClose?: () => void;
  /** Close the database and other resources once no request is in flight. */
  onClosed: () => Promise<void>;
}

/**
 * How long an idle keep-alive connection stays open. Node's default is 5 s, shorter than what clients and proxies in
 * front of us keep one for (nginx's upstream keepalive_timeout and most load balancers: 60 s): one of them would send
 * its next request on a connection at the moment this server closes it, and get a reset (a 502 from a proxy; an e2e
 * test's API call failed with "socket hang up" this way). So we keep them longer than those do; the headers timeout
 * must be longer still, or the same race happens on it.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
/**
 * Resolves in the check phase of the event loop, i.e. right after it has
 * polled for I/O. Timers run before that poll: after the loop was busy (a
 * render, a starved CPU) a timer sees "nothing happened for quietMs" although
 * connections and requests are waiting, unread, in the kernel.
 */
const afterPoll = () => new Promise<void>((r) => setImmediate(r));

/**
 * Graceful shutdown in two phases. Draining: keep accepting (connections
 * queued in the kernel's accept queue would otherwise be reset), answer every
 * request with `Connection: close`, until nothing new happened for quietMs and
 * an I/O poll since found nothing either. Closing: stop listening, wait for
 * in-flight requests, close keep-alive connections once they have been idle
 * for quietMs, close the rest at the timeout. Only then are the database and
 * other resources closed.
 *
 * Why "an I/O poll found nothing": libuv accepts one connection per event
 * loop iteration (libuv#3696), and a loaded process's iterations can each take
 * hundreds of milliseconds, so a burst can sit in the accept queue for
 * seconds. A wall-clock quiet period alone then ends the drain with
 * connections still queued, and server.close() resets every one of them
 * (the client sees ECONNRESET for a request it did send).
 */
export function listen(options: ServeOptions): Promise<RunningServer> {
  const { app, logger } = options;
  const quietMs = options.quietMs ?? 300;
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, port: options.port, hostname: options.host }) as Server;
    server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
    server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
    let draining = false;
    /** Bumped by every connection, request and finished response. */
    let activity = 0;
    let lastActivityAt = 0;
    const touch = () => {
      activity++;
      lastActivityAt = Date.now();
    };
    /** Per connection: requests in flight, and since when it has had none. */
    const connections = new Map<Socket, { busy: number; idleSince: number }>();
    const inFlight = new Set<ServerResponse>();

    server.on("connection", (socket: Socket) => {
      touch();
      connections.set(socket, { busy: 0, idleSince: Date.now() });
      socket.once("close", () => connections.delete(socket));
    });
    // Before the app's listener, so the response is marked before anything is written.
    server.prependListener("request", (req, res) => {
      touch();
      const connection = connections.get(req.socket);
      if (connection) connection.busy++;
      inFlight.add(res);
      if (draining) res.shouldKeepAlive = false;
      res.once("close", () => {
        touch();
        inFlight.delete(res);
        if (connection) {
          connection.busy--;
          connection.idleSince = Date.now();
        }
      });
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
          touch();
          // Responses not started yet close their connection too.
          for (const res of inFlight) if (!res.headersSent) res.shouldKeepAlive = false;
          const deadline = Date.now() + options.timeoutMs;
          while (Date.now() < deadline) {
            await sleep(50);
            if (Date.now() - lastActivityAt < quietMs) continue;
            const seen = activity;
            await afterPoll();
            if (activity === seen) break;
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
            // Connections left idle: keep-alive ones whose response was already
            // under way when the drain began (so could not say Connection: close),
            // and any that never sent a request. Close them only once idle for
            // quietMs, checked right after a poll, so a request the client has
            // just written on one is read rather than reset.
            const sweeper = setInterval(() => {
              void afterPoll().then(() => {
                const now = Date.now();
                for (const [socket, c] of connections) {
                  if (c.busy === 0 && now - c.idleSince >= quietMs) socket.destroy();
                }
              });
            }, 50);
            // close() stops listening, closes the idle connections (all idle for
            // quietMs by now: finishing a response counts as activity), and calls
            // back once every connection has closed.
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
