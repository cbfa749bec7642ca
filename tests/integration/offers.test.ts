import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businesses, businessOffers, events } from "~/.server/db/schema";
import { RateLimiter } from "~/.server/rate-limit";
import { submitEvent } from "~/features/events/mutations.server";
import { eventInputSchema } from "~/features/events/schema";
import { PLAN_ALLOWANCES, type ListingPlan } from "~/lib/catalogue";
import { buildDemoCity } from "../../server/seed/demo-city";
import { buildDemoEvents } from "../../server/seed/demo-content";
import { buildDemoOffers } from "../../server/seed/demo-offers";
import { createBusiness } from "../support/factories";
import { documentOf, pagesApp, textOf } from "../support/page-app";
import { createTestServices } from "../support/services";
import { signedInUser } from "../support/users";

/**
 * Coupons and offers (issue 36): counted with the business's upcoming events against the plan's "coupons or events"
 * on every write path (the owner's form, the API, Submit Event), hidden (never deleted) over the allowance after a
 * downgrade and shown again on an upgrade, gone by themselves after their last day (a pinned clock), on the business
 * page, /deals and the API; who may do what on every new route and operation.
 */

const ORIGIN = "http://near.test";
const TZ = "America/Chicago";
/** Noon in Springfield on Saturday 28 November 2026. */
const NOON = new Date("2026-11-28T18:00:00Z");
const TODAY = "2026-11-28";
const clock = { at: NOON, now: () => new Date(clock.at.getTime()) };

let ctx: Awaited<ReturnType<typeof createTestServices>>;
let app: Awaited<ReturnType<typeof pagesApp>>;
type Who = "visitor" | "customer" | "other" | "owner" | "admin";
type Client = Awaited<ReturnType<typeof signedInUser>>;
const clients = {} as Record<Exclude<Who, "visitor">, Client>;
const ids = {} as Record<Exclude<Who, "visitor">, string>;
const db = () => ctx.database.db;

function send(who: Who, path: string, init: RequestInit & { json?: unknown } = {}) {
  if (who === "visitor") {
    const headers = new Headers(init.headers);
    let body = init.body;
    if (init.json !== undefined) {
      headers.set("content-type", "application/json");
      body = JSON.stringify(init.json);
    }
    if (init.method && init.method !== "GET") headers.set("origin", ORIGIN);
    return app.request(`${ORIGIN}${path}`, { ...init, headers, body });
  }
  return clients[who].request(path, init);
}
const api = (who: Who, method: string, path: string, json?: unknown) =>
  send(who, `/api/v1${path}`, json === undefined ? { method } : { method, json });
async function errorOf(res: Response) {
  return ((await res.json()) as { error: { code: string; message: string; fields?: Record<string, string> } }).error;
}
function form(fields: Record<string, string>) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  return body;
}

const offer = (over: Record<string, unknown> = {}) => ({
  title: "10% off your first visit",
  terms: "Dine-in only. One per table. Not with other offers.",
  startsOn: TODAY,
  endsOn: "2026-12-10",
  ...over,
});

async function listing(name: string, plan: ListingPlan, ownerId = ids.owner) {
  return createBusiness(db(), { name, plan, ownerId, latitude: 39.7817, longitude: -89.6501 });
}
async function addOffers(businessId: string, count: number, over: Partial<typeof businessOffers.$inferInsert> = {}) {
  for (let i = 0; i < count; i++)
    await db()
      .insert(businessOffers)
      .values({
        businessId,
        title: `Offer ${i + 1}`,
        terms: "Ask at the counter for details.",
        startsOn: TODAY,
        endsOn: "2026-12-20",
        createdAt: new Date(NOON.getTime() - (count - i) * 60_000),
        ...over,
      });
}
async function addEvent(businessId: string, over: Partial<typeof events.$inferInsert> = {}) {
  await db()
    .insert(events)
    .values({
      title: "Tasting night",
      description: "Taste the new menu with the neighbors.",
      startsAt: new Date("2026-12-05T00:00:00Z"),
      endsAt: new Date("2026-12-05T03:00:00Z"),
      venue: "Main room",
      city: "Springfield",
      citySlug: "springfield",
      category: "food",
      status: "approved",
      businessId,
      ...over,
    });
}
async function setPlan(businessId: string, plan: ListingPlan) {
  await db().update(businesses).set({ plan }).where(eq(businesses.id, businessId));
}
async function publicTitles(businessId: string) {
  const res = await api("visitor", "GET", `/businesses/${businessId}/offers`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { offers: { title: string }[] }).offers.map((o) => o.title);
}
async function pageOffers(business: { slug: string }) {
  const doc = await documentOf(await send("visitor", `/business/${business.slug}`));
  return doc.querySelectorAll('#offers [data-testid="offer-card"] h3').map((h) => textOf(h));
}
/** Every deal's title, through the API's pages. */
async function allDealTitles(query = "") {
  const titles: string[] = [];
  for (let page = 1; page <= 10; page++) {
    const res = await api("visitor", "GET", `/deals?page=${page}${query ? `&${query}` : ""}`);
    const body = (await res.json()) as { items: { title: string }[]; pageCount: number };
    titles.push(...body.items.map((d) => d.title));
    if (page >= body.pageCount) break;
  }
  return titles;
}
async function dealTitles(query = "") {
  const doc = await documentOf(await send("visitor", `/deals${query}`));
  return doc.querySelectorAll('[data-testid="offer-card"] h3').map((h) => textOf(h));
}

beforeAll(async () => {
  ctx = await createTestServices({
    PUBLIC_URL: ORIGIN,
    AUTH_RATE_LIMIT: "false",
    SITE_TIMEZONE: TZ,
    SITE_CITY: "Springfield",
    SITE_STATE: "IL",
    PAGE_CACHE_SECONDS: "0",
  });
  ctx.services.clock = clock;
  app = await pagesApp(ctx.services);
  for (const who of ["customer", "other", "owner", "admin"] as const) {
    clients[who] = await signedInUser(app, db(), {
      name: who,
      admin: who === "admin",
      type: who === "owner" || who === "other" ? "business" : "customer",
    });
    ids[who] = clients[who].id;
  }
  // Plenty of writes in these tests: the owner's rate is its own test's business.
  ctx.services.limits.offerWrites = new RateLimiter(1000, 60_000);
}, 180_000);
afterAll(async () => {
  await ctx?.cleanup();
});

describe("the allowance: coupons or events", () => {
  it("adds an offer on Featured through the API and says what is left", async () => {
    const cafe = await listing("Featured Cafe", "featured");
    const res = await api("owner", "POST", `/businesses/${cafe.id}/offers`, offer({ code: "first10" }));
    expect(res.status).toBe(201);
    const body = (await res.json()) as { offers: { code: string; state: string }[]; allowance: { summary: string } };
    expect(body.offers).toMatchObject([{ code: "FIRST10", state: "current" }]);
    expect(body.allowance.summary).toBe("1 of 5 coupons or events on the Featured plan");
    expect(await publicTitles(cafe.id)).toEqual(["10% off your first visit"]);
  });

  it("refuses a Basic listing an offer on the form and the API, naming Featured; admins are not limited", async () => {
    const basic = await listing("Basic Bakery", "basic");
    const refusal = "The Basic plan doesn't include coupons or events. Upgrade to Featured for up to 5.";
    const res = await api("owner", "POST", `/businesses/${basic.id}/offers`, offer());
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe(refusal);

    const page = await send("owner", `/business/edit/${basic.id}/offers`);
    expect(page.status).toBe(200);
    const doc = await documentOf(page);
    expect(textOf(doc.querySelector('[data-testid="offer-allowance"]'))).toContain(
      "0 of 0 coupons or events on the Basic plan",
    );
    expect(textOf(doc.querySelector('[data-testid="offer-refusal"]'))).toContain(refusal);
    expect(doc.querySelector("form#offer")).toBeNull();

    // A plain form POST (no JavaScript) is refused the same way.
    const posted = await send("owner", `/business/edit/${basic.id}/offers`, {
      method: "POST",
      body: form({ intent: "add", ...offer() }),
    });
    expect(posted.status).toBe(400);
    expect(await posted.text()).toContain(refusal);
    expect(await db().select().from(businessOffers).where(eq(businessOffers.businessId, basic.id))).toEqual([]);

    const admin = await api("admin", "POST", `/businesses/${basic.id}/offers`, offer());
    expect(admin.status).toBe(201);
  });

  it("counts upcoming events with offers on Featured: the sixth is refused naming Premium, on every path", async () => {
    const bar = await listing("Five Slots Bar", "featured");
    await addEvent(bar.id, { status: "approved" });
    await addEvent(bar.id, { status: "pending" });
    // Neither a rejected event nor one that is over counts.
    await addEvent(bar.id, { status: "rejected" });
    await addEvent(bar.id, {
      startsAt: new Date("2026-11-01T00:00:00Z"),
      endsAt: new Date("2026-11-01T03:00:00Z"),
    });
    // Nor an offer that has ended.
    await addOffers(bar.id, 1, { startsOn: "2026-11-01", endsOn: "2026-11-27" });

    const added = await send("owner", `/business/edit/${bar.id}/offers`, {
      method: "POST",
      body: form({ intent: "add", ...offer({ title: "Happy hour" }) }),
    });
    expect(added.status).toBe(200);
    expect(await api("owner", "POST", `/businesses/${bar.id}/offers`, offer({ title: "Two for one" }))).toHaveProperty(
      "status",
      201,
    );
    const page = await documentOf(await send("owner", `/business/edit/${bar.id}/offers`));
    expect(textOf(page.querySelector('[data-testid="offer-allowance"] h2'))).toBe(
      "4 of 5 coupons or events on the Featured plan",
    );
    expect(await api("owner", "POST", `/businesses/${bar.id}/offers`, offer({ title: "Quiz night" }))).toHaveProperty(
      "status",
      201,
    );

    const refusal = "The Featured plan includes 5 coupons or events. Upgrade to Premium for up to 20.";
    const api6 = await api("owner", "POST", `/businesses/${bar.id}/offers`, offer({ title: "One too many" }));
    expect(api6.status).toBe(400);
    expect(await errorOf(api6)).toMatchObject({ message: refusal, fields: { title: refusal } });
    const form6 = await send("owner", `/business/edit/${bar.id}/offers`, {
      method: "POST",
      body: form({ intent: "add", ...offer({ title: "One too many" }) }),
    });
    expect(form6.status).toBe(400);
    expect(await form6.text()).toContain(refusal);
    // Submit Event for the business counts the same allowance, and names the plan.
    const input = eventInputSchema.parse({
      title: "Another tasting",
      description: "One more evening of tasting the new menu.",
      date: "2026-12-12",
      startTime: "18:00",
      endTime: "20:00",
      venue: "Main room",
      city: "Springfield",
      category: "food",
      businessId: bar.id,
    });
    const owner = { id: ids.owner, isAdmin: false };
    const events = { timeZone: TZ, limiter: new RateLimiter(100, 60_000), now: clock.now() };
    await expect(submitEvent(db(), owner, input, events)).rejects.toMatchObject({
      code: "bad_request",
      message: refusal,
      fields: { businessId: refusal },
    });
    // Deleting an offer makes room again.
    const managed = (await (await api("owner", "GET", `/businesses/${bar.id}/offers/managed`)).json()) as {
      offers: { id: string; title: string }[];
    };
    const quiz = managed.offers.find((o) => o.title === "Quiz night")!;
    expect((await api("owner", "DELETE", `/businesses/${bar.id}/offers/${quiz.id}`)).status).toBe(204);
    await expect(submitEvent(db(), owner, input, events)).resolves.toHaveProperty("id");
    // Full again; an admin may still host one there.
    await expect(submitEvent(db(), owner, input, events)).rejects.toMatchObject({ message: refusal });
    await expect(submitEvent(db(), { id: ids.admin, isAdmin: true }, input, events)).resolves.toHaveProperty("id");
  });

  it("refuses bringing an ended offer back over the allowance", async () => {
    const shop = await listing("Full Shop", "featured");
    await addOffers(shop.id, 5);
    await addOffers(shop.id, 1, { title: "Old news", startsOn: "2026-11-01", endsOn: "2026-11-20" });
    const [old] = await db().select().from(businessOffers).where(eq(businessOffers.title, "Old news"));
    const res = await api("owner", "PATCH", `/businesses/${shop.id}/offers/${old!.id}`, { endsOn: "2026-12-24" });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toMatch(/^The Featured plan includes 5 coupons or events\./);
    // A current one may be edited freely.
    const [first] = await db()
      .select()
      .from(businessOffers)
      .where(and(eq(businessOffers.businessId, shop.id), eq(businessOffers.title, "Offer 1")));
    const ok = await api("owner", "PATCH", `/businesses/${shop.id}/offers/${first!.id}`, {
      title: "Offer one",
      code: "HELLO",
      firstCustomers: 25,
    });
    expect(ok.status).toBe(200);
    expect(await publicTitles(shop.id)).toContain("Offer one");

    // The owner's page edits one too (a plain form POST): the form is filled with it, and saving goes back to the list.
    const editPage = await documentOf(await send("owner", `/business/edit/${shop.id}/offers?edit=${first!.id}`));
    expect(textOf(editPage.querySelector("#add-offer-heading"))).toBe("Edit “Offer one”");
    expect(editPage.querySelector('input[name="code"]')?.getAttribute("value")).toBe("HELLO");
    const saved = await send("owner", `/business/edit/${shop.id}/offers?edit=${first!.id}`, {
      method: "POST",
      body: form({
        intent: "edit",
        offerId: first!.id,
        ...offer({ title: "Offer uno", code: "", endsOn: "2026-12-24" }),
      }),
      redirect: "manual",
    });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toBe(`/business/edit/${shop.id}/offers?saved`);
    const [edited] = await db().select().from(businessOffers).where(eq(businessOffers.id, first!.id));
    expect(edited).toMatchObject({ title: "Offer uno", code: null, firstCustomers: null, endsOn: "2026-12-24" });
    // The ended one can't come back through the form either, and another owner can't edit it.
    const back = await send("owner", `/business/edit/${shop.id}/offers?edit=${old!.id}`, {
      method: "POST",
      body: form({ intent: "edit", offerId: old!.id, ...offer({ title: "Old news", endsOn: "2026-12-24" }) }),
    });
    expect(back.status).toBe(400);
    expect(await back.text()).toContain("The Featured plan includes 5 coupons or events.");
    const other = await send("other", `/business/edit/${shop.id}/offers`, {
      method: "POST",
      body: form({ intent: "edit", offerId: first!.id, ...offer({ title: "Hijacked" }) }),
      redirect: "manual",
    });
    expect(other.status).toBe(302);
    expect((await db().select().from(businessOffers).where(eq(businessOffers.id, first!.id)))[0]!.title).toBe(
      "Offer uno",
    );
  });
});

describe("a downgrade hides, an upgrade shows", () => {
  it("keeps events, hides the offers past the room they leave, and shows them again on upgrade", async () => {
    const spa = await listing("Premium Spa", "premium");
    await addEvent(spa.id, { title: "Open house" });
    await addOffers(spa.id, 6);
    expect(await publicTitles(spa.id)).toHaveLength(6);

    await setPlan(spa.id, "featured");
    // Five on Featured: the event keeps its place; the four oldest offers fill the rest.
    expect(await publicTitles(spa.id)).toEqual(["Offer 1", "Offer 2", "Offer 3", "Offer 4"]);
    expect(await pageOffers(spa)).toEqual(["Offer 1", "Offer 2", "Offer 3", "Offer 4"]);
    const managed = (await (await api("owner", "GET", `/businesses/${spa.id}/offers/managed`)).json()) as {
      offers: { title: string; state: string }[];
      allowance: { summary: string; refusal: string };
    };
    expect(managed.offers.filter((o) => o.state === "hidden").map((o) => o.title)).toEqual(["Offer 6", "Offer 5"]);
    expect(managed.allowance).toMatchObject({
      summary: "7 of 5 coupons or events on the Featured plan",
      refusal: "The Featured plan includes 5 coupons or events. Upgrade to Premium for up to 20.",
    });

    await setPlan(spa.id, "basic");
    expect(await publicTitles(spa.id)).toEqual([]);
    const page = await documentOf(await send("visitor", `/business/${spa.slug}`));
    expect(page.querySelector("#offers")).toBeNull();
    expect(textOf(page.querySelector("#events"))).toContain("Open house");
    expect(await db().select().from(businessOffers).where(eq(businessOffers.businessId, spa.id))).toHaveLength(6);

    await setPlan(spa.id, "premium");
    expect(await publicTitles(spa.id)).toHaveLength(6);
  });
});

describe("offers end by themselves", () => {
  it("are on the business page, /deals and the API through their last day, and gone the day after", async () => {
    const diner = await listing("Clockwork Diner", "featured");
    await addOffers(diner.id, 1, { title: "Weekend brunch deal", endsOn: "2026-11-30" });
    await addOffers(diner.id, 1, { title: "Starts next week", startsOn: "2026-12-05", endsOn: "2026-12-12" });
    expect(await publicTitles(diner.id)).toEqual(["Weekend brunch deal"]);
    expect(await pageOffers(diner)).toEqual(["Weekend brunch deal"]);
    expect(await dealTitles()).toContain("Weekend brunch deal");
    expect(await dealTitles()).not.toContain("Starts next week");
    const page = await documentOf(await send("visitor", `/business/${diner.slug}`));
    const jsonLd = page
      .querySelectorAll('script[type="application/ld+json"]')
      .flatMap((s) => [JSON.parse(s.text)].flat() as { "@type": string; name?: string; validThrough?: string }[]);
    expect(jsonLd).toContainEqual(
      expect.objectContaining({ "@type": "Offer", name: "Weekend brunch deal", validThrough: "2026-11-30" }),
    );

    try {
      // 11 pm on its last day, Springfield time: still on.
      clock.at = new Date("2026-12-01T05:00:00Z");
      expect(await publicTitles(diner.id)).toEqual(["Weekend brunch deal"]);
      // The next morning: gone from everywhere, kept for its owner as ended.
      clock.at = new Date("2026-12-01T14:00:00Z");
      expect(await publicTitles(diner.id)).toEqual([]);
      expect(await pageOffers(diner)).toEqual([]);
      expect(await dealTitles()).not.toContain("Weekend brunch deal");
      const deals = (await (await api("visitor", "GET", "/deals")).json()) as { items: { title: string }[] };
      expect(deals.items.map((d) => d.title)).not.toContain("Weekend brunch deal");
      const managed = (await (await api("owner", "GET", `/businesses/${diner.id}/offers/managed`)).json()) as {
        offers: { title: string; state: string }[];
      };
      expect(managed.offers).toContainEqual(expect.objectContaining({ title: "Weekend brunch deal", state: "ended" }));
      // A week on, the scheduled one is on.
      clock.at = new Date("2026-12-05T18:00:00Z");
      expect(await publicTitles(diner.id)).toEqual(["Starts next week"]);
    } finally {
      clock.at = NOON;
    }
  });
});

describe("/deals", () => {
  it("lists current deals near the site's city by default, near a typed place, and pages them", async () => {
    const far = await createBusiness(db(), {
      name: "Chicago Deli",
      plan: "premium",
      ownerId: ids.other,
      city: "Chicago",
      zip: "60601",
      latitude: 41.8853,
      longitude: -87.6216,
    });
    await addOffers(far.id, 1, { title: "Chicago pastrami special" });
    // A Springfield listing without a position (not geocoded) is in Springfield's area by its city.
    const unplaced = await createBusiness(db(), { name: "Unplaced Pantry", plan: "featured", ownerId: ids.other });
    await addOffers(unplaced.id, 1, { title: "Pantry staples two for one" });
    // Springfield by default: Chicago (300 km away) is not in its area.
    expect(await dealTitles()).not.toContain("Chicago pastrami special");
    expect(await allDealTitles()).toContain("Pantry staples two for one");
    expect(await allDealTitles("near=Chicago")).not.toContain("Pantry staples two for one");
    expect(await dealTitles("?near=Chicago")).toEqual(["Chicago pastrami special"]);
    const doc = await documentOf(await send("visitor", "/deals?near=Chicago"));
    expect(textOf(doc.querySelector("h1"))).toMatch(/^Deals near Chicago/);
    expect(textOf(doc.querySelector('[data-testid="offer-card"]'))).toContain("Chicago Deli");
    // An unknown place: said so, and the site's city instead (never an error page).
    const unknown = await send("visitor", "/deals?near=Atlantis");
    expect(unknown.status).toBe(200);
    expect(textOf((await documentOf(unknown)).querySelector('[role="status"]'))).toContain("couldn't find “Atlantis”");
    const apiUnknown = await api("visitor", "GET", "/deals?near=Atlantis");
    expect(apiUnknown.status).toBe(400);
    expect((await errorOf(apiUnknown)).fields).toHaveProperty("near");

    // Paged by 12.
    const many = await listing("Many Deals Market", "premium", ids.other);
    await addOffers(many.id, 14);
    const first = (await (await api("visitor", "GET", "/deals")).json()) as {
      items: unknown[];
      total: number;
      pageCount: number;
    };
    expect(first.items).toHaveLength(12);
    expect(first.pageCount).toBe(Math.ceil(first.total / 12));
    const second = await documentOf(await send("visitor", "/deals?page=2"));
    expect(second.querySelectorAll('[data-testid="offer-card"]').length).toBe(Math.min(12, first.total - 12));
    expect(second.querySelector('nav[aria-label="Pagination"]')).not.toBeNull();
    expect((await api("visitor", "GET", "/deals?page=0")).status).toBe(400);
    expect((await send("visitor", "/deals?page=abc")).status).toBe(200);
  });
});

describe("who may do what", () => {
  const roles: Who[] = ["visitor", "customer", "other", "owner", "admin"];

  it("the owner's page: the owner and admins; others are sent away", async () => {
    const cafe = await listing("Matrix Cafe", "featured");
    const expected: Record<Who, number> = { visitor: 302, customer: 302, other: 302, owner: 200, admin: 200 };
    for (const who of roles) {
      const res = await send(who, `/business/edit/${cafe.id}/offers`, { redirect: "manual" });
      expect(res.status, who).toBe(expected[who]);
      if (who === "visitor") expect(res.headers.get("location")).toMatch(/^\/auth\?redirectTo=/);
      const post = await send(who, `/business/edit/${cafe.id}/offers`, {
        method: "POST",
        body: form({ intent: "add", ...offer({ title: `Form by ${who}` }) }),
        redirect: "manual",
      });
      expect(post.status, `POST ${who}`).toBe(expected[who]);
    }
    const titles = (await db().select().from(businessOffers).where(eq(businessOffers.businessId, cafe.id))).map(
      (o) => o.title,
    );
    expect(titles.sort()).toEqual(["Form by admin", "Form by owner"]);

    // Delete: only the owner and admins; another owner can't touch it.
    const [mine] = await db().select().from(businessOffers).where(eq(businessOffers.title, "Form by owner"));
    const other = await send("other", `/business/edit/${cafe.id}/offers`, {
      method: "POST",
      body: form({ intent: "delete", offerId: mine!.id }),
      redirect: "manual",
    });
    expect(other.status).toBe(302);
    const deleted = await send("owner", `/business/edit/${cafe.id}/offers`, {
      method: "POST",
      body: form({ intent: "delete", offerId: mine!.id }),
    });
    expect(deleted.status).toBe(200);
    expect(await db().select().from(businessOffers).where(eq(businessOffers.id, mine!.id))).toEqual([]);
    // An unknown listing is a 404 for admins.
    expect((await send("admin", `/business/edit/00000000-0000-4000-8000-000000000000/offers`)).status).toBe(404);
  });

  it("the API: public reads for everyone; management for the owner and admins only", async () => {
    const cafe = await listing("Matrix API Cafe", "premium");
    await addOffers(cafe.id, 1, { title: "Matrix offer" });
    const [row] = await db().select().from(businessOffers).where(eq(businessOffers.title, "Matrix offer"));
    const write: Record<Who, number> = { visitor: 401, customer: 403, other: 403, owner: 201, admin: 201 };
    const read: Record<Who, number> = { visitor: 401, customer: 403, other: 403, owner: 200, admin: 200 };
    const del: Record<Who, number> = { visitor: 401, customer: 403, other: 403, owner: 204, admin: 204 };
    for (const who of roles) {
      expect((await api(who, "GET", "/deals")).status, who).toBe(200);
      expect((await api(who, "GET", `/businesses/${cafe.id}/offers`)).status, who).toBe(200);
      expect((await api(who, "GET", `/businesses/${cafe.id}/offers/managed`)).status, who).toBe(read[who]);
      const created = await api(who, "POST", `/businesses/${cafe.id}/offers`, offer({ title: `API by ${who}` }));
      expect(created.status, who).toBe(write[who]);
      const patched = await api(who, "PATCH", `/businesses/${cafe.id}/offers/${row!.id}`, {
        title: `Edited by ${who}`,
      });
      expect(patched.status, who).toBe(read[who]);
    }
    const [created] = await db().select().from(businessOffers).where(eq(businessOffers.title, "API by owner"));
    const [byAdmin] = await db().select().from(businessOffers).where(eq(businessOffers.title, "API by admin"));
    for (const who of roles) {
      const target = who === "admin" ? byAdmin! : created!;
      expect((await api(who, "DELETE", `/businesses/${cafe.id}/offers/${target.id}`)).status, who).toBe(del[who]);
    }
    // Not published: its public offers are a 404; unknown ids are 404s, never 500s.
    const pending = await createBusiness(db(), { name: "Pending Place", plan: "premium", status: "pending" });
    expect((await api("visitor", "GET", `/businesses/${pending.id}/offers`)).status).toBe(404);
    expect((await api("visitor", "GET", `/businesses/not-a-real-thing/offers`)).status).toBe(404);
    expect((await api("owner", "DELETE", `/businesses/${cafe.id}/offers/nope`)).status).toBe(404);
    expect((await api("admin", "PATCH", `/businesses/${cafe.id}/offers/${pending.id}`, { title: "Nope" })).status).toBe(
      404,
    );
  });

  it("answers bad input with a 400 naming the field", async () => {
    const cafe = await listing("Validation Cafe", "featured");
    const cases: [Record<string, unknown>, string][] = [
      [offer({ title: "" }), "title"],
      [offer({ terms: "short" }), "terms"],
      [offer({ code: "no spaces!" }), "code"],
      [offer({ startsOn: "2026-02-30" }), "startsOn"],
      [offer({ endsOn: "2026-11-01" }), "endsOn"],
      [offer({ startsOn: "2026-11-01", endsOn: "2026-11-20" }), "endsOn"],
      [offer({ endsOn: "2029-01-01" }), "endsOn"],
      [offer({ firstCustomers: 0 }), "firstCustomers"],
      [offer({ title: "Null\u0000byte" }), "title"],
      [offer({ surprise: true }), "surprise"],
    ];
    for (const [body, field] of cases) {
      const res = await api("owner", "POST", `/businesses/${cafe.id}/offers`, body);
      expect(res.status, field).toBe(400);
      expect((await errorOf(res)).fields, field).toHaveProperty(field);
    }
    const bad = await send("owner", `/business/edit/${cafe.id}/offers`, {
      method: "POST",
      body: form({ intent: "add", ...offer({ title: "" }) }),
    });
    expect(bad.status).toBe(400);
    expect(await db().select().from(businessOffers).where(eq(businessOffers.businessId, cafe.id))).toEqual([]);
  });

  it("documents every offers operation in the OpenAPI document", async () => {
    const doc = (await (await app.request(`${ORIGIN}/api/v1/openapi.json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(doc.paths["/deals"] ?? {})).toEqual(["get"]);
    expect(Object.keys(doc.paths["/businesses/{id}/offers"] ?? {}).sort()).toEqual(["get", "post"]);
    expect(Object.keys(doc.paths["/businesses/{id}/offers/managed"] ?? {})).toEqual(["get"]);
    expect(Object.keys(doc.paths["/businesses/{id}/offers/{offerId}"] ?? {}).sort()).toEqual(["delete", "patch"]);
  });
});

describe("the demo city", () => {
  it("has current offers on a few Featured and Premium listings, within each plan with its events", () => {
    const now = new Date("2026-11-28T18:00:00Z");
    const city = buildDemoCity({ city: "Springfield", state: "IL", timezone: TZ, now });
    const demoEvents = buildDemoEvents(city, { city: "Springfield", timezone: TZ, now });
    const offers = buildDemoOffers(city, demoEvents, { timezone: TZ, now });
    expect(buildDemoOffers(city, demoEvents, { timezone: TZ, now })).toEqual(offers);
    const byId = new Map(city.map((b) => [b.business.id, b.business]));
    const plans = new Set(offers.map((o) => byId.get(o.businessId)!.plan));
    expect(plans).toEqual(new Set(["featured", "premium"]));
    expect(new Set(offers.map((o) => o.businessId)).size).toBeGreaterThanOrEqual(4);
    expect(offers.filter((o) => o.startsOn <= TODAY && o.endsOn >= TODAY).length).toBeGreaterThanOrEqual(5);
    for (const id of new Set(offers.map((o) => o.businessId))) {
      const hosted = demoEvents.filter((e) => e.businessId === id).length;
      const plan = byId.get(id)!.plan as ListingPlan;
      expect(offers.filter((o) => o.businessId === id).length + hosted).toBeLessThanOrEqual(
        PLAN_ALLOWANCES[plan].coupons,
      );
    }
  });
});
