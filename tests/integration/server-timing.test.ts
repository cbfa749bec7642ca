import { sql } from "drizzle-orm";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { serve } from "@hono/node-server";
import { createElement } from "react";
import { useLoaderData, type AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { queryRows } from "~/.server/db/client";
import { createLogger } from "~/.server/logger";
import { createApp } from "../../server/http/app";
import { getCurrentSession } from "~/features/auth/session.server";
import { oneRouteBuild } from "../support/one-route-build";
import { signedInUser } from "../support/users";
import { createTestServices } from "../support/services";

/**
 * Server-Timing's split of a page (issue 13): the database, the loaders and React's render are each named, and the
 * time spent writing the body, which comes after the head has left, is in the access log line instead.
 */
function Page() {
  const { n } = useLoaderData() as { n: number };
  return createElement("html", null, createElement("body", null, createElement("h1", null, `${n} rows`)));
}
const build = oneRouteBuild({
  loader: async ({ context }: { context: AppLoadContext }) => {
    const [row] = await queryRows<{ n: number }>(context.db, sql`select 1 as n`);
    return { n: Number(row?.n) };
  },
  default: Page,
});

let ctx: Awaited<ReturnType<typeof createTestServices>>;
let app: ReturnType<typeof createApp>;
let lines: string[] = [];
beforeAll(async () => {
  // The page cache off: every request renders.
  ctx = await createTestServices({ PUBLIC_URL: "http://near.test", PAGE_CACHE_SECONDS: "0" });
  app = createApp({ services: { ...ctx.services, logger: createLogger("info", { pretty: false }) }, build });
});
afterAll(() => ctx.cleanup());

function timings(res: Response) {
  const out: Record<string, number> = {};
  for (const part of (res.headers.get("server-timing") ?? "").split(",")) {
    const m = /^\s*(\w+);dur=(\d+(?:\.\d)?)/.exec(part);
    if (m) out[m[1]!] = Number(m[2]);
  }
  return out;
}

async function capture<T>(fn: () => Promise<T>, until: () => boolean = () => true): Promise<T> {
  lines = [];
  const spy = vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
    lines.push(...String(chunk).split("\n").filter(Boolean));
    return true;
  });
  try {
    const result = await fn();
    await vi.waitFor(() => expect(until()).toBe(true), { timeout: 5000, interval: 20 });
    return result;
  } finally {
    spy.mockRestore();
  }
}
const requestLines = () =>
  lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((e) => e.msg === "request");

describe("Server-Timing", () => {
  it("splits a rendered page into db, loaders and render, within app", async () => {
    const res = await capture(async () => app.request("/"));
    expect(res.status).toBe(200);
    expect(res.headers.get("server-timing")).toMatch(
      /^app;dur=[\d.]+, db;dur=[\d.]+;desc="1 queries", loaders;dur=[\d.]+, render;dur=[\d.]+$/,
    );
    const t = timings(res);
    expect(t.render).toBeGreaterThan(0);
    // Each part is within the whole (rounded to 0.1 ms each).
    expect(t.loaders! + t.render!).toBeLessThanOrEqual(t.app! + 0.2);
    await res.text();
    expect(requestLines()[0]).toMatchObject({ path: "/", queries: 1, renderMs: t.render, loadersMs: t.loaders });
  });

  it("names no render for what React didn't render (the API)", async () => {
    const res = await app.request("/api/v1/businesses");
    expect(res.headers.get("server-timing")).toMatch(/^app;dur=[\d.]+, db;dur=[\d.]+;desc="\d+ queries"$/);
  });

  it("logs the time to write the body once the response has finished, on a real socket", async () => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }) as Server;
    await new Promise((r) => server.once("listening", r));
    try {
      const { port } = server.address() as AddressInfo;
      await capture(
        async () => {
          const res = await fetch(`http://127.0.0.1:${port}/`);
          expect(await res.text()).toContain("1 rows");
          // The header could not have known it.
          expect(res.headers.get("server-timing")).not.toMatch(/write/);
        },
        () => requestLines().length > 0,
      );
      const [line] = requestLines();
      expect(line).toMatchObject({ path: "/", status: 200, finished: true });
      expect(typeof line!.writeMs).toBe("number");
      expect(typeof line!.renderMs).toBe("number");
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});

describe("Server-Timing's detail goes to admins and the debug secret only (security finding 37.9)", () => {
  const SECRET = "a-debug-timing-secret-for-tests";
  let prod: Awaited<ReturnType<typeof createTestServices>>;
  let prodApp: ReturnType<typeof createApp>;
  // A page that reads its reader's session, as every real page does (root's loader).
  const sessionBuild = oneRouteBuild({
    loader: async ({ request, context }: { request: Request; context: AppLoadContext }) => {
      const { user } = await getCurrentSession(request, { auth: context.auth, db: context.db });
      return { n: user ? 1 : 0 };
    },
    default: Page,
  });
  beforeAll(async () => {
    prod = await createTestServices({
      PUBLIC_URL: "http://near.test",
      SERVER_TIMING: "admins",
      DEBUG_TIMING_SECRET: SECRET,
      AUTH_RATE_LIMIT: "false",
    });
    prodApp = createApp({ services: prod.services, build: sessionBuild });
  });
  afterAll(() => prod.cleanup());

  it("a visitor and a signed-in customer get the total only, and no X-Cache", async () => {
    const anonymous = await prodApp.request("/");
    expect(anonymous.status).toBe(200);
    expect(anonymous.headers.get("server-timing")).toMatch(/^app;dur=[\d.]+$/);
    expect(anonymous.headers.get("x-cache")).toBeNull();
    const again = await prodApp.request("/");
    expect(again.headers.get("x-cache")).toBeNull();
    // Age stays: a CDN needs it to count the page's remaining freshness.
    expect(again.headers.get("age")).not.toBeNull();

    const customer = await signedInUser(prodApp, prod.database.db);
    const res = await customer.request("/");
    expect(await res.text()).toContain("1 rows");
    expect(res.headers.get("server-timing")).toMatch(/^app;dur=[\d.]+$/);
    // A wrong secret is no secret.
    const wrong = await prodApp.request("/", { headers: { "x-debug-timing": `${SECRET}x` } });
    expect(wrong.headers.get("server-timing")).toMatch(/^app;dur=[\d.]+$/);
  });

  it("an admin, and a request with the debug secret, get the detail", async () => {
    const admin = await signedInUser(prodApp, prod.database.db, { admin: true });
    const res = await admin.request("/");
    expect(await res.text()).toContain("1 rows");
    expect(res.headers.get("server-timing")).toMatch(/db;dur=[\d.]+;desc="\d+ queries", loaders;dur=/);
    const debug = await prodApp.request("/", { headers: { "x-debug-timing": SECRET } });
    expect(debug.headers.get("server-timing")).toMatch(/db;dur=[\d.]+;desc="\d+ queries"/);
    expect(debug.headers.get("x-cache")).toMatch(/HIT|MISS/);
  });
});
