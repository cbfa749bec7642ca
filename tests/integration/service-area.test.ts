import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businesses } from "~/.server/db/schema";
import { searchBusinesses } from "~/features/directory/queries.server";
import type { SearchParams } from "~/features/directory/search-params";
import { MESSAGES } from "~/features/listings/schema";
import { businessJsonLd } from "~/features/seo/json-ld";
import { loadBusinessPage } from "~/routes/business.server";
import { createBusinessAction } from "~/routes/business-new.server";
import { explainPlan } from "../support/explain";
import { createBusiness as insertBusiness } from "../support/factories";
import { listingBody, listingHarness, ORIGIN, type ListingHarness, type Role } from "./listings-support";

/**
 * Service-area businesses (issue 34, docs/maps.md "Service areas"): no street address, a list of served places
 * and/or a radius around a base that is never shown; found by a located search where they serve and not elsewhere;
 * their page shows the area, never a pin, an address or directions. Both databases.
 */

let h: ListingHarness;
const db = () => h.ctx.database.db;
type Who = Role | "visitor";
const api = (who: Who, method: string, url: string, body?: unknown) =>
  h.as(who).request(`/api/v1${url}`, body === undefined ? { method } : { method, json: body });
const fieldsOf = async (res: Response) =>
  ((await res.json()) as { error: { fields: Record<string, string> } }).error.fields;

// Springfield's centre, Chatham (15 km south), Lincoln (48 km north-east); a base in Springfield.
const SPRINGFIELD = { lat: 39.8, lng: -89.65 };
const CHATHAM = { lat: 39.676, lng: -89.704 };
const LINCOLN = { lat: 40.148, lng: -89.365 };

let groomer: { id: string; slug: string };
let truck: { id: string; slug: string };

beforeAll(async () => {
  h = await listingHarness();
  // Storefronts make the places known: Springfield (62701, 62704), Chatham (62629), Lincoln (62656).
  await insertBusiness(db(), { name: "Capitol Cafe", latitude: SPRINGFIELD.lat, longitude: SPRINGFIELD.lng });
  await insertBusiness(db(), { name: "Westside Cafe", zip: "62704", latitude: 39.78, longitude: -89.7 });
  await insertBusiness(db(), {
    name: "Chatham Cafe",
    city: "Chatham",
    zip: "62629",
    latitude: CHATHAM.lat,
    longitude: CHATHAM.lng,
  });
  await insertBusiness(db(), {
    name: "Lincoln Cafe",
    city: "Lincoln",
    zip: "62656",
    latitude: LINCOLN.lat,
    longitude: LINCOLN.lng,
  });
  // Based in Springfield; serves Chatham and 62704 by name.
  groomer = await insertBusiness(db(), {
    name: "Wagging Wheels Mobile Grooming Cafe",
    address: null,
    zip: null,
    serviceArea: ["Chatham", "62704"],
    latitude: SPRINGFIELD.lat,
    longitude: SPRINGFIELD.lng,
  });
  // Based in Springfield; serves 20 km around it.
  truck = await insertBusiness(db(), {
    name: "Rolling Cafe Truck",
    address: null,
    zip: null,
    serviceRadiusKm: 20,
    latitude: SPRINGFIELD.lat,
    longitude: SPRINGFIELD.lng,
  });
});
afterAll(async () => {
  await h?.ctx.cleanup();
});

const search = (params: Partial<SearchParams>) =>
  searchBusinesses(db(), { q: "cafe", page: 1, pageSize: 50, ...params } as SearchParams);
const names = async (params: Partial<SearchParams>) => (await search(params)).items.map((b) => b.name);

describe("found where it serves, not elsewhere", () => {
  it("a typed place among its cities or postal codes finds it; a place it doesn't serve doesn't", async () => {
    expect(await names({ near: "Chatham" })).toContain("Wagging Wheels Mobile Grooming Cafe");
    expect(await names({ near: "chatham, il" })).toContain("Wagging Wheels Mobile Grooming Cafe");
    expect(await names({ near: "62704" })).toContain("Wagging Wheels Mobile Grooming Cafe");
    const lincoln = await names({ near: "Lincoln" });
    expect(lincoln).toContain("Lincoln Cafe");
    expect(lincoln).not.toContain("Wagging Wheels Mobile Grooming Cafe");
    expect(lincoln).not.toContain("Rolling Cafe Truck");
  });

  it("a place within its radius of its base finds it, one beyond doesn't, whatever the search's own radius", async () => {
    expect(await names({ near: "Chatham", radius: 1 })).toEqual(
      expect.arrayContaining(["Chatham Cafe", "Rolling Cafe Truck", "Wagging Wheels Mobile Grooming Cafe"]),
    );
    expect(await names({ near: "Chatham", radius: 1 })).not.toContain("Capitol Cafe");
    expect(await names({ near: "Lincoln", radius: 25 })).not.toContain("Rolling Cafe Truck");
  });

  it("\"near me\" finds it by the position's place (the nearest storefront's city) or within its radius", async () => {
    const nearChatham = await search({ lat: CHATHAM.lat + 0.005, lng: CHATHAM.lng, sort: "distance" });
    const found = nearChatham.items.map((b) => b.name);
    expect(found).toEqual(expect.arrayContaining(["Wagging Wheels Mobile Grooming Cafe", "Rolling Cafe Truck"]));
    // It comes to you: first under "Nearest", and no distance that would tell where its base is.
    expect(found.slice(0, 2).sort()).toEqual(["Rolling Cafe Truck", "Wagging Wheels Mobile Grooming Cafe"]);
    for (const card of nearChatham.items.filter((b) => b.address === null)) {
      expect(card).toMatchObject({ latitude: null, longitude: null, distanceMiles: null });
    }
    const nearLincoln = await names({ lat: LINCOLN.lat, lng: LINCOLN.lng, sort: "distance" });
    expect(nearLincoln).not.toContain("Wagging Wheels Mobile Grooming Cafe");
    expect(nearLincoln).not.toContain("Rolling Cafe Truck");
  });

  it("counts and pages it with the storefronts", async () => {
    const all = await search({ near: "Chatham", sort: "rating" });
    const paged = [];
    for (let page = 1; page <= all.total; page++)
      paged.push(...(await search({ near: "Chatham", sort: "rating", pageSize: 1, page })).items.map((b) => b.id));
    expect(paged).toEqual(all.items.map((b) => b.id));
    expect(new Set(paged).size).toBe(all.total);
  });

  it("the site's city lists it by its base's city; a place only service areas name is a place", async () => {
    const home = await names({ site: { city: "Springfield", state: "IL" } });
    expect(home).toContain("Wagging Wheels Mobile Grooming Cafe");
    await insertBusiness(db(), {
      name: "Rochester Mobile Cafe",
      address: null,
      zip: null,
      serviceArea: ["Rochester"],
      latitude: 39.75,
      longitude: -89.53,
    });
    const rochester = await search({ near: "Rochester" });
    expect(rochester.unknownPlace).toBeUndefined();
    expect(rochester.items.map((b) => b.name)).toContain("Rochester Mobile Cafe");
  });

  it("the API's search gives no position, address or distance for it", async () => {
    const res = await api("visitor", "GET", "/businesses?near=Chatham&q=cafe&sort=distance");
    expect(res.status).toBe(200);
    const body = (await res.json()) as { items: Record<string, unknown>[] };
    const card = body.items.find((b) => b.id === groomer.id)!;
    expect(card).toMatchObject({
      address: null,
      latitude: null,
      longitude: null,
      distanceMiles: null,
      serviceArea: ["Chatham", "62704"],
    });
    const detail = (await (await api("visitor", "GET", `/businesses/${truck.id}`)).json()) as Record<string, unknown>;
    expect(detail).toMatchObject({ address: null, latitude: null, longitude: null, serviceRadiusKm: 20 });
  });
});

describe("the service-area test's indexes", () => {
  it("finds the businesses serving a place by name (GIN) or radius (partial index), not by reading every listing", async () => {
    // 4,000 storefronts (rolled back at the end): the planner then prefers the service-area indexes on its own.
    let plan = "";
    await db()
      .transaction(async (tx) => {
        await tx.execute(sql`insert into businesses (slug, name, category, primary_category, address, city, state, zip, timezone, status, latitude, longitude)
          select 'bulk-' || i, 'Bulk ' || i, 'shopping', 'shopping', i || ' Main St', 'Bulkton', 'IL', '62701', 'America/Chicago',
            'published', 39 + (i % 100) / 100.0, -89 - (i % 97) / 100.0
          from generate_series(1, 4000) as i`);
        await tx.execute(sql`analyze businesses`);
        plan = await explainPlan(
          tx,
          sql`select id from businesses where status = 'published' and address is null and (
              near_lower_array(service_area) && array['chatham']::text[]
              or (service_radius_km is not null and 2 * 6378168 * asin(sqrt(power(sin(radians(latitude - 39.7) / 2), 2)))
                <= service_radius_km * 1000))`,
        );
        throw new Error("roll back");
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error && error.message === "roll back")) throw error;
      });
    expect(plan).toContain("businesses_service_area_idx");
    expect(plan).toContain("businesses_service_radius_idx");
  });
});

describe("its page", () => {
  it("shows what it serves, its city, and no pin, street or directions; JSON-LD says areaServed", async () => {
    const { business } = await loadBusinessPage(groomer.slug, h.routeContext);
    expect(business).toMatchObject({
      serves: "Chatham and 62704",
      addressLines: ["Springfield, IL"],
      latitude: null,
      longitude: null,
      address: null,
    });
    const ld = businessJsonLd({ publicUrl: ORIGIN }, business);
    expect(ld).toMatchObject({ areaServed: ["Chatham", "62704"] });
    expect(ld).not.toHaveProperty("geo");
    expect(ld.address).toEqual({
      "@type": "PostalAddress",
      addressLocality: "Springfield",
      addressRegion: "IL",
      addressCountry: "US",
    });
    const radius = (await loadBusinessPage(truck.slug, h.routeContext)).business;
    // 20 km in the site's miles (a US site).
    expect(radius.serves).toBe("within 12 mi of Springfield");
  });
});

describe("adding and changing one (API and form)", () => {
  const serving = { address: undefined, zip: undefined, serviceAreaBusiness: true, serviceArea: ["Springfield"] };

  it("the API adds one without a street address or postal code", async () => {
    const res = await api("owner", "POST", "/businesses", listingBody({ name: "Sudsy Mobile Wash", ...serving }));
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({
      address: null,
      zip: null,
      serviceAreaBusiness: true,
      serviceArea: ["Springfield"],
      serviceRadiusKm: null,
    });
  });

  it.each([
    ["a street address", { ...serving, address: "1 Main St" }, { address: MESSAGES.addressServiceArea }],
    ["no area and no radius", { ...serving, serviceArea: [] }, { serviceArea: MESSAGES.serviceAreaRequired }],
    [
      "a radius without a base",
      { ...serving, serviceRadiusKm: 10 },
      { serviceRadiusKm: MESSAGES.serviceRadiusNeedsBase },
    ],
    [
      "a radius of 0",
      { ...serving, serviceRadiusKm: 0, latitude: 39.8, longitude: -89.6 },
      { serviceRadiusKm: MESSAGES.serviceRadiusInvalid },
    ],
    [
      "a radius of 600 km",
      { ...serving, serviceRadiusKm: 600, latitude: 39.8, longitude: -89.6 },
      { serviceRadiusKm: MESSAGES.serviceRadiusInvalid },
    ],
    [
      "21 places",
      { ...serving, serviceArea: Array.from({ length: 21 }, (_, i) => `Town ${i}`) },
      { serviceArea: MESSAGES.serviceAreaTooMany },
    ],
    [
      "a place that is too long",
      { ...serving, serviceArea: ["x".repeat(101)] },
      { "serviceArea.0": MESSAGES.serviceAreaTooLong },
    ],
    [
      "a box that isn't true or false",
      { ...serving, serviceAreaBusiness: "yes" },
      { serviceAreaBusiness: MESSAGES.serviceAreaBusinessInvalid },
    ],
    [
      "a storefront with a service area",
      { serviceArea: ["Springfield"] },
      { serviceArea: MESSAGES.serviceAreaStorefront },
    ],
    ["a storefront without an address", { address: "" }, { address: MESSAGES.addressRequired }],
  ])("refuses %s with a 400 naming the field", async (_what, overrides, fields) => {
    const res = await api("owner", "POST", "/businesses", listingBody({ name: "Refused Mobile", ...overrides }));
    expect(res.status).toBe(400);
    expect(await fieldsOf(res)).toEqual(fields);
  });

  it("PATCH turns a storefront into one (its address goes) and back (an address is needed again)", async () => {
    const listing = await insertBusiness(db(), { name: "Shop Turned Truck", ownerId: h.users.owner.id });
    const toTruck = await api("owner", "PATCH", `/businesses/${listing.id}`, {
      serviceAreaBusiness: true,
      serviceArea: ["Springfield", "Chatham"],
    });
    expect(toTruck.status).toBe(200);
    expect(await toTruck.json()).toMatchObject({ address: null, serviceAreaBusiness: true });
    const back = await api("owner", "PATCH", `/businesses/${listing.id}`, { serviceAreaBusiness: false });
    expect(back.status).toBe(400);
    expect(await fieldsOf(back)).toEqual({ address: MESSAGES.addressRequired });
    const shop = await api("owner", "PATCH", `/businesses/${listing.id}`, {
      serviceAreaBusiness: false,
      address: "9 Elm St",
    });
    expect(shop.status).toBe(200);
    expect(await shop.json()).toMatchObject({ address: "9 Elm St", serviceArea: [], serviceAreaBusiness: false });
  });

  it("another owner can't make someone else's listing a service-area business", async () => {
    const listing = await insertBusiness(db(), { name: "Guarded Shop", ownerId: h.users.owner.id });
    const res = await api("other", "PATCH", `/businesses/${listing.id}`, {
      serviceAreaBusiness: true,
      serviceArea: ["X"],
    });
    expect(res.status).toBe(403);
    const [row] = await db().select().from(businesses).where(eq(businesses.id, listing.id));
    expect(row!.address).not.toBeNull();
  });

  it("the form's box keeps the service area and drops the street address typed before it (no JavaScript needed)", async () => {
    const fd = new FormData();
    for (const [k, v] of Object.entries({
      name: "Form Mobile Groomer",
      category: "services",
      country: "US",
      address: "12 Typed Before St",
      serviceAreaBusiness: "on",
      serviceArea: "Springfield, Chatham\n62704, chatham",
      serviceRadiusKm: "",
      city: "Springfield",
      state: "IL",
      zip: "",
      latitude: "",
      longitude: "",
    }))
      fd.append(k, v);
    const request = new Request(`${ORIGIN}/business/new`, {
      method: "POST",
      headers: { cookie: h.users.owner.cookie, origin: ORIGIN },
      body: fd,
    });
    const result = (await createBusinessAction({ request, context: h.routeContext })) as { ok: boolean; id: string };
    expect(result).toMatchObject({ ok: true });
    const [row] = await db().select().from(businesses).where(eq(businesses.id, result.id));
    expect(row).toMatchObject({ address: null, zip: null, serviceArea: ["Springfield", "Chatham", "62704"] });
  });

  it("the form without the box needs the street address and keeps no service area", async () => {
    const fd = new FormData();
    for (const [k, v] of Object.entries({
      name: "Form Storefront",
      category: "services",
      country: "US",
      address: "",
      serviceArea: "Springfield",
      city: "Springfield",
      state: "IL",
      zip: "62701",
    }))
      fd.append(k, v);
    const request = new Request(`${ORIGIN}/business/new`, {
      method: "POST",
      headers: { cookie: h.users.owner.cookie, origin: ORIGIN },
      body: fd,
    });
    const refused = await createBusinessAction({ request, context: h.routeContext });
    expect(JSON.stringify(refused)).toContain(MESSAGES.addressRequired);
    expect(JSON.stringify(refused)).not.toContain(MESSAGES.serviceAreaStorefront);
  });
});
