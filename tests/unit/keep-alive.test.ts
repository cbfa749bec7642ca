import http from "node:http";
import { Hono } from "hono";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createLogger } from "~/.server/logger";
import { KEEP_ALIVE_TIMEOUT_MS, listen, type RunningServer } from "../../server/http/serve";

/**
 * Idle keep-alive connections outlive the clients' and proxies' own idle timeouts (60 s for most): were the server
 * to close first, a client could send a request just as the connection goes, and get a reset instead of an answer.
 */
let running: RunningServer;
beforeAll(async () => {
  const app = new Hono().get("/", (c) => c.text("ok"));
  running = await listen({
    app,
    port: 0,
    host: "127.0.0.1",
    logger: createLogger("silent"),
    timeoutMs: 2000,
    quietMs: 0,
    onClosed: async () => {},
  });
});
afterAll(() => running.shutdown("test done"));

function get(agent: http.Agent) {
  return new Promise<{ headers: http.IncomingHttpHeaders; socket: unknown }>((resolve, reject) => {
    const req = http.get({ host: "127.0.0.1", port: running.port, path: "/", agent }, (res) => {
      res.resume();
      res.on("end", () => resolve({ headers: res.headers, socket: req.socket }));
    });
    req.on("error", reject);
  });
}

it("keeps an idle connection for longer than a minute, and says so", async () => {
  expect(KEEP_ALIVE_TIMEOUT_MS).toBeGreaterThan(60_000);
  expect(running.server.keepAliveTimeout).toBe(KEEP_ALIVE_TIMEOUT_MS);
  expect(running.server.headersTimeout).toBeGreaterThan(running.server.keepAliveTimeout);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const first = await get(agent);
    expect(first.headers["keep-alive"]).toBe(`timeout=${KEEP_ALIVE_TIMEOUT_MS / 1000}`);
    // The next request reuses the connection.
    const second = await get(agent);
    expect(second.socket).toBe(first.socket);
  } finally {
    agent.destroy();
  }
});
