import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/http/app";
import { resolvePlace, searchBusinesses } from "~/features/directory/queries.server";
import type { Radius } from "~/features/directory/distance";
import type { SearchParams } from "~/features/directory/search-params";
import { explainPlan } from "../support/explain";
import { createBusiness } from "../support/factories";
import { createTestServices } from "../support/services";

/** "Near me" (issue 14, docs/maps.md): radius filter, distance sort, typed places, the API's 400s, the index. */
let ctx: Awaited<ReturnType<typeof createTestServices>>;
let app: ReturnType<typeof createApp>;

const HOME = { lat: 39.8, lng: -89.65 };
const PLACES = [
  { name: "Zero Cafe", latitude: 39.8, longitude: -89.65, zip: "62701" },
  { name: "Block Cafe", latitude: 39.81, longitude: -89.65, zip: "62701" },
  { name: "East Cafe", latitude: 39.8, longitude: -89.55, zip: "62702" },
  { name: "North Cafe", latitude: 39.95, longitude: -89.65, zip: "62703", city: "Sherman" },
  { name: "Far North Cafe", latitude: 40.1, longitude: -89.65, zip: "62704", city: "Lincoln" },
  { name: "Faraway Cafe", latitude: 41.0, longitude: -89.65, zip: "61350", city: "Ottawa" },
  { name: "Nowhere Cafe", latitude: null, longitude: null, zip: "62701" },
];

/** The great-circle distance in miles on earthdistance's sphere (radius 6,378,168 m). */
function miles(a: { lat: number; lng: number }, b: { lat: number; lng: number }) {
  const r = (d: number) => (d * Math.PI) / 180;
  const h =
    Math.sin(r(b.lat - a.lat) / 2) ** 2 + Math.cos(r(a.lat)) * Math.cos(r(b.lat)) * Math.sin(r(b.lng - a.lng) / 2) ** 2;
  return (2 * 6378168 * Math.asin(Math.sqrt(h))) / 1609.344;
}

const base: SearchParams = { q: "cafe", page: 1, pageSize: 20 };
const search = (params: Partial<SearchParams>) => searchBusinesses(ctx.database.db, { ...base, ...params });

beforeAll(async () => {
  ctx = await createTestServices({ PUBLIC_URL: "http://near.test" });
  app = createApp({ services: ctx.services });
  for (const p of PLACES) await createBusiness(ctx.database.db, p);
  // Not public: never found, however near.
  await createBusiness(ctx.database.db, { name: "Pending Cafe", latitude: 39.8, longitude: -89.65, status: "pending" });
});
afterAll(() => ctx.cleanup());

describe("radius", () => {
  it.each([1, 5, 10, 25] as Radius[])("keeps exactly the listings within %i mi", async (radius) => {
    const result = await search({ ...HOME, radius });
    const expected = PLACES.filter(
      (p) => p.latitude !== null && miles(HOME, { lat: p.latitude, lng: p.longitude! }) <= radius,
    ).map((p) => p.name);
    expect(result.items.map((b) => b.name).sort()).toEqual(expected.sort());
    expect(result.total).toBe(expected.length);
    expect(result.origin).toMatchObject({ ...HOME, label: null, radius });
  });

  it("puts each listing's distance on its card, in miles", async () => {
    const result = await search({ ...HOME });
    expect(result.total).toBe(PLACES.length);
    for (const item of result.items) {
      const place = PLACES.find((p) => p.name === item.name)!;
      if (place.latitude === null) expect(item.distanceMiles).toBeNull();
      else expect(item.distanceMiles).toBeCloseTo(miles(HOME, { lat: place.latitude, lng: place.longitude! }), 2);
    }
    expect((await search({})).items[0]).not.toHaveProperty("distanceMiles");
  });
});

describe("distance sort", () => {
  it("orders nearest first, listings without a position left out, paging included", async () => {
    const result = await search({ ...HOME, sort: "distance" });
    expect(result.items.map((b) => b.name)).toEqual([
      "Zero Cafe",
      "Block Cafe",
      "East Cafe",
      "North Cafe",
      "Far North Cafe",
      "Faraway Cafe",
    ]);
    const distances = result.items.map((b) => b.distanceMiles!);
    expect([...distances].sort((a, b) => a - b)).toEqual(distances);
    const page2 = await search({ ...HOME, sort: "distance", pageSize: 2, page: 2 });
    expect(page2.items.map((b) => b.name)).toEqual(["East Cafe", "North Cafe"]);
    expect(page2.total).toBe(6);
    const within = await search({ ...HOME, sort: "distance", radius: 10 });
    expect(within.items.map((b) => b.name)).toEqual(["Zero Cafe", "Block Cafe", "East Cafe"]);
  });

  it("pages words within a radius in the sort's order, counted exactly", async () => {
    // One query reads such a search's matches in the page's order (queries.server.ts, `circle`).
    const nearest = await search({ ...HOME, sort: "distance", radius: 25, pageSize: 2, page: 2 });
    expect(nearest.items.map((b) => b.name)).toEqual(["East Cafe", "North Cafe"]);
    expect(nearest.items.map((b) => b.distanceMiles! > 0)).toEqual([true, true]);
    expect(nearest).toMatchObject({ total: 5, totalExact: true, pageCount: 3 });
    const last = await search({ ...HOME, sort: "distance", radius: 25, pageSize: 2, page: 3 });
    expect(last.items.map((b) => b.name)).toEqual(["Far North Cafe"]);
    // Past the last page the count still comes back (the matches are counted in the database, apart from the page).
    const beyond = await search({ ...HOME, sort: "distance", radius: 25, pageSize: 2, page: 4 });
    expect(beyond).toMatchObject({ items: [], total: 5, totalExact: true });
    const newestPage2 = await search({ ...HOME, sort: "newest", radius: 10, pageSize: 2, page: 2 });
    expect(newestPage2.items.map((b) => b.name)).toEqual(["Zero Cafe"]);
    expect(newestPage2.total).toBe(3);
    const newest = await search({ ...HOME, sort: "newest", radius: 10 });
    expect(newest.items.map((b) => b.name)).toEqual(["East Cafe", "Block Cafe", "Zero Cafe"]);
    expect(newest.total).toBe(3);
  });

  it("uses the GiST index for the radius and for nearest first", async () => {
    const plans = await ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return Promise.all([
        explainPlan(
          tx,
          sql`select id from businesses where status = 'published' and latitude is not null
          and longitude is not null and earth_box(ll_to_earth(39.8, -89.65), 8046.72) @> earth_point`,
        ),
        explainPlan(
          tx,
          sql`select id from businesses where status = 'published' and latitude is not null
          and longitude is not null order by earth_point <-> ll_to_earth(39.8, -89.65) limit 20`,
        ),
      ]);
    });
    for (const plan of plans) expect(plan).toContain("businesses_earth_idx");
  });

  it("stores each listing's point as ll_to_earth computes it, and follows a move", async () => {
    type Tx = Parameters<Parameters<typeof ctx.database.db.transaction>[0]>[0];
    const rows = async <T>(tx: Tx, query: ReturnType<typeof sql>) =>
      ((await tx.execute(query)) as unknown as { rows: T[] }).rows;
    const differing = async (tx: Tx) =>
      (
        await rows<{ n: number }>(
          tx,
          sql`select count(*)::int as n from businesses where earth_point is distinct from ll_to_earth(latitude, longitude)::cube`,
        )
      )[0]!.n;
    // In a transaction rolled back at the end: the other tests keep the listings where they are.
    let seen: Record<string, unknown> = {};
    await ctx.database.db
      .transaction(async (tx) => {
        const before = await differing(tx);
        const [moved] = await rows<{ point: string | null }>(
          tx,
          sql`update businesses set latitude = -33.86, longitude = 151.21
            where id = (select id from businesses where latitude is not null order by id limit 1)
            returning earth_point::text as point`,
        );
        const afterMove = await differing(tx);
        const [cleared] = await rows<{ point: string | null }>(
          tx,
          sql`update businesses set latitude = null, longitude = null
            where id = (select id from businesses where latitude is not null order by id limit 1)
            returning earth_point::text as point`,
        );
        seen = { before, moved: moved!.point, afterMove, cleared: cleared!.point };
        tx.rollback();
      })
      .catch(() => undefined);
    expect(seen).toEqual({ before: 0, moved: expect.stringMatching(/^\(-?\d/), afterMove: 0, cleared: null });
  });
});

describe("typed places (near=)", () => {
  it("resolves a ZIP code or a city from the listings' own addresses, without any network", async () => {
    await expect(resolvePlace(ctx.database.db, "62703")).resolves.toEqual({
      lat: 39.95,
      lng: -89.65,
      label: "ZIP 62703",
    });
    // Listings without coordinates don't move the centre: 62701's two located listings.
    const zip = await resolvePlace(ctx.database.db, "62701-1234");
    expect(zip).toMatchObject({ label: "ZIP 62701" });
    expect(zip!.lat).toBeCloseTo(39.805, 6);
    await expect(resolvePlace(ctx.database.db, "sherman")).resolves.toEqual({
      lat: 39.95,
      lng: -89.65,
      label: "Sherman, IL",
    });
    await expect(resolvePlace(ctx.database.db, "Lincoln, il")).resolves.toMatchObject({ label: "Lincoln, IL" });
    // No listing there: the built-in gazetteer's city centre (issue 40); a ZIP code that doesn't exist is no place.
    await expect(resolvePlace(ctx.database.db, "Lincoln, NE")).resolves.toMatchObject({ label: "Lincoln, NE" });
    await expect(resolvePlace(ctx.database.db, "99999")).resolves.toBeNull();
  });

  it("reads a ZIP code's centre from its index alone (an index-only scan, no heap read per listing)", async () => {
    const plan = await ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      // Without the position tests, which a tiny table answers from the position index just as well.
      return explainPlan(
        tx,
        sql`select avg(latitude), avg(longitude), min(city), min(state) from businesses
          where status = 'published' and zip = '62701'`,
      );
    });
    expect(plan).toContain("Index Only Scan using businesses_zip_idx");
  });

  it("searches around the place; an unknown place runs the search without a position and says so", async () => {
    const near = await search({ near: "Sherman", radius: 1, sort: "distance" });
    expect(near.items.map((b) => b.name)).toEqual(["North Cafe"]);
    expect(near.origin).toMatchObject({ label: "Sherman, IL", radius: 1 });
    const unknown = await search({ near: "Atlantis", radius: 1, sort: "distance" });
    expect(unknown.unknownPlace).toBe("Atlantis");
    expect(unknown.origin).toBeNull();
    expect(unknown.total).toBe(PLACES.length);
  });
});

describe("GET /api/v1/businesses", () => {
  it("sorts by distance around lat/lng or near, with distanceMiles and the origin", async () => {
    const res = await app.request("/api/v1/businesses?q=cafe&lat=39.8&lng=-89.65&radius=5&sort=distance");
    expect(res.status).toBe(200);
    const body = (await res.json()) as { origin: unknown; items: { name: string; distanceMiles: number }[] };
    expect(body.origin).toEqual({ lat: 39.8, lng: -89.65, label: null, radius: 5 });
    expect(body.items.map((b) => b.name)).toEqual(["Zero Cafe", "Block Cafe"]);
    expect(body.items[1]!.distanceMiles).toBeCloseTo(0.69, 1);
    const zip = await app.request("/api/v1/businesses?near=62703&radius=1");
    expect(((await zip.json()) as { items: { name: string }[] }).items.map((b) => b.name)).toEqual(["North Cafe"]);
  });

  it.each([
    ["lat=91&lng=0", "lat"],
    ["lat=abc&lng=0", "lat"],
    ["lat=39.8", "lat"],
    ["lng=-89.6", "lng"],
    ["lat=39.8&lng=-200", "lng"],
    ["lat=39.8&lng=-89.6&radius=3", "radius"],
    ["radius=5", "radius"],
    ["sort=distance", "sort"],
    ["near=Atlantis", "near"],
    [`near=${"x".repeat(101)}`, "near"],
  ])("answers 400 naming the field for %s", async (query, field) => {
    const res = await app.request(`/api/v1/businesses?${query}`);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { fields?: Record<string, string> } };
    expect(Object.keys(body.error.fields ?? {})).toContain(field);
  });

  it("documents lat, lng, near and radius in the OpenAPI document", async () => {
    const doc = JSON.stringify(await (await app.request("/api/v1/openapi.json")).json());
    for (const name of ['"lat"', '"lng"', '"near"', '"radius"', "distanceMiles"]) expect(doc).toContain(name);
  });
});
