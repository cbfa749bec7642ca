import { gunzipSync } from "node:zlib";
import { and, eq, sql } from "drizzle-orm";
import { createElement } from "react";
import { useLoaderData, type AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { queryRows } from "~/.server/db/client";
import { listingStatDays } from "~/.server/db/schema";
import { noteSearchAppearances } from "~/features/stats/recording.server";
import { createApp } from "../../server/http/app";
import { isCacheableApiRequest, isCacheableRequest } from "../../server/http/page-cache";
import { createBusiness } from "../support/factories";
import { oneRouteBuild } from "../support/one-route-build";
import { createTestServices } from "../support/services";

/**
 * The anonymous page cache (issue 13, server/http/page-cache.ts), through the real Hono app and entry.server with
 * one page whose loader counts the published listings, lists them (search appearances) and renders a nonce'd script.
 */
let renders = 0;
interface PageData {
  count: number;
  nonce: string;
}
function Page() {
  const { count, nonce } = useLoaderData() as PageData;
  return createElement(
    "html",
    null,
    createElement(
      "body",
      null,
      createElement("h1", null, `${count} listings`),
      createElement("script", { nonce, dangerouslySetInnerHTML: { __html: "window.ok=1" } }),
    ),
  );
}

const build = oneRouteBuild({
  loader: async ({ context, request }: { context: AppLoadContext; request: Request }) => {
    renders += 1;
    const ids = await queryRows<{ id: string }>(
      context.db,
      sql`select id from businesses where status = 'published' order by name`,
    );
    const query = new URL(request.url).searchParams;
    // Only ?list pages count appearances, so no other test's (unawaited) counting races that test's.
    const listed = query.has("list") ? ids.map((r) => r.id) : [];
    void noteSearchAppearances(context, request, listed);
    const headers = query.has("cookie") ? { "Set-Cookie": "x=1" } : undefined;
    return Response.json({ count: ids.length, nonce: context.nonce } satisfies PageData, { headers });
  },
  default: Page,
});

let ctx: Awaited<ReturnType<typeof createTestServices>>;
let app: ReturnType<typeof createApp>;
let first: { id: string };

beforeAll(async () => {
  ctx = await createTestServices({ PUBLIC_URL: "http://near.test", PAGE_CACHE_SECONDS: "60" });
  app = createApp({ services: ctx.services, build });
  // The change feed announces the new listing (its row, then its hours) asynchronously on PostgreSQL, and each
  // announcement drops the kept pages: wait until it has been quiet for two seconds, so none lands mid-test.
  let last = Date.now();
  const stop = ctx.services.changes.subscribe(() => void (last = Date.now()));
  first = await createBusiness(ctx.database.db, { name: "Alpha Cafe" });
  await vi.waitFor(() => expect(Date.now() - last).toBeGreaterThan(2000), { timeout: 30_000, interval: 200 });
  stop();
});
afterAll(() => ctx.cleanup());

const get = (path: string, headers: Record<string, string> = {}) => app.request(path, { headers });
/** The CSP's nonce, and every nonce attribute in the body: they must all agree. */
async function nonces(res: Response) {
  const policy = /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1];
  const body = await res.text();
  return { policy, inBody: [...body.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]), body };
}
/** A page no earlier test has kept. */
let n = 0;
const fresh = () => `/?t=${++n}`;

describe("anonymous pages", () => {
  it("are rendered once and then served from memory, each answer with its own nonce", async () => {
    const path = fresh();
    const before = renders;
    const a = await get(path);
    expect(a.headers.get("x-cache")).toBe("MISS");
    const b = await get(path);
    expect(b.headers.get("x-cache")).toBe("HIT");
    expect(renders - before).toBe(1);
    const [na, nb] = [await nonces(a), await nonces(b)];
    expect(na.body).toContain("1 listings");
    expect(nb.body).toContain("1 listings");
    expect(na.inBody.length).toBeGreaterThan(0);
    expect(na.inBody.every((x) => x === na.policy)).toBe(true);
    expect(nb.inBody.every((x) => x === nb.policy)).toBe(true);
    expect(na.policy).not.toBe(nb.policy);
    for (const res of [a, b]) {
      expect(res.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=60, must-revalidate");
      expect(res.headers.get("vary")).toMatch(/Cookie/);
      expect(res.headers.get("etag")).toBe(a.headers.get("etag"));
    }
  });

  it("answer If-None-Match with 304 and no new Content-Security-Policy (the stored page keeps its own)", async () => {
    const path = fresh();
    const etag = (await get(path)).headers.get("etag")!;
    expect(etag).toMatch(/^W\/"/);
    const res = await get(path, { "if-none-match": etag });
    expect(res.status).toBe(304);
    expect(res.headers.get("etag")).toBe(etag);
    expect(res.headers.has("content-security-policy")).toBe(false);
    expect(await res.text()).toBe("");
    expect((await get(path, { "if-none-match": 'W/"other"' })).status).toBe(200);
  });

  it("answer HEAD with GET's status and headers and no body", async () => {
    const path = fresh();
    const headOnly = (r: Response) =>
      [...r.headers]
        .filter(([k]) => !["date", "server-timing", "age", "x-cache"].includes(k))
        .map(([k, v]) => [k, v.replace(/'nonce-[^']+'/, "'nonce'")]);
    const head = await app.request(path, { method: "HEAD" });
    const getRes = await get(path);
    expect(head.status).toBe(200);
    expect(getRes.headers.get("x-cache")).toBe("HIT");
    expect(headOnly(head)).toEqual(headOnly(getRes));
    expect(await head.text()).toBe("");
  });

  it("are sent in gzip assembled around each answer's own nonce, with HEAD's headers alike", async () => {
    const path = fresh();
    const gzip = { "accept-encoding": "gzip, deflate, br" };
    await get(path, gzip);
    const answers = [await get(path, gzip), await get(path, gzip)];
    const policies: string[] = [];
    for (const res of answers) {
      expect(res.headers.get("x-cache")).toBe("HIT");
      expect(res.headers.get("content-encoding")).toBe("gzip");
      expect(res.headers.get("vary")).toBe("Cookie, Accept-Encoding");
      const body = gunzipSync(Buffer.from(await res.arrayBuffer())).toString();
      expect(body).toContain("1 listings");
      const policy = /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")![1]!;
      expect([...body.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1])).toEqual([policy]);
      policies.push(policy);
    }
    expect(policies[0]).not.toBe(policies[1]);
    const head = await app.request(path, { method: "HEAD", headers: gzip });
    expect(head.headers.get("content-encoding")).toBe("gzip");
    expect(head.headers.get("vary")).toBe("Cookie, Accept-Encoding");
    // Without gzip in Accept-Encoding: the plain page.
    expect((await get(path, { "accept-encoding": "br" })).headers.has("content-encoding")).toBe(false);
  });

  it("carry the anonymous visitor id cookie and are still shared", async () => {
    const path = fresh();
    await get(path);
    expect((await get(path, { cookie: "near_vid=abc123" })).headers.get("x-cache")).toBe("HIT");
  });

  it("count their listings' search appearances on every answer, a bot's on none", async () => {
    const path = `${fresh()}&list=1`;
    const appearances = async () => {
      const [row] = await ctx.database.db
        .select({ count: listingStatDays.count })
        .from(listingStatDays)
        .where(and(eq(listingStatDays.businessId, first.id), eq(listingStatDays.metric, "search_appearance")));
      return row?.count ?? 0;
    };
    const before = await appearances();
    await get(path);
    await get(path);
    await get(path, { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" });
    await vi.waitFor(async () => expect(await appearances()).toBe(before + 2));
  });
});

describe("never shared", () => {
  it("a signed-in visitor's page (any other cookie) is rendered for them every time and never kept", async () => {
    const path = fresh();
    const before = renders;
    for (const cookie of ["near.session_token=abc", "near_vid=1; near.session_token=abc", "near_notice=signedOut"]) {
      const res = await get(path, { cookie });
      expect(res.headers.has("x-cache")).toBe(false);
      expect(res.headers.has("etag")).toBe(false);
    }
    expect(renders - before).toBe(3);
    expect((await get(path)).headers.get("x-cache")).toBe("MISS");
  });

  it("a response that sets a cookie is not kept", async () => {
    const path = `${fresh()}&cookie=1`;
    const before = renders;
    await get(path);
    const again = await get(path);
    expect(again.headers.get("set-cookie")).toBe("x=1");
    expect(renders - before).toBe(2);
  });

  it("a crowd asking for a page that isn't kept yet gets one render, each with its own nonce", async () => {
    const path = fresh();
    const before = renders;
    const answers = await Promise.all(Array.from({ length: 12 }, () => get(path)));
    expect(renders - before).toBe(1);
    expect(answers.map((r) => r.status)).toEqual(Array(12).fill(200));
    const seen = await Promise.all(answers.map(nonces));
    for (const { policy, inBody } of seen) expect(inBody).toEqual([policy]);
    expect(new Set(seen.map((n) => n.policy)).size).toBe(12);
    // A page that may not be kept (it sets a cookie) is rendered for each request, never shared.
    const cookiePath = `${fresh()}&cookie`;
    const beforeCookie = renders;
    const cookied = await Promise.all(Array.from({ length: 3 }, () => get(cookiePath)));
    expect(cookied.map((r) => r.headers.get("set-cookie"))).toEqual(["x=1", "x=1", "x=1"]);
    expect(renders - beforeCookie).toBe(3);
  });

  it("requests whose context is replaced (the e2e entry's clock or faults) skip the cache", async () => {
    // As server/e2e-main.ts does: a header pins the clock for that request only. The production entry installs no
    // override, so its bundle holds no test header name (tests/unit/route-table.test.ts).
    const pinned = createApp({
      services: ctx.services,
      build,
      overrideContext: (request, context) =>
        request.headers.has("x-pin-clock")
          ? { ...context, clock: { now: () => new Date("2026-01-01T12:00:00Z") } }
          : context,
    });
    const path = fresh();
    await pinned.request(path);
    expect((await pinned.request(path)).headers.get("x-cache")).toBe("HIT");
    const res = await pinned.request(path, { headers: { "x-pin-clock": "1" } });
    expect(res.status).toBe(200);
    expect(res.headers.has("x-cache")).toBe(false);
  });

  it("only public pages qualify", () => {
    const ok = (path: string, init: RequestInit = {}) =>
      isCacheableRequest(new Request(`http://near.test${path}`, init));
    for (const path of [
      "/",
      "/search?q=pizza",
      "/search.data?q=pizza",
      "/_root.data",
      "/categories/restaurants",
      "/business/abc",
      "/business/abc/reviews",
      "/blog/a-post",
      "/events",
      "/pricing",
    ])
      expect(ok(path), path).toBe(true);
    for (const path of [
      "/admin",
      "/portal",
      "/auth",
      "/account/settings",
      "/business/new",
      "/business/edit",
      "/business/edit/abc",
      "/business/abc/claim",
      "/pricing/choose",
      "/contact",
      "/newsletter/confirm",
      "/api/v1/businesses",
    ])
      expect(ok(path), path).toBe(false);
    expect(ok("/", { method: "POST" })).toBe(false);
    expect(ok("/", { headers: { cookie: "near.session_token=x" } })).toBe(false);
  });
});

describe("freshness", () => {
  it("a write answered by this process drops every kept page before its answer leaves", async () => {
    const path = fresh();
    expect(await (await get(path)).text()).toContain("1 listings");
    // Straight into the database: the kept page doesn't know yet…
    const second = await createBusiness(ctx.database.db, { name: "Beta Bakery", status: "pending" });
    expect((await get(path)).headers.get("x-cache")).toBe("HIT");
    // …a beacon changes no page and keeps it…
    await app.request("/api/v1/page-views", { method: "POST", headers: { origin: "http://near.test" } });
    expect((await get(path)).headers.get("x-cache")).toBe("HIT");
    // …and any other write drops it.
    await app.request(`/api/v1/businesses/${second.id}/messages`, {
      method: "POST",
      headers: { origin: "http://near.test", "content-type": "application/json" },
      body: "{}",
    });
    expect((await get(path)).headers.get("x-cache")).toBe("MISS");
  });

  it("a listing change from anywhere (the change feed) drops them too", async () => {
    const path = fresh();
    const count = async () => /(\d+) listings/.exec(await (await get(path)).text())![1];
    const before = Number(await count());
    expect((await get(path)).headers.get("x-cache")).toBe("HIT");
    await createBusiness(ctx.database.db, { name: "Gamma Grill" });
    await vi.waitFor(async () => expect(Number(await count())).toBe(before + 1), { timeout: 10_000 });
  });

  it("PAGE_CACHE_SECONDS=0 turns it off", async () => {
    const off = await createTestServices({ PUBLIC_URL: "http://near.test", PAGE_CACHE_SECONDS: "0" });
    try {
      const plain = createApp({ services: off.services, build });
      const res = await plain.request("/");
      expect(res.status).toBe(200);
      expect(res.headers.has("x-cache")).toBe(false);
      expect(res.headers.has("etag")).toBe(false);
    } finally {
      await off.cleanup();
    }
  });
});

describe("the public API's anonymous reads", () => {
  /** A search no earlier test has asked. */
  const freshSearch = () => `/api/v1/businesses?anywhere=1&pageSize=${(++n % 50) + 1}&q=${n}-unused`;

  it("are answered once and then from memory, with ETag and 304", async () => {
    const path = `/api/v1/businesses?anywhere=1&pageSize=${(++n % 50) + 1}`;
    const a = await get(path);
    expect(a.status).toBe(200);
    expect(a.headers.get("x-cache")).toBe("MISS");
    const b = await get(path);
    expect(b.headers.get("x-cache")).toBe("HIT");
    expect(b.headers.get("content-type")).toMatch(/application\/json/);
    expect(await b.json()).toEqual(await a.json());
    expect(b.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=60, must-revalidate");
    const etag = b.headers.get("etag")!;
    const again = await get(path, { "if-none-match": etag });
    expect(again.status).toBe(304);
    // One published business, and the autocomplete (which keeps its own minute for browsers).
    const one = `/api/v1/businesses/${first.id}`;
    await get(one);
    const kept = await get(one);
    expect(kept.headers.get("x-cache")).toBe("HIT");
    expect(((await kept.json()) as { name: string }).name).toBe("Alpha Cafe");
    const suggest = `/api/v1/suggest?q=alp${n}`;
    await get(suggest);
    const suggested = await get(suggest);
    expect(suggested.headers.get("x-cache")).toBe("HIT");
    expect(suggested.headers.get("cache-control")).toBe("public, max-age=60");
  });

  it("a crowd asking for a search not kept yet gets one search", async () => {
    const path = freshSearch();
    const search = vi.spyOn(ctx.services.search, "search");
    try {
      const answers = await Promise.all(Array.from({ length: 8 }, () => get(path)));
      expect(answers.map((r) => r.status)).toEqual(Array(8).fill(200));
      expect(search).toHaveBeenCalledTimes(1);
    } finally {
      search.mockRestore();
    }
  });

  it("count their listings' search appearances on every answer", async () => {
    const path = `/api/v1/businesses?anywhere=1&q=alpha&pageSize=${(++n % 50) + 1}`;
    const appearances = async () => {
      const [row] = await ctx.database.db
        .select({ count: listingStatDays.count })
        .from(listingStatDays)
        .where(and(eq(listingStatDays.businessId, first.id), eq(listingStatDays.metric, "search_appearance")));
      return row?.count ?? 0;
    };
    // Let any earlier test's unawaited counting land first.
    let settled = -1;
    await vi.waitFor(async () => {
      const now = await appearances();
      const same = now === settled;
      settled = now;
      expect(same).toBe(true);
    });
    const before = settled;
    expect((await get(path)).headers.get("x-cache")).toBe("MISS");
    expect((await get(path)).headers.get("x-cache")).toBe("HIT");
    expect((await get(path)).headers.get("x-cache")).toBe("HIT");
    await vi.waitFor(async () => expect(await appearances()).toBe(before + 3));
  });

  it("are everyone's, signed in or not, but never a caller's with credentials; errors and private reads aren't kept", async () => {
    const path = freshSearch();
    const withCredentials = await get(path, { authorization: "Bearer abc" });
    expect(withCredentials.status).toBe(200);
    expect(withCredentials.headers.has("x-cache")).toBe(false);
    // The handlers never read a session: a signed-in reader's answer is the one everyone gets.
    expect((await get(path, { cookie: "near.session_token=abc" })).headers.get("x-cache")).toBe("MISS");
    expect((await get(path)).headers.get("x-cache")).toBe("HIT");
    // A 400 is answered every time, never kept.
    const bad = "/api/v1/businesses?rating=lots";
    expect((await get(bad)).status).toBe(400);
    const badAgain = await get(bad);
    expect(badAgain.status).toBe(400);
    expect(badAgain.headers.has("x-cache")).toBe(false);
    const ok = (p: string, init: RequestInit = {}) => isCacheableApiRequest(new Request(`http://near.test${p}`, init));
    for (const p of ["/api/v1/businesses?q=x", "/api/v1/businesses/abc", "/api/v1/suggest?q=pi"])
      expect(ok(p), p).toBe(true);
    for (const p of [
      "/api/v1/businesses/abc/stats",
      "/api/v1/businesses/abc/reviews",
      "/api/v1/me/favorites",
      "/api/v1/manage/businesses",
      "/api/v1/admin/claims",
      "/api/v1/me/businesses",
    ])
      expect(ok(p), p).toBe(false);
    expect(ok("/api/v1/businesses", { method: "POST" })).toBe(false);
    expect(ok("/api/v1/businesses", { method: "HEAD" })).toBe(false);
    // These reads never look at a session: a signed-in reader's answer is everyone's. Credentials keep theirs.
    expect(ok("/api/v1/businesses?q=x", { headers: { cookie: "better-auth.session_token=abc" } })).toBe(true);
    expect(ok("/api/v1/businesses?q=x", { headers: { authorization: "Bearer abc" } })).toBe(false);
  });

  it("a listing change drops them with the pages", async () => {
    const path = `/api/v1/businesses?anywhere=1&q=delta&pageSize=${(++n % 50) + 1}`;
    const total = async () => ((await (await get(path)).json()) as { total: number }).total;
    expect(await total()).toBe(0);
    expect((await get(path)).headers.get("x-cache")).toBe("HIT");
    await createBusiness(ctx.database.db, { name: "Delta Diner" });
    await vi.waitFor(async () => expect(await total()).toBe(1), { timeout: 10_000 });
  });
});
