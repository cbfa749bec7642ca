import { sql } from "drizzle-orm";
import { createElement } from "react";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase, type DatabaseHandle } from "~/.server/db/client";
import { createApp } from "../../server/http/app";
import { createServices, type AppServices } from "../../server/services";
import { TEST_DRIVER } from "../support/db";
import { oneRouteBuild } from "../support/one-route-build";
import { createTestServices } from "../support/services";
import { tcpProxy } from "../support/tcp-proxy";

/**
 * PostgreSQL going away and coming back. The app reaches the database
 * through a TCP proxy the test controls: closing it is the database being
 * down (connections refused, open ones cut); reopening it is the database
 * back. (PGlite lives in the process: it can't go down on its own.)
 */
/** One page whose loader reads the database, around the real entry.server. */
const build = oneRouteBuild({
  loader: async ({ context }: { context: AppLoadContext }) => {
    await context.db.execute(sql`select 1`);
    return null;
  },
  default: () => createElement("html", null, createElement("body", null, createElement("h1", null, "Near"))),
});

describe.skipIf(TEST_DRIVER !== "postgres")("the database goes down and comes back (PostgreSQL)", () => {
  let ctx: Awaited<ReturnType<typeof createTestServices>>;
  let proxy: ReturnType<typeof tcpProxy>;
  let database: DatabaseHandle;
  let services: AppServices;
  let app: ReturnType<typeof createApp>;

  beforeAll(async () => {
    // No page cache: a page it kept would still be served while the database is down (by design).
    ctx = await createTestServices({ PAGE_CACHE_SECONDS: "0" });
    const direct = new URL(ctx.database.url!);
    proxy = tcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const port = await proxy.open();
    const viaProxy = new URL(direct);
    viaProxy.hostname = "127.0.0.1";
    viaProxy.port = String(port);
    database = await openDatabase({ databaseUrl: viaProxy.toString(), migrate: false });
    services = await createServices({ config: ctx.services.config, database, logger: ctx.services.logger });
    app = createApp({ services, build });
  });

  afterAll(async () => {
    await services?.changes.close();
    await services?.mailer.close();
    await database?.close();
    await proxy?.close();
    await ctx?.cleanup();
  });

  /** A request, and how long its answer took. */
  const timed = async (path: string) => {
    const started = Date.now();
    const res = await app.request(path, { headers: { accept: "text/html" } });
    const body = await res.text();
    return { res, body, ms: Date.now() - started };
  };

  it("answers 503 quickly — /healthz, a friendly page, the API's JSON error — then recovers by itself", async () => {
    // Up.
    expect((await timed("/healthz")).res.status).toBe(200);
    expect((await timed("/")).res.status).toBe(200);
    expect((await timed("/api/v1/businesses")).res.status).toBe(200);

    await proxy.close();

    const health = await timed("/healthz");
    expect(health.res.status).toBe(503);
    expect(JSON.parse(health.body)).toMatchObject({ status: "unavailable" });

    const page = await timed("/");
    expect(page.res.status).toBe(503);
    expect(page.res.headers.get("content-type")).toMatch(/^text\/html/);
    expect(page.res.headers.get("retry-after")).toBe("10");
    expect(page.res.headers.get("cache-control")).toBe("no-store");
    expect(page.body).toContain("We'll be right back");
    expect(page.body).not.toContain("Unexpected Application Error");

    const api = await timed("/api/v1/businesses");
    expect(api.res.status).toBe(503);
    expect(JSON.parse(api.body)).toMatchObject({ error: { code: "service_unavailable" } });
    expect(api.res.headers.get("retry-after")).toBe("10");

    // Quickly: well under the 5 s connect timeout each (refused connections fail at once).
    for (const r of [health, page, api]) expect(r.ms).toBeLessThan(5_000);

    await proxy.open();

    // Back, without a restart: the pool opens new connections on demand.
    await vi.waitFor(async () => expect((await timed("/healthz")).res.status).toBe(200), {
      timeout: 30_000,
      interval: 100,
    });
    expect((await timed("/")).res.status).toBe(200);
    expect((await timed("/api/v1/businesses")).res.status).toBe(200);
  }, 120_000);
});
