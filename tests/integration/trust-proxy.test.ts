import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { serve } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/http/app";
import { createTestServices } from "../support/services";

/**
 * TRUST_PROXY over a real socket (app.request() has none): which address the
 * app takes for the client, which scheme, and Better Auth's sign-in limit per
 * forwarded client. The test connects from 127.0.0.1.
 */
let ctx: Awaited<ReturnType<typeof createTestServices>>;
const running: Server[] = [];

beforeAll(async () => {
  ctx = await createTestServices({ PUBLIC_URL: "http://near.test" });
});

/** An app on its own port with this TRUST_PROXY (the services, and so the database, are shared). */
async function start(env: { TRUST_PROXY?: string }) {
  const app = createApp({
    services: { ...ctx.services, config: { ...ctx.services.config, ...env } },
    before: [
      async (c, next) => {
        if (c.req.path !== "/__whoami") return next();
        return c.json({ ip: c.var.clientIp, protocol: new URL(c.req.url).protocol });
      },
    ],
  });
  const server = await new Promise<Server>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(s as Server)) as Server;
  });
  running.push(server);
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    async whoami(headers: Record<string, string> = {}) {
      const res = await fetch(`${base}/__whoami`, { headers });
      return (await res.json()) as { ip: string; protocol: string };
    },
  };
}

afterAll(async () => {
  for (const server of running) {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  }
  await ctx?.cleanup();
});

const forwarded = { "x-forwarded-for": "198.51.100.7, 203.0.113.5", "x-forwarded-proto": "https" };

describe("TRUST_PROXY", () => {
  it("unset: X-Forwarded-For and X-Forwarded-Proto are ignored (the socket's address and scheme)", async () => {
    const server = await start({});
    expect(await server.whoami(forwarded)).toEqual({ ip: "127.0.0.1", protocol: "http:" });
  });

  it("1: the right-most forwarded address (the one our proxy saw), and its scheme", async () => {
    const server = await start({ TRUST_PROXY: "1" });
    expect(await server.whoami(forwarded)).toEqual({ ip: "203.0.113.5", protocol: "https:" });
    // Without the header the peer is the client.
    expect(await server.whoami()).toEqual({ ip: "127.0.0.1", protocol: "http:" });
  });

  it("2: one more hop to the left", async () => {
    const server = await start({ TRUST_PROXY: "2" });
    expect((await server.whoami(forwarded)).ip).toBe("198.51.100.7");
  });

  it("loopback or a CIDR list: skips every trusted proxy from the right, a spoofed left-most entry is not believed", async () => {
    const server = await start({ TRUST_PROXY: "loopback, 10.0.0.0/8" });
    expect(await server.whoami({ "x-forwarded-for": "6.6.6.6, 198.51.100.7, 10.1.2.3" })).toEqual({
      ip: "198.51.100.7",
      protocol: "http:",
    });
    expect((await server.whoami(forwarded)).protocol).toBe("https:");
  });

  it("a list that does not include the peer: the headers of an untrusted peer are ignored", async () => {
    const server = await start({ TRUST_PROXY: "10.0.0.0/8, 192.168.0.1" });
    expect(await server.whoami(forwarded)).toEqual({ ip: "127.0.0.1", protocol: "http:" });
  });

  it("behind a trusted proxy, Better Auth's sign-in limit counts per forwarded client, not one bucket for everyone", async () => {
    const server = await start({ TRUST_PROXY: "loopback" });
    const attempt = (ip: string, i: number) =>
      fetch(`${server.base}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: "http://near.test", "x-forwarded-for": ip },
        body: JSON.stringify({ email: "victim@example.com", password: `guess-${i}-wrong` }),
      }).then((res) => res.status);
    // Eleven visitors behind the same proxy, one attempt each (the limit is 10 a minute): none is blocked.
    const many: number[] = [];
    for (let i = 0; i < 11; i++) many.push(await attempt(`198.51.100.${i + 1}`, i));
    expect(many).toEqual(Array(11).fill(401));
    // One visitor trying again and again is.
    const one: number[] = [];
    for (let i = 0; i < 11; i++) one.push(await attempt("203.0.113.99", i));
    expect(one.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(one[10]).toBe(429);
  }, 240_000);
});
