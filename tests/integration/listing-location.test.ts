import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businesses } from "~/.server/db/schema";
import { searchBusinesses } from "~/features/directory/queries.server";
import { MESSAGES } from "~/features/listings/schema";
import { createBusiness as insertBusiness } from "../support/factories";
import { businessJsonLd } from "~/features/seo/json-ld";
import { loadBusinessPage } from "~/routes/business.server";
import { loadEditBusiness } from "~/routes/business-edit.server";
import { listingBody, listingHarness, ORIGIN, type ListingHarness, type Role } from "./listings-support";

/**
 * Where a business is (issue 34): addresses outside the US — the country, its region and postal code rules, phones
 * in E.164 shown in the national format, the time zone that follows the location, the site's distance unit, the
 * migration of today's phones — through the API, the business page and search, on both databases.
 */

let h: ListingHarness;
beforeAll(async () => {
  h = await listingHarness();
});
afterAll(async () => {
  await h?.ctx.cleanup();
});

type Who = Role | "visitor";
const db = () => h.ctx.database.db;
const api = (who: Who, method: string, url: string, body?: unknown) =>
  h.as(who).request(`/api/v1${url}`, body === undefined ? { method } : { method, json: body });
const fieldsOf = async (res: Response) =>
  ((await res.json()) as { error: { fields: Record<string, string> } }).error.fields;

const EDMONTON = {
  name: "Prairie Bean Roasters",
  address: "10150 100 St NW",
  city: "Edmonton",
  state: "AB",
  zip: "t5j0n3",
  country: "CA",
  phone: "(780) 555-0100",
  latitude: 53.5444,
  longitude: -113.4909,
};
const LONDON = {
  name: "Whitehall Tea Rooms",
  address: "10 Whitehall Place",
  city: "London",
  state: null,
  zip: "sw1a1aa",
  country: "GB",
  phone: "020 7946 0958",
};

describe("a business in another country (API)", () => {
  it("stores a Canadian address: the postal code spelt as Canada does, the phone in E.164, the zone of its position", async () => {
    const res = await api("owner", "POST", "/businesses", listingBody(EDMONTON));
    expect(res.status).toBe(201);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      country: "CA",
      state: "AB",
      zip: "T5J 0N3",
      phone: "+17805550100",
      timezone: "America/Edmonton",
    });
  });

  it("stores a British address without a region; its single time zone comes from the country", async () => {
    const res = await api("owner", "POST", "/businesses", listingBody(LONDON));
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({
      country: "GB",
      state: null,
      zip: "SW1A 1AA",
      phone: "+442079460958",
      timezone: "Europe/London",
    });
  });

  it("a listing without a country is in the site's (SITE_COUNTRY, default US), its phone read there", async () => {
    const res = await api("owner", "POST", "/businesses", listingBody({ name: "Default Country Diner" }));
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ country: "US", zip: "62701", phone: "+12175550142" });
  });

  it.each([
    ["a US ZIP code in Canada", { ...EDMONTON, zip: "62701" }, { zip: "Enter a valid postal code, like T5J 0N3." }],
    ["a Canadian address without its province", { ...EDMONTON, state: "" }, { state: "Province is required." }],
    [
      "a postal code where there are none",
      { ...LONDON, country: "HK", zip: "999077", phone: null },
      { zip: MESSAGES.zipNone },
    ],
    ["a country that doesn't exist", { ...LONDON, country: "XX" }, { country: MESSAGES.countryInvalid }],
    ["a country by name", { ...LONDON, country: "Canada" }, { country: MESSAGES.countryInvalid }],
    [
      "a phone that isn't a British number",
      { ...LONDON, phone: "020 7946" },
      { phone: "Enter a valid phone number for United Kingdom." },
    ],
    [
      "a US number that doesn't exist",
      { name: "Bad Phone", phone: "(000) 555-0100" },
      { phone: MESSAGES.phoneInvalid },
    ],
    ["no ZIP code in the site's country", { name: "No Zip", zip: "" }, { zip: MESSAGES.zipRequired }],
  ])("refuses %s with a 400 naming the field", async (_what, overrides, fields) => {
    const res = await api("owner", "POST", "/businesses", listingBody(overrides));
    expect(res.status).toBe(400);
    expect(await fieldsOf(res)).toEqual(fields);
  });

  it("names the site's address rules together with the other fields when the body has no country", async () => {
    const res = await api("owner", "POST", "/businesses", listingBody({ name: "", state: "", zip: "6270" }));
    expect(res.status).toBe(400);
    expect(await fieldsOf(res)).toEqual({
      name: MESSAGES.nameRequired,
      state: MESSAGES.stateRequired,
      zip: MESSAGES.zipInvalid,
    });
  });

  it("PATCH checks the merged address: a new country needs its own postal code, and the zone moves along", async () => {
    const listing = await insertBusiness(db(), { name: "Moving Cafe", ownerId: h.users.owner.id });
    const bad = await api("owner", "PATCH", `/businesses/${listing.id}`, { country: "GB" });
    expect(bad.status).toBe(400);
    expect(await fieldsOf(bad)).toEqual({ zip: "Enter a valid postcode, like SW1A 1AA." });
    const moved = await api("owner", "PATCH", `/businesses/${listing.id}`, {
      country: "GB",
      zip: "ec1a 1bb",
      state: "",
    });
    expect(moved.status).toBe(200);
    expect(await moved.json()).toMatchObject({
      country: "GB",
      zip: "EC1A 1BB",
      state: null,
      timezone: "Europe/London",
    });
    // Another field alone: the stored address isn't checked again, nor the time zone moved.
    const renamed = await api("owner", "PATCH", `/businesses/${listing.id}`, { name: "Moved Cafe" });
    expect(renamed.status).toBe(200);
  });

  it("another owner can't change the country of a listing that isn't theirs; a customer can't either", async () => {
    const listing = await insertBusiness(db(), { name: "Not Yours Cafe", ownerId: h.users.owner.id });
    for (const who of ["other", "customer"] as const) {
      const res = await api(who, "PATCH", `/businesses/${listing.id}`, { country: "CA", zip: "T5J 0N3", state: "AB" });
      expect(res.status).toBe(403);
    }
    const [row] = await db().select().from(businesses).where(eq(businesses.id, listing.id));
    expect(row).toMatchObject({ country: "US", zip: "62701" });
  });
});

describe("the business page and its JSON-LD", () => {
  const page = (idOrSlug: string) => loadBusinessPage(idOrSlug, h.routeContext);

  it("shows a Canadian listing's country, its address in Canada's order and its phone in international format", async () => {
    const listing = await insertBusiness(db(), {
      name: "Rocky Mountain Books",
      address: "8 Jasper Ave",
      city: "Edmonton",
      state: "AB",
      zip: "T5J 0N3",
      country: "CA",
      phone: "+17805550123",
      timezone: "America/Edmonton",
    });
    const { business } = await page(listing.slug);
    expect(business.addressLines).toEqual(["8 Jasper Ave", "Edmonton, AB T5J 0N3", "Canada"]);
    expect(business.phoneDisplay).toBe("+1 780 555 0123");
    expect(businessJsonLd({ publicUrl: ORIGIN }, business).address).toEqual({
      "@type": "PostalAddress",
      streetAddress: "8 Jasper Ave",
      addressLocality: "Edmonton",
      addressRegion: "AB",
      postalCode: "T5J 0N3",
      addressCountry: "CA",
    });
  });

  it("puts the postal code first in Germany, the postcode on its own line in the UK, and a US listing's phone nationally", async () => {
    const berlin = await insertBusiness(db(), {
      name: "Spree Buchladen",
      address: "Unter den Linden 1",
      city: "Berlin",
      state: null,
      zip: "10117",
      country: "DE",
      timezone: "Europe/Berlin",
    });
    expect((await page(berlin.slug)).business.addressLines).toEqual(["Unter den Linden 1", "10117 Berlin", "Germany"]);
    const london = await insertBusiness(db(), {
      ...LONDON,
      zip: "SW1A 1AA",
      phone: "+442079460958",
      timezone: "Europe/London",
    });
    const uk = (await page(london.slug)).business;
    expect(uk.addressLines).toEqual(["10 Whitehall Place", "London", "SW1A 1AA", "United Kingdom"]);
    expect(uk.phoneDisplay).toBe("+44 20 7946 0958");
    expect(businessJsonLd({ publicUrl: ORIGIN }, uk).address).not.toHaveProperty("addressRegion");
    const home = await insertBusiness(db(), { name: "Home Diner", address: "5 Oak St", phone: "+12175550177" });
    const us = (await page(home.slug)).business;
    expect(us.addressLines).toEqual(["5 Oak St", "Springfield, IL 62701"]);
    expect(us.phoneDisplay).toBe("(217) 555-0177");
    // A phone from before E.164 that doesn't read as a number is shown as stored.
    const legacy = await insertBusiness(db(), { name: "Legacy Phone Diner", phone: "ext. 12" });
    expect((await page(legacy.slug)).business.phoneDisplay).toBe("ext. 12");
  });

  it("the edit form gets the stored phone as its owner types it, the country's options and the listing's country", async () => {
    const listing = await insertBusiness(db(), {
      ...LONDON,
      name: "Form Country Cafe",
      ownerId: h.users.owner.id,
      zip: "SW1A 1AA",
      phone: "+442079460958",
      timezone: "Europe/London",
    });
    const request = new Request(`${ORIGIN}/business/edit/${listing.id}`, { headers: { cookie: h.users.owner.cookie } });
    const loaded = await loadEditBusiness({ request, context: h.routeContext, params: { id: listing.id } });
    expect(loaded.business).toMatchObject({ country: "GB", phone: "020 7946 0958" });
    expect(loaded.countries).toContainEqual({ value: "CA", label: "Canada" });
    expect(loaded.countries.length).toBeGreaterThan(240);
  });
});

describe("distances follow the site's country", () => {
  it("a radius is in kilometres on a Canadian site and in miles on a US one", async () => {
    // About 7 km (4.3 mi) north of the origin.
    await insertBusiness(db(), { name: "Seven K Cafe", latitude: 53.6, longitude: -113.49, city: "Edmonton" });
    const origin = { lat: 53.537, lng: -113.49, q: "seven", page: 1, pageSize: 20 };
    const km = (radius: 5 | 10) =>
      searchBusinesses(db(), { ...origin, radius, site: { city: "x", state: "y", country: "CA" } });
    const mi = (radius: 5 | 10) =>
      searchBusinesses(db(), { ...origin, radius, site: { city: "x", state: "y", country: "US" } });
    expect((await km(5)).total).toBe(0);
    expect((await km(10)).total).toBe(1);
    expect((await mi(5)).total).toBe(1);
  });

  it("a typed Canadian or British postal code is a place, however it is spelt", async () => {
    await insertBusiness(db(), {
      name: "Postal Place",
      zip: "T6E 2A1",
      country: "CA",
      latitude: 53.5,
      longitude: -113.5,
    });
    const found = await searchBusinesses(db(), { near: "t6e2a1", page: 1, pageSize: 20 });
    expect(found.origin).toMatchObject({ label: "T6E 2A1" });
    const spaced = await searchBusinesses(db(), { near: "T6E 2A1", page: 1, pageSize: 20 });
    expect(spaced.origin).toMatchObject({ label: "T6E 2A1", lat: 53.5, lng: -113.5 });
  });
});

describe("migration 0037", () => {
  it("turns today's North American phones into E.164 and leaves the others as they were", async () => {
    const file = fs.readFileSync(path.join(process.cwd(), "drizzle/0037_business_country.sql"), "utf8");
    const update = file.split("--> statement-breakpoint").at(-1)!;
    const phones = [
      "(217) 555-0142",
      "217.555.0143",
      "+1 (217) 555-0144",
      "1-217-555-0145",
      "+44 20 7946 0958",
      "ext. 12",
    ];
    const rows = [];
    for (const phone of phones) rows.push(await insertBusiness(db(), { name: `Legacy ${phone}`, phone }));
    await db().execute(sql.raw(update));
    const after = await db()
      .select({ id: businesses.id, phone: businesses.phone })
      .from(businesses)
      .where(sql`${businesses.id} in ${rows.map((r) => r.id)}`);
    const byId = new Map(after.map((r) => [r.id, r.phone]));
    expect(rows.map((r) => byId.get(r.id))).toEqual([
      "+12175550142",
      "+12175550143",
      "+12175550144",
      "+12175550145",
      "+44 20 7946 0958",
      "ext. 12",
    ]);
  });
});
