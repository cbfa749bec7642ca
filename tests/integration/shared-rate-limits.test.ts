import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, queryRows, type DatabaseHandle } from "~/.server/db/client";
import { RateLimiter } from "~/.server/rate-limit";
import { createApp } from "../../server/http/app";
import { createServices, type AppServices } from "../../server/services";
import { browserSession } from "../support/auth-http";
import { TEST_DRIVER } from "../support/db";
import { createTestServices } from "../support/services";

/**
 * Rate limits on PostgreSQL live in the database (rate_limits for ours,
 * auth_rate_limits for Better Auth's), so two processes on one database count
 * together. "Another process" here is a second set of services on its own
 * connection pool. On PGlite (one process per data directory) they count in memory.
 */
let ctx: Awaited<ReturnType<typeof createTestServices>>;
let other: { database: DatabaseHandle; services: AppServices } | undefined;

beforeAll(async () => {
  ctx = await createTestServices({ PUBLIC_URL: "http://near.test" });
  if (ctx.database.url) {
    const database = await openDatabase({ databaseUrl: ctx.database.url, migrate: false });
    const { config, logger } = ctx.services;
    other = { database, services: await createServices({ config, database, logger }) };
  }
});

afterAll(async () => {
  if (other) {
    await other.services.changes.close();
    await other.services.mailer.close();
    await other.database.close();
  }
  await ctx?.cleanup();
});

describe("RateLimiter", () => {
  it("allows `limit` hits per key in the window, then answers the seconds to wait", async () => {
    const limiter = new RateLimiter(2, 60_000);
    expect(await limiter.hit("a")).toBe(0);
    expect(await limiter.hit("a")).toBe(0);
    const wait = await limiter.hit("a");
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(await limiter.hit("b")).toBe(0);
  });

  it("counts in memory on PGlite and in the rate_limits table on PostgreSQL", async () => {
    const key = `203.0.113.${Math.floor(Math.random() * 200)}`;
    expect(await ctx.services.limits.contact.hit(key)).toBe(0);
    const rows = await queryRows<{ key: string; points: number }>(
      ctx.database.db,
      sql`select key, points from rate_limits where key = ${`contact:${key}`}`,
    );
    expect(rows).toEqual(TEST_DRIVER === "postgres" ? [{ key: `contact:${key}`, points: 1 }] : []);
  });
});

describe.skipIf(TEST_DRIVER !== "postgres")("two processes on one PostgreSQL", () => {
  it("share our rate limits: hits in one count in the other", async () => {
    const a = ctx.services.limits.newsletter;
    const b = other!.services.limits.newsletter;
    const ip = "198.51.100.23";
    const results: number[] = [];
    for (let i = 0; i < a.limit; i++) results.push(await (i % 2 ? b : a).hit(ip));
    expect(results).toEqual(Array(a.limit).fill(0));
    expect(await b.hit(ip)).toBeGreaterThan(0);
    expect(await a.hit(ip)).toBeGreaterThan(0);
    // Another address, and another limiter with the same key, are unaffected.
    expect(await b.hit("198.51.100.24")).toBe(0);
    expect(await other!.services.limits.contact.hit(ip)).toBe(0);
  });

  it("share every one of our limits, the photo upload limit included", async () => {
    const user = `user-${Math.random().toString(36).slice(2)}`;
    for (const name of Object.keys(ctx.services.limits) as (keyof AppServices["limits"])[]) {
      const a = ctx.services.limits[name];
      const b = other!.services.limits[name];
      for (let i = 0; i < a.limit; i++) expect(await (i % 2 ? b : a).hit(user), name).toBe(0);
      expect(await b.hit(user), name).toBeGreaterThan(0);
    }
    expect(Object.keys(ctx.services.limits)).toContain("photoUploads");
  });

  it("share Better Auth's sign-in limit (10 a minute): attempts spread over both are counted together", async () => {
    const apps = [createApp({ services: ctx.services }), createApp({ services: other!.services })];
    const attempt = (i: number) =>
      browserSession(apps[i % 2]!).json<{ message: string }>("/api/auth/sign-in/email", {
        email: "victim@example.com",
        password: `guess-${i}-wrong`,
      });
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await attempt(i)).status);
    expect(statuses).toEqual(Array(10).fill(401));
    expect((await attempt(10)).status).toBe(429);
    expect((await attempt(11)).status).toBe(429);
    const rows = await queryRows<{ n: number }>(ctx.database.db, sql`select count(*)::int as n from auth_rate_limits`);
    expect(rows[0]!.n).toBeGreaterThan(0);
  }, 240_000);
});
