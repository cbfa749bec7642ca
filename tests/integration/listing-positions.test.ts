import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businesses } from "~/.server/db/schema";
import { cityCentre, postalCentre } from "~/.server/gazetteer";
import { resolvePlace, searchBusinesses } from "~/features/directory/queries.server";
import { openReader, runImport } from "~/features/import/run.server";
import { backfillPositions } from "~/features/listings/position.server";
import { loadBusinessPage } from "~/routes/business.server";
import { startGeocoder } from "../support/map-stand-ins.mjs";
import { listingBody, listingHarness, type ListingHarness, type Role } from "./listings-support";
import { resultMarkers } from "~/features/maps/components/results-map";

/**
 * Every listing has a place (issue 40, docs/maps.md "Positions and precision"): a listing written without
 * coordinates gets its postal code's or city's centre from the built-in gazetteer (no geocoder is configured here),
 * with its precision; a moved pin is exact; search finds it by ZIP code and by the neighbourhood its owner typed;
 * a ZIP code or city no listing has is still a place. Both databases.
 */

let h: ListingHarness;
beforeAll(async () => {
  h = await listingHarness();
});
afterAll(async () => {
  await h?.ctx.cleanup();
});

const db = () => h.ctx.database.db;
const api = (who: Role, method: string, url: string, body?: unknown) =>
  h.as(who).request(`/api/v1${url}`, body === undefined ? { method } : { method, json: body });
const row = async (id: string) => (await db().select().from(businesses).where(eq(businesses.id, id)))[0]!;
const SITE = { city: "Springfield", state: "IL", country: "US" };

async function create(body: Record<string, unknown>, who: Role = "admin") {
  const res = await api(who, "POST", "/businesses", listingBody(body));
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

describe("the gazetteer", () => {
  it("knows US ZIP codes, Canadian forward sortation areas and GeoNames cities", () => {
    expect(postalCentre("US", "62704")).toEqual({ lat: 39.7725, lng: -89.6889 });
    expect(postalCentre("US", "62704-1234")).toEqual(postalCentre("US", "62704"));
    expect(postalCentre("CA", "t5j 0n3")).toEqual({ lat: 53.5421, lng: -113.4989 });
    expect(postalCentre("US", "99999")).toBeNull();
    expect(postalCentre("GB", "SW1A 1AA")).toBeNull();
    // Chatham, IL: the village by Springfield, not the Chicago neighbourhood of that name (a GeoNames PPLX).
    expect(cityCentre("Chatham", "IL", "US")).toEqual({ lat: 39.67616, lng: -89.70454 });
    // No region: the most populous of the name; a region it isn't in: none.
    expect(cityCentre("springfield", null, "US")!.lat).toBeCloseTo(37.215, 2);
    expect(cityCentre("Springfield", "Illinois", "US")!.lat).toBeCloseTo(39.80172, 4);
    expect(cityCentre("Springfield", "ZZ", "US")).toBeNull();
    expect(cityCentre("Montreal", "QC", "CA")!.lat).toBeCloseTo(45.5, 1);
  });
});

describe("a listing written without coordinates", () => {
  it("gets its ZIP code's centre, precision 'postal', and 'Near 62704' finds it", async () => {
    const id = await create({
      name: "Westside Noodles",
      address: "2100 Wabash Ave",
      zip: "62704",
      neighborhood: "Westview Meadows",
    });
    expect(await row(id)).toMatchObject({ latitude: 39.7725, longitude: -89.6889, locationPrecision: "postal" });
    const near = await searchBusinesses(db(), { near: "62704", radius: 1, page: 1, pageSize: 20, site: SITE });
    expect(near.origin).toMatchObject({ label: "ZIP 62704" });
    expect(near.items.map((b) => b.name)).toContain("Westside Noodles");
    // Its card says how exact the position is: the results map marks it as an area's centre.
    const card = near.items.find((b) => b.name === "Westside Noodles")!;
    expect(card.locationPrecision).toBe("postal");
    expect(resultMarkers([card])[0]).toMatchObject({ approximate: "Approximate location: ZIP code centre" });
    expect(resultMarkers([{ ...card, locationPrecision: "exact" }])[0]!.approximate).toBeNull();
  });

  it("is found by the neighbourhood its owner typed", async () => {
    const near = await searchBusinesses(db(), {
      near: "Westview Meadows",
      radius: 1,
      page: 1,
      pageSize: 20,
      site: SITE,
    });
    expect(near.origin).toMatchObject({ label: "Westview Meadows, Springfield" });
    expect(near.items.map((b) => b.name)).toEqual(["Westside Noodles"]);
  });

  it("gets its city's centre, precision 'city', without a postal code it knows", async () => {
    const id = await create({ name: "Chatham Corner Cafe", city: "Chatham", zip: "62629-9999" });
    // 62629 is Chatham's ZIP code: a ZIP+4 reads as its five digits.
    expect((await row(id)).locationPrecision).toBe("postal");
    const byCity = await create({ name: "Lake Road Deli", city: "Chatham", zip: "00000" });
    expect(await row(byCity)).toMatchObject({ latitude: 39.67616, longitude: -89.70454, locationPrecision: "city" });
  });

  it("in Canada: its forward sortation area's centre", async () => {
    const id = await create({
      name: "Jasper Avenue Books",
      address: "10150 Jasper Ave NW",
      city: "Edmonton",
      state: "AB",
      zip: "T5J 1W8",
      country: "CA",
      phone: "(780) 555-0101",
    });
    expect(await row(id)).toMatchObject({
      latitude: 53.5421,
      longitude: -113.4989,
      locationPrecision: "postal",
      timezone: "America/Edmonton",
    });
  });

  it("with coordinates: exact", async () => {
    const id = await create({ name: "Pinned Pizza", latitude: 39.8, longitude: -89.65 });
    expect(await row(id)).toMatchObject({ latitude: 39.8, longitude: -89.65, locationPrecision: "exact" });
  });

  it("an owner's dragged pin makes it exact; a new ZIP code without a moved pin moves it; a corrected street keeps an exact pin", async () => {
    const id = await create({ name: "Moving Muffins", zip: "62704" }, "owner");
    expect((await row(id)).locationPrecision).toBe("postal");
    const moved = await api("owner", "PATCH", `/businesses/${id}`, { latitude: 39.781, longitude: -89.65 });
    expect(moved.status).toBe(200);
    expect(await row(id)).toMatchObject({ latitude: 39.781, longitude: -89.65, locationPrecision: "exact" });
    expect((await api("owner", "PATCH", `/businesses/${id}`, { address: "14 Elm Street" })).status).toBe(200);
    expect(await row(id)).toMatchObject({ latitude: 39.781, locationPrecision: "exact" });
    expect((await api("owner", "PATCH", `/businesses/${id}`, { zip: "62701" })).status).toBe(200);
    expect(await row(id)).toMatchObject({ latitude: 39.8, longitude: -89.6495, locationPrecision: "postal" });
  });

  it("the business page says an approximate position is one; the API gives the precision", async () => {
    const id = await create({ name: "Approximate Bagels", zip: "62704" });
    const page = await loadBusinessPage(id, h.routeContext);
    expect(page).toMatchObject({ business: { locationPrecision: "postal", latitude: 39.7725 } });
    const res = await h.visitor.request(`/api/v1/businesses/${id}`);
    expect(await res.json()).toMatchObject({ locationPrecision: "postal" });
  });
});

describe("an import without coordinates", () => {
  it("places rows by postal code or city (never a remote geocoder), rows with coordinates exact", async () => {
    const csv = [
      "name,category,address,city,state,zip,latitude,longitude",
      "Import Postal,shopping,1 Main St,Springfield,IL,62704,,",
      "Import City,shopping,2 Main St,Chatham,IL,,,",
      "Import Exact,shopping,3 Main St,Springfield,IL,62701,39.81,-89.64",
      "Import Nowhere,shopping,4 Main St,Atlantisville,IL,,,",
    ].join("\n");
    const summary = await runImport(db(), openReader("csv", Readable.from([csv]), { source: "positions-test" }), {
      status: "published",
      defaultTimezone: "America/Chicago",
      siteCountry: "US",
    });
    expect(summary).toMatchObject({ inserted: 4 });
    const rows = await db().select().from(businesses).where(eq(businesses.source, "positions-test"));
    const by = Object.fromEntries(rows.map((r) => [r.name, [r.latitude, r.longitude, r.locationPrecision]]));
    expect(by).toEqual({
      "Import Postal": [39.7725, -89.6889, "postal"],
      "Import City": [39.67616, -89.70454, "city"],
      "Import Exact": [39.81, -89.64, "exact"],
      "Import Nowhere": [null, null, null],
    });
  });
});

describe("places no listing has", () => {
  it("a ZIP code or a city: the gazetteer's centre", async () => {
    await expect(resolvePlace(db(), "62629", SITE)).resolves.toEqual({
      lat: 39.6737,
      lng: -89.7112,
      label: "ZIP 62629",
    });
    await expect(resolvePlace(db(), "Rochester, IL", SITE)).resolves.toMatchObject({ label: "Rochester, IL" });
    // No state typed: the site's state's town of that name.
    const sherman = await resolvePlace(db(), "Sherman", SITE);
    expect(sherman).toMatchObject({ label: "Sherman" });
    expect(sherman!.lat).toBeCloseTo(39.89, 1);
    await expect(resolvePlace(db(), "Atlantis", SITE)).resolves.toBeNull();
  });
});

describe("the boot backfill", () => {
  it("places listings stored without a position and marks stored positions exact; twice changes nothing", async () => {
    const [bare] = await db()
      .insert(businesses)
      .values({
        slug: "backfill-bare",
        name: "Backfill Bare",
        category: "shopping",
        primaryCategory: "shopping",
        address: "5 Main St",
        city: "Springfield",
        state: "IL",
        zip: "62704",
        timezone: "America/Chicago",
        status: "published",
      })
      .returning({ id: businesses.id });
    const [seeded] = await db()
      .insert(businesses)
      .values({
        slug: "backfill-seeded",
        name: "Backfill Seeded",
        category: "shopping",
        primaryCategory: "shopping",
        address: "6 Main St",
        city: "Springfield",
        state: "IL",
        zip: "62701",
        timezone: "America/Chicago",
        status: "published",
        latitude: 39.8,
        longitude: -89.6,
      })
      .returning({ id: businesses.id });
    const first = await backfillPositions(db());
    expect(first.positioned).toBeGreaterThanOrEqual(1);
    expect(await row(bare!.id)).toMatchObject({ latitude: 39.7725, locationPrecision: "postal" });
    expect(await row(seeded!.id)).toMatchObject({ latitude: 39.8, locationPrecision: "exact" });
    // "Import Nowhere" stays without a position: the gazetteer doesn't know its city.
    await expect(backfillPositions(db())).resolves.toEqual({ positioned: 0, marked: 0 });
  });
});

describe("with a geocoder (GEOCODER_URL)", () => {
  let g: ListingHarness;
  let geocoder: Awaited<ReturnType<typeof startGeocoder>>;
  beforeAll(async () => {
    geocoder = await startGeocoder();
    g = await listingHarness({ GEOCODER_URL: geocoder.url });
  });
  afterAll(async () => {
    await g?.ctx.cleanup();
    await geocoder?.close();
  });

  it("the form and the API ask it first ('address'); nothing found, the gazetteer; imports never ask it", async () => {
    const post = (body: Record<string, unknown>) =>
      g.as("admin").request("/api/v1/businesses", { method: "POST", json: listingBody(body) });
    const found = (await (await post({ name: "Geocoded Grill", zip: "62704" })).json()) as { id: string };
    const stored = async (id: string) =>
      (await g.ctx.database.db.select().from(businesses).where(eq(businesses.id, id)))[0]!;
    // The stand-in answers every address with one place in Springfield.
    expect(await stored(found.id)).toMatchObject({
      latitude: 39.7990175,
      longitude: -89.6439575,
      locationPrecision: "address",
    });
    expect(geocoder.queries).toContain("12 Elm Street, Springfield, IL, 62704, US");
    const missed = (await (await post({ name: "Lost Lunch", address: "1 Nowhere Lane", zip: "62704" })).json()) as {
      id: string;
    };
    expect(await stored(missed.id)).toMatchObject({ latitude: 39.7725, locationPrecision: "postal" });

    const asked = geocoder.queries.length;
    const csv = "name,category,address,city,state,zip\nImported Deli,shopping,9 Main St,Springfield,IL,62704\n";
    await runImport(g.ctx.database.db, openReader("csv", Readable.from([csv]), { source: "geo-test" }), {
      status: "published",
      defaultTimezone: "America/Chicago",
      siteCountry: "US",
    });
    expect(geocoder.queries.length).toBe(asked);
    const [imported] = await g.ctx.database.db.select().from(businesses).where(eq(businesses.source, "geo-test"));
    expect(imported).toMatchObject({ latitude: 39.7725, locationPrecision: "postal" });
  });
});
