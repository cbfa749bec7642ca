import { and, eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { listingStatDays, pageViews } from "~/.server/db/schema";
import { OwnerBar } from "~/features/listings/components/owner-bar";
import { listingStats, percentChange } from "~/features/stats/queries.server";
import { noteSearchAppearances, STAT_EVENT_RATE } from "~/features/stats/recording.server";
import type { ListingStats } from "~/features/stats/types";
import { addDays, dayIn } from "~/lib/listing-stats";
import { loadListingStats } from "~/routes/portal-stats.server";
import { loadSearchPage } from "~/routes/search.server";
import { seedDemoStats } from "../../server/seed/demo-stats";
import { createBusiness } from "../support/factories";
import { ORIGIN, listingHarness, settle, type ListingHarness, type Role } from "./listings-support";

/**
 * Listing stats (issue #16): clicks and search appearances counted per listing and day, bots ignored, the beacon
 * rate limited; the stats read by the listing's owner and admins only (page and API), over 7 / 30 / 90 days with
 * the change against the period before.
 */

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const BOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

let h: ListingHarness;
const ids = {} as Record<"cafe" | "bakery" | "otherBar" | "pending", string>;
let tz: string;

beforeAll(async () => {
  h = await listingHarness();
  const db = h.ctx.database.db;
  tz = h.ctx.services.config.SITE_TIMEZONE;
  ids.cafe = (await createBusiness(db, { name: "Statsy Cafe", ownerId: h.users.owner.id })).id;
  ids.bakery = (await createBusiness(db, { name: "Statsy Bakery", ownerId: h.users.owner.id })).id;
  ids.otherBar = (await createBusiness(db, { name: "Statsy Bar", ownerId: h.users.other.id })).id;
  ids.pending = (await createBusiness(db, { name: "Statsy Pending", ownerId: h.users.owner.id, status: "pending" })).id;
});
afterAll(async () => {
  await h?.ctx.cleanup();
});

const db = () => h.ctx.database.db;

async function counter(businessId: string, metric: string, day = dayIn(tz)) {
  const rows = await db()
    .select({ count: listingStatDays.count, metric: listingStatDays.metric })
    .from(listingStatDays)
    .where(and(eq(listingStatDays.businessId, businessId), eq(listingStatDays.day, day)));
  return rows.find((r) => r.metric === metric)?.count ?? 0;
}

function event(businessId: string, body: unknown, ua: string | null = BROWSER) {
  return h.visitor.request(`/api/v1/businesses/${businessId}/events`, {
    method: "POST",
    json: body,
    headers: ua ? { "user-agent": ua } : {},
  });
}

describe("clicks on the business page (POST /api/v1/businesses/{id}/events)", () => {
  it("counts each kind per listing and day, one row per metric", async () => {
    for (const kind of ["call", "website", "website", "directions", "share", "book"]) {
      expect((await event(ids.cafe, { kind })).status).toBe(204);
    }
    expect(await counter(ids.cafe, "call")).toBe(1);
    expect(await counter(ids.cafe, "website")).toBe(2);
    expect(await counter(ids.cafe, "directions")).toBe(1);
    expect(await counter(ids.cafe, "share")).toBe(1);
    expect(await counter(ids.cafe, "book")).toBe(1);
    const rows = await db().select().from(listingStatDays).where(eq(listingStatDays.businessId, ids.cafe));
    expect(rows).toHaveLength(5);
    // Nothing about who clicked: the table has no such column.
    expect(Object.keys(rows[0]!).sort()).toEqual(["businessId", "count", "day", "metric"]);
  });

  it("400 on a bad or missing kind, or extra fields; nothing counted", async () => {
    for (const body of [{ kind: "hug" }, {}, { kind: "call", visitor: "me" }]) {
      const res = await event(ids.cafe, body);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: { code: "bad_request" } });
    }
    expect(await counter(ids.cafe, "call")).toBe(1);
  });

  it("404 for an unknown id, a slug-like string, or a listing that is not public", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid", ids.pending]) {
      const res = await event(id, { kind: "call" });
      expect(res.status).toBe(404);
    }
    expect(await counter(ids.pending, "call")).toBe(0);
  });

  it("a bot's click is answered alike and not counted", async () => {
    const res = await event(ids.bakery, { kind: "call" }, BOT);
    expect(res.status).toBe(204);
    expect(await counter(ids.bakery, "call")).toBe(0);
  });
});

describe("page views (distinct visitors per day, bots excluded)", () => {
  it("a bot's page view is not stored; a person's is", async () => {
    const view = (ua: string) =>
      h.visitor.request("/api/v1/page-views", {
        method: "POST",
        json: { path: "/business/x", name: "Business", businessId: ids.bakery },
        headers: { "user-agent": ua },
      });
    expect((await view(BOT)).status).toBe(204);
    expect(await db().select().from(pageViews).where(eq(pageViews.businessId, ids.bakery))).toHaveLength(0);
    expect((await view(BROWSER)).status).toBe(204);
    expect((await view(BROWSER)).status).toBe(204);
    expect(await db().select().from(pageViews).where(eq(pageViews.businessId, ids.bakery))).toHaveLength(2);
  });

  it("the same visitor twice on a day is one view", async () => {
    const stats = await listingStats(
      db(),
      { id: h.users.owner.id, isAdmin: false, type: "business" },
      ids.bakery,
      7,
      tz,
    );
    expect(stats.totals.views.current).toBe(1);
    expect(stats.series.at(-1)).toMatchObject({ day: dayIn(tz), views: 1 });
  });
});

describe("search appearances", () => {
  it("one per listing shown on a page of /api/v1/businesses, in one batch, not for a bot", async () => {
    const before = {
      cafe: await counter(ids.cafe, "search_appearance"),
      bar: await counter(ids.otherBar, "search_appearance"),
    };
    const res = await h.visitor.request("/api/v1/businesses?q=Statsy", { headers: { "user-agent": BROWSER } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { items: { id: string }[] };
    expect(body.items.map((b) => b.id)).toEqual(expect.arrayContaining([ids.cafe, ids.bakery, ids.otherBar]));
    expect(body.items.map((b) => b.id)).not.toContain(ids.pending);
    await vi.waitFor(async () => expect(await counter(ids.otherBar, "search_appearance")).toBe(before.bar + 1));
    expect(await counter(ids.cafe, "search_appearance")).toBe(before.cafe + 1);
    expect(await counter(ids.pending, "search_appearance")).toBe(0);

    await h.visitor.request("/api/v1/businesses?q=Statsy", { headers: { "user-agent": BOT } });
    // Appearances are queued as the answer is made and written in order: once a later page's are written (this
    // promise), a counted bot's would be too.
    const later = new Request(`${ORIGIN}/search`, { headers: { "user-agent": BROWSER } });
    await noteSearchAppearances(h.routeContext, later, [ids.bakery]);
    expect(await counter(ids.cafe, "search_appearance")).toBe(before.cafe + 1);
  });

  it("a crowd's pages are summed into few upserts and none is lost (each promise settles once its count is written)", async () => {
    const before = await counter(ids.cafe, "search_appearance");
    const request = new Request(`${ORIGIN}/search`, { headers: { "user-agent": BROWSER } });
    await Promise.all(
      Array.from({ length: 200 }, () => noteSearchAppearances(h.routeContext, request, [ids.cafe, ids.cafe])),
    );
    expect(await counter(ids.cafe, "search_appearance")).toBe(before + 200);
  });

  it("the /search page counts what it lists", async () => {
    const before = await counter(ids.bakery, "search_appearance");
    const page = await loadSearchPage(
      new Request(`${ORIGIN}/search?q=Statsy`, { headers: { "user-agent": BROWSER } }),
      h.routeContext,
    );
    expect(page.result.items.length).toBeGreaterThanOrEqual(3);
    await vi.waitFor(async () => expect(await counter(ids.bakery, "search_appearance")).toBe(before + 1));
  });
});

describe("the stats over 7 / 30 / 90 days, with the change", () => {
  // A listing of its own, with counts on known days before a fixed "now".
  let id: string;
  const now = new Date("2026-06-15T18:00:00Z"); // 1 pm in Chicago, June 15
  const owner = () => ({ id: h.users.owner.id, isAdmin: false, type: "business" as const });

  beforeAll(async () => {
    id = (await createBusiness(db(), { name: "Period Deli", ownerId: h.users.owner.id })).id;
    const today = dayIn(tz, now);
    const put = (back: number, metric: "call" | "search_appearance", count: number) =>
      db()
        .insert(listingStatDays)
        .values({ businessId: id, day: addDays(today, -back), metric, count });
    await put(0, "call", 3); // today
    await put(6, "call", 2); // last of 7 days
    await put(7, "call", 4); // previous 7 days
    await put(29, "call", 1); // in 30
    await put(45, "call", 5); // previous 30; in 90
    await put(100, "search_appearance", 9); // previous 90 only
    // Two visitors today (one twice), one yesterday late evening in Chicago (after midnight UTC).
    await db()
      .insert(pageViews)
      .values([
        { path: "/b", name: "Business", businessId: id, visitorId: "a", createdAt: new Date("2026-06-15T15:00:00Z") },
        { path: "/b", name: "Business", businessId: id, visitorId: "a", createdAt: new Date("2026-06-15T16:00:00Z") },
        { path: "/b", name: "Business", businessId: id, visitorId: "b", createdAt: new Date("2026-06-15T17:00:00Z") },
        { path: "/b", name: "Business", businessId: id, visitorId: "a", createdAt: new Date("2026-06-15T03:30:00Z") },
      ]);
  });

  it("7 days: today and the six before, against the seven before that", async () => {
    const s = await listingStats(db(), owner(), id, 7, tz, now);
    expect(s).toMatchObject({
      from: "2026-06-09",
      to: "2026-06-15",
      previousFrom: "2026-06-02",
      previousTo: "2026-06-08",
    });
    expect(s.series).toHaveLength(7);
    expect(s.totals.call).toEqual({ current: 5, previous: 4, change: 25 });
    expect(s.totals.views).toEqual({ current: 3, previous: 0, change: null });
    expect(s.series.at(-1)).toEqual({ day: "2026-06-15", views: 2, searchAppearances: 0, clicks: 3 });
    // 03:30 UTC on June 15 is June 14 in Chicago.
    expect(s.series.at(-2)).toMatchObject({ day: "2026-06-14", views: 1 });
  });

  it("30 days and 90 days", async () => {
    const m = await listingStats(db(), owner(), id, 30, tz, now);
    expect(m.series).toHaveLength(30);
    expect(m.totals.call).toEqual({ current: 10, previous: 5, change: 100 });
    const q = await listingStats(db(), owner(), id, 90, tz, now);
    expect(q.series).toHaveLength(90);
    expect(q.totals.call).toEqual({ current: 15, previous: 0, change: null });
    expect(q.totals.search_appearance).toEqual({ current: 0, previous: 9, change: -100 });
  });

  it("percentChange rounds, and is null without a previous period", () => {
    expect(percentChange(3, 0)).toBeNull();
    expect(percentChange(0, 0)).toBeNull();
    expect(percentChange(2, 3)).toBe(-33);
    expect(percentChange(5, 5)).toBe(0);
  });
});

describe("who may read a listing's stats", () => {
  const page = async (who: Role | "visitor", id: string, query = "") => {
    const cookie = who === "visitor" ? "" : h.users[who].cookie;
    return settle(
      loadListingStats({
        request: new Request(`${ORIGIN}/portal/stats/${id}${query}`, { headers: cookie ? { cookie } : {} }),
        context: h.routeContext,
        params: { id },
      }),
    );
  };

  it("the page: signed out goes to sign in; customer, another owner: 404; owner and admin: the stats", async () => {
    const out = await page("visitor", ids.cafe);
    expect(out.response?.status).toBe(302);
    expect(out.response?.headers.get("location")).toMatch(/^\/auth\?redirectTo=/);
    for (const who of ["customer", "other"] as const) {
      const res = await page(who, ids.cafe).catch((e: unknown) => ({ thrown: e }));
      const thrown = "thrown" in res ? res.thrown : undefined;
      // react-router's data() throws a DataWithResponseInit; either way, the status is 404.
      const status =
        (res as { response?: Response }).response?.status ?? (thrown as { init?: { status?: number } })?.init?.status;
      expect(status, who).toBe(404);
    }
    for (const who of ["owner", "admin"] as const) {
      const res = await page(who, ids.cafe, "?days=7");
      expect(res.value?.business.name, who).toBe("Statsy Cafe");
      expect(res.value?.days).toBe(7);
    }
    expect((await page("owner", ids.cafe, "?days=12")).value?.days).toBe(30);
    expect((await page("owner", ids.pending)).value?.business.status).toBe("pending");
  });

  it("the API: 401 signed out; 404 for a customer, another owner, or an unknown id; 200 for the owner and admin", async () => {
    const get = (who: Role | "visitor", id: string, query = "") =>
      h.as(who).json<ListingStats>(`/api/v1/businesses/${id}/stats${query}`);
    expect((await get("visitor", ids.cafe)).status).toBe(401);
    for (const who of ["customer", "other"] as const) {
      const res = await get(who, ids.cafe);
      expect(res.status, who).toBe(404);
      expect(res.body).toMatchObject({ error: { code: "not_found" } });
    }
    expect((await get("other", ids.otherBar)).status).toBe(200);
    expect((await get("owner", "00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await get("admin", "00000000-0000-4000-8000-000000000000")).status).toBe(404);
    const mine = await get("owner", ids.cafe, "?days=90");
    expect(mine.status).toBe(200);
    expect(mine.body.series).toHaveLength(90);
    expect(mine.body.totals.website.current).toBe(2);
    expect((await get("admin", ids.cafe)).body.days).toBe(30);
    const bad = await get("owner", ids.cafe, "?days=12");
    expect(bad.status).toBe(400);
  });

  it("the business page's owner bar links the owner and admins to the stats", () => {
    const bar = (viewer: Parameters<typeof OwnerBar>[0]["viewer"], isOwner: boolean) => {
      const Stub = createRoutesStub([
        { path: "/", Component: () => createElement(OwnerBar, { businessId: ids.cafe, viewer, isOwner }) },
      ]);
      return renderToString(createElement(Stub, { initialEntries: ["/"] }));
    };
    expect(bar({ isAdmin: false, type: "business" }, true)).toContain(`href="/portal/stats/${ids.cafe}"`);
    expect(bar({ isAdmin: true, type: "customer" }, false)).toContain(`href="/portal/stats/${ids.cafe}"`);
    expect(bar({ isAdmin: false, type: "business" }, false)).not.toContain("/portal/stats/");
    expect(bar(null, false)).not.toContain("/portal/stats/");
  });

  it("is in the OpenAPI document", async () => {
    const doc = (await (await h.app.request("/api/v1/openapi.json")).json()) as { paths: Record<string, object> };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(["/businesses/{id}/stats", "/businesses/{id}/events"]),
    );
  });
});

describe("the demo owner's listings", () => {
  it("get half a year of stats: a living chart over 90 days, with a change against the 90 before", async () => {
    const id = (await createBusiness(db(), { name: "Demo Diner", ownerId: h.users.owner.id })).id;
    const seeded = await seedDemoStats(db(), [id], tz);
    expect(seeded.views).toBeGreaterThan(500);
    const s = await listingStats(db(), { id: h.users.owner.id, isAdmin: false, type: "business" }, id, 90, tz);
    expect(s.series.filter((d) => d.views > 0).length).toBeGreaterThan(80);
    expect(s.totals.views.previous).toBeGreaterThan(0);
    expect(s.totals.views.change).toBeGreaterThan(0);
    expect(s.totals.search_appearance.current).toBeGreaterThan(s.totals.views.current);
    expect(s.totals.website.current).toBeGreaterThan(0);
  });
});

// Last: it uses up this address's allowance.
describe("rate limit", () => {
  it(`counts at most ${STAT_EVENT_RATE.limit} clicks a minute from one address, then answers 429`, async () => {
    const before = await counter(ids.bakery, "share");
    let last: Response | undefined;
    for (let i = 0; i < STAT_EVENT_RATE.limit + 3; i++) last = await event(ids.bakery, { kind: "share" });
    expect(last!.status).toBe(429);
    expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
    // The earlier test's clicks from this address count against the same minute.
    expect(await counter(ids.bakery, "share")).toBeLessThanOrEqual(before + STAT_EVENT_RATE.limit);
    expect(await counter(ids.bakery, "share")).toBeGreaterThan(before);
  });
});
