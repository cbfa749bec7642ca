import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { validateListing } from "~/features/import/listing.server";
import { mapYelp, readYelp, yelpCategory, yelpHours } from "~/features/import/yelp.server";

describe("Yelp Open Dataset mapping", () => {
  it("maps Yelp's hour strings: all day, midnight closing, past midnight, missing days closed", () => {
    expect(yelpHours({ Monday: "0:0-0:0", Friday: "18:0-2:30", Saturday: "11:0-0:0", Sunday: "8:0-18:30" })).toEqual([
      { day: 0, open: "08:00", close: "18:30", overnight: false },
      { day: 1, allDay: true },
      { day: 2, isClosed: true },
      { day: 3, isClosed: true },
      { day: 4, isClosed: true },
      { day: 5, open: "18:00", close: "02:30", overnight: true },
      { day: 6, open: "11:00", close: "24:00" },
    ]);
    expect(yelpHours(null)).toEqual([]);
    expect(yelpHours({ Monday: "soon" })).toBe('hours: cannot read Monday "soon"');
  });

  it("maps categories onto Near's categories and kinds, the most specific first", () => {
    expect(yelpCategory(["Restaurants", "Food", "Coffee & Tea", "Bakeries"])).toEqual({
      category: "restaurants",
      kind: "cafe",
    });
    expect(yelpCategory(["Pizza", "Italian", "Restaurants"])).toEqual({ category: "restaurants", kind: "italian" });
    expect(yelpCategory(["Home Services", "Plumbing"])).toEqual({ category: "services", kind: "plumbing" });
    expect(yelpCategory(["Shopping"])).toEqual({ category: "shopping", kind: "other" });
    expect(yelpCategory(["Doctors", "Acupuncture"])).toBeNull();
  });

  it("maps price range and attributes, skips closed businesses unless asked", () => {
    const row = mapYelp({
      business_id: "x",
      name: "Vito's",
      address: "1 Main St",
      city: "Tampa",
      state: "FL",
      postal_code: "33602",
      latitude: 27.9,
      longitude: -82.4,
      is_open: 1,
      attributes: { RestaurantsPriceRange2: "2", WiFi: "u'free'", Alcohol: "'full_bar'", RestaurantsTakeOut: "True" },
      categories: "Pizza, Restaurants",
      hours: null,
    });
    expect(row).toMatchObject({
      source: "yelp",
      externalId: "x",
      category: "restaurants",
      kind: "pizza",
      priceRange: "$$",
      features: ["Takeout", "Wi-Fi", "Full Bar"],
      categories: ["Pizza", "Restaurants"],
    });
    const closed = { business_id: "c", name: "Gone", is_open: 0, categories: "Shopping" };
    expect(mapYelp(closed)).toEqual({ problem: "skip", reason: "closed (is_open 0)" });
    expect(mapYelp(closed, { includeClosed: true })).toMatchObject({ category: "shopping" });
  });

  it("reads the business file line by line, with line numbers", async () => {
    const rows = [];
    for await (const r of readYelp(fs.createReadStream("tests/fixtures/import/yelp.jsonl"))) rows.push(r);
    expect(rows.map((r) => [r.line, "problem" in r.row ? r.row.reason : r.row.name])).toEqual([
      [1, "closed (is_open 0)"],
      [2, "St Honore Pastries"],
      [3, "Vito's Pizza"],
      [4, "not valid JSON"],
      [5, "closed (is_open 0)"],
    ]);
    const pastries = rows[1]!.row;
    if ("problem" in pastries) throw new Error("mapped");
    const checked = validateListing(pastries, { timezone: "America/New_York" });
    expect(checked).toMatchObject({
      ok: true,
      listing: {
        input: {
          category: "restaurants",
          cuisine: "cafe",
          priceRange: "$",
          features: ["Takeout", "Wi-Fi", "Accepts Credit Cards"].slice(0, 2),
        },
      },
    });
  });
});
