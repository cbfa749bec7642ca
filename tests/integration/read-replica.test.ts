import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import pg from "pg";
import { createElement } from "react";
import { useLoaderData, type AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/.server/db/client";
import { favorites, reviews } from "~/.server/db/schema";
import type { SearchPageData } from "~/routes/search.server";
import { loader as businessLoader } from "~/routes/business";
import { loader as searchLoader } from "~/routes/search";
import { boot } from "../../server/boot";
import { createApp } from "../../server/http/app";
import type { AppServices } from "../../server/services";
import { TEST_DRIVER, createTestDatabase, type TestDatabase } from "../support/db";
import { createBusiness } from "../support/factories";
import { oneRouteBuild } from "../support/one-route-build";
import { createTestServices } from "../support/services";
import { signedInUser } from "../support/users";

/**
 * DATABASE_READ_URL (issue 19): anonymous public reads (search, the directory API, autocomplete, the sitemap, a
 * visitor's business page) go to the read replica; writes, and reads by someone signed in, go to the primary.
 *
 * The "replica" here is a second database with its own published listings (no replication): whatever a request
 * shows tells which of the two answered it. A real standby, and what happens when it stops, hangs or falls behind:
 * replica-fallback.test.ts.
 */

const ORIGIN = "http://near.test";

/** The real /search loader, rendered as a list of the result names through the Hono app and entry.server. */
function SearchNames() {
  const { result } = useLoaderData() as SearchPageData;
  return createElement(
    "html",
    null,
    createElement(
      "body",
      null,
      createElement(
        "ul",
        null,
        result.items.map((b) => createElement("li", { key: b.id }, b.name)),
      ),
    ),
  );
}
const searchPage = oneRouteBuild({ loader: searchLoader, default: SearchNames });

/** The page's text without tags (React puts `<!-- -->` between text nodes). */
const textOf = (html: string) => html.replace(/<!-- -->/g, "").replace(/<[^>]+>/g, "\n");

describe("without DATABASE_READ_URL", () => {
  let ctx: Awaited<ReturnType<typeof createTestServices>>;
  beforeAll(async () => {
    ctx = await createTestServices({ PUBLIC_URL: ORIGIN });
  });
  afterAll(async () => {
    await ctx?.cleanup();
  });

  it("reads go to the primary: readDb is its db, and search answers from it", async () => {
    expect(ctx.services.readDatabase).toBeNull();
    expect(ctx.services.readDb).toBe(ctx.database.db);
    await createBusiness(ctx.database.db, { name: "Only Database Bistro" });
    const app = createApp({ services: ctx.services, build: searchPage });
    const health = await app.request(`${ORIGIN}/healthz`);
    expect(await health.json()).toEqual({ status: "ok", database: TEST_DRIVER, replica: "none" });
    const res = await app.request(`${ORIGIN}/api/v1/businesses?q=bistro`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { items: { name: string }[] };
    expect(body.items.map((b) => b.name)).toEqual(["Only Database Bistro"]);
    const page = await app.request(`${ORIGIN}/?q=bistro`);
    expect(page.status).toBe(200);
    expect(textOf(await page.text())).toContain("Only Database Bistro");
  });
});

describe.skipIf(TEST_DRIVER !== "postgres")("with DATABASE_READ_URL (PostgreSQL)", () => {
  let primary: TestDatabase;
  let replicaUrl: string;
  let replicaName: string;
  let replica: pg.Client;
  let services: AppServices;
  let app: ReturnType<typeof createApp>;
  let dataDir: string;
  const ids = {} as Record<"primaryOnly" | "replicaOnly" | "replicaPending", string>;
  /** The listings' page addresses (/business/<slug>; the UUID form redirects to them). */
  const slugs = {} as Record<"primaryOnly" | "replicaOnly", string>;

  /** The route context the app builds for a page (server/http/app.ts). */
  const pageContext = (): AppLoadContext => ({
    ...services,
    db: services.database.db,
    nonce: "",
    requestId: "t",
    clientIp: "127.0.0.1",
  });

  beforeAll(async () => {
    primary = await createTestDatabase();
    // The replica: its own database with the same schema (a standby gets it by replication; here, by migrating it).
    const adminUrl = process.env.TEST_DATABASE_URL!;
    replicaName = `near_test_replica_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${replicaName}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${replicaName}`;
    replicaUrl = url.toString();
    const seeding = await openDatabase({ databaseUrl: replicaUrl });
    const replicaRow = await createBusiness(seeding.db, { name: "Replica Row Bakery", cuisine: "bakery" });
    ids.replicaOnly = replicaRow.id;
    slugs.replicaOnly = replicaRow.slug;
    await seeding.close();
    const primaryRow = await createBusiness(primary.db, { name: "Primary Row Bakery", cuisine: "bakery" });
    ids.primaryOnly = primaryRow.id;
    slugs.primaryOnly = primaryRow.slug;
    replica = new pg.Client({ connectionString: replicaUrl });
    await replica.connect();

    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "near-replica-"));
    services = await boot({
      NODE_ENV: "test",
      DATA_DIR: dataDir,
      LOG_LEVEL: "silent",
      SEED_DEMO: "false",
      PUBLIC_URL: ORIGIN,
      AUTH_RATE_LIMIT: "false",
      PAGE_CACHE_SECONDS: "0",
      DATABASE_URL: primary.url!,
      DATABASE_READ_URL: replicaUrl,
    });
    app = createApp({ services, build: searchPage });
  });

  afterAll(async () => {
    await services?.changes.close();
    await services?.mailer.close();
    await services?.imports.close();
    await services?.readDatabase?.close();
    await services?.database.close();
    await replica?.end();
    await primary?.destroy();
    if (replicaName) {
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${replicaName} WITH (FORCE)`);
      await admin.end();
    }
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("opens a second, smaller pool on the replica and hands it out as readDb (behind its breaker: ADR 017)", async () => {
    expect(services.readDatabase).not.toBeNull();
    expect(services.readDb).toBe(services.readDatabase!.routedDb);
    expect(services.readDatabase!.state()).toBe("ok");
    const health = await app.request(`${ORIGIN}/healthz`);
    expect(await health.json()).toEqual({ status: "ok", database: "postgres", replica: "ok" });
    expect(services.readDb).not.toBe(services.database.db);
    expect(services.readDatabase!.pool!.options.max).toBeLessThan(services.database.pool!.options.max!);
  });

  it("GET /api/v1/businesses and /api/v1/businesses/:id answer from the replica", async () => {
    const res = await app.request(`${ORIGIN}/api/v1/businesses?q=bakery`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { items: { name: string }[] };
    expect(body.items.map((b) => b.name)).toEqual(["Replica Row Bakery"]);
    expect((await app.request(`${ORIGIN}/api/v1/businesses/${ids.replicaOnly}`)).status).toBe(200);
    expect((await app.request(`${ORIGIN}/api/v1/businesses/${ids.primaryOnly}`)).status).toBe(404);
  });

  it("the search page answers from the replica", async () => {
    const res = await app.request(`${ORIGIN}/?q=bakery`);
    expect(res.status).toBe(200);
    const text = textOf(await res.text());
    expect(text).toContain("Replica Row Bakery");
    expect(text).not.toContain("Primary Row Bakery");
  });

  it("autocomplete and the sitemap answer from the replica, and the replica's queries count in Server-Timing", async () => {
    const res = await app.request(`${ORIGIN}/api/v1/suggest?q=row`);
    expect(res.status).toBe(200);
    const labels = ((await res.json()) as { suggestions: { label: string }[] }).suggestions.map((s) => s.label);
    expect(labels).toContain("Replica Row Bakery");
    expect(labels).not.toContain("Primary Row Bakery");
    // Suggest runs no query on the primary: every query counted here ran on the replica's pool.
    const queries = Number(/desc="(\d+) queries"/.exec(res.headers.get("server-timing") ?? "")?.[1] ?? 0);
    expect(queries).toBeGreaterThan(0);

    const index = await (await app.request(`${ORIGIN}/sitemap.xml`)).text();
    const child = /<loc>[^<]*(\/sitemaps\/businesses-1\.xml)<\/loc>/.exec(index)?.[1];
    expect(child).toBeDefined();
    const urls = await (await app.request(`${ORIGIN}${child}`)).text();
    expect(urls).toContain(`/business/${slugs.replicaOnly}<`);
    expect(urls).not.toContain(`/business/${slugs.primaryOnly}<`);
  });

  it("a visitor's business page reads the replica; a signed-in reader's the primary", async () => {
    const open = async (id: string, cookie?: string) => {
      const request = new Request(`${ORIGIN}/business/${id}`, { headers: cookie ? { cookie } : {} });
      try {
        const data = (await businessLoader({ params: { id }, request, context: pageContext() } as never)) as {
          business: { name: string };
        };
        return { status: 200, name: data.business.name };
      } catch (error) {
        const status = (error as { init?: { status?: number } })?.init?.status;
        if (status) return { status, name: null };
        throw error;
      }
    };
    expect(await open(slugs.replicaOnly)).toEqual({ status: 200, name: "Replica Row Bakery" });
    expect((await open(slugs.primaryOnly)).status).toBe(404);

    const reader = await signedInUser(app, services.database.db, { origin: ORIGIN });
    const cookie = [...reader.jar].map(([k, v]) => `${k}=${v}`).join("; ");
    expect(await open(slugs.primaryOnly, cookie)).toEqual({ status: 200, name: "Primary Row Bakery" });
    expect((await open(slugs.replicaOnly, cookie)).status).toBe(404);
  });

  it("writes land on the primary, and the writer's own reads come from it", async () => {
    const writer = await signedInUser(app, services.database.db, { origin: ORIGIN });
    // The account itself was written to the primary only.
    expect((await replica.query("select 1 from users where id = $1", [writer.id])).rowCount).toBe(0);

    // A review and a saved business of a listing that only the primary has: they can only succeed there.
    const review = await writer.request(`/api/v1/businesses/${ids.primaryOnly}/reviews/mine`, {
      method: "PUT",
      json: { rating: 5, content: "Warm loaves every morning and a kind word with each one." },
    });
    expect(review.status).toBe(201);
    expect((await writer.request(`/api/v1/businesses/${ids.primaryOnly}/favorite`, { method: "PUT" })).status).toBe(
      200,
    );
    const saved = await services.database.db
      .select()
      .from(favorites)
      .where(and(eq(favorites.userId, writer.id), eq(favorites.businessId, ids.primaryOnly)));
    expect(saved).toHaveLength(1);
    const written = await services.database.db.select().from(reviews).where(eq(reviews.userId, writer.id));
    expect(written).toHaveLength(1);
    expect((await replica.query("select 1 from reviews")).rowCount).toBe(0);
    expect((await replica.query("select 1 from favorites")).rowCount).toBe(0);

    // Signed-in reads: the dashboard's favorites, and the business page with the writer's own review.
    const mine = await writer.json<{ items: { name: string }[] }>("/api/v1/me/favorites");
    expect(mine.body.items.map((b) => b.name)).toEqual(["Primary Row Bakery"]);
    const cookie = [...writer.jar].map(([k, v]) => `${k}=${v}`).join("; ");
    const request = new Request(`${ORIGIN}/business/${slugs.primaryOnly}`, { headers: { cookie } });
    const page = (await businessLoader({
      params: { id: slugs.primaryOnly },
      request,
      context: pageContext(),
    } as never)) as { favorite: { saved: boolean }; reviews: { ownReview: { rating: number } | null } };
    expect(page.favorite.saved).toBe(true);
    expect(page.reviews.ownReview?.rating).toBe(5);
  });
});
