import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { validateListing } from "~/features/import/listing.server";
import type { RawListing } from "~/features/import/listing.server";
import { mapYelp, readYelp, yelpFeatures, yelpHours } from "~/features/import/yelp.server";

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

  it("maps categories onto the category tree: the most specific primary, the others additional, never rejected", () => {
    const row = (categories: string) =>
      mapYelp({ business_id: "c", name: "C", city: "Tampa", is_open: 1, categories }) as RawListing;
    expect(row("Restaurants, Italian, Pizza")).toMatchObject({ primaryCategory: "italian", categories: ["pizza"] });
    expect(row("Home Services, Plumbing")).toMatchObject({ primaryCategory: "plumbing", categories: [] });
    expect(row("Doctors, Acupuncture, Health & Medical")).toMatchObject({
      primaryCategory: "doctors",
      categories: ["acupuncture"],
    });
    expect(row("Doctors").categoryNotes).toBeUndefined();
    // No mapping: filed, noted, kept.
    expect(row("Zorbing, Active Life")).toMatchObject({
      primaryCategory: "fitness",
      categoryNotes: ['no category for Yelp "Zorbing": filed under Fitness & Recreation'],
    });
    expect(row("")).toMatchObject({ primaryCategory: "services" });
    expect(row("Pizza").category).toBeUndefined();
    expect(row("Pizza").kind).toBeUndefined();
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
      primaryCategory: "pizza",
      categories: [],
      priceRange: "$$",
      features: ["Takeout", "Wi-Fi", "Full Bar"],
    });
    expect(
      yelpFeatures({
        DietaryRestrictions: "{'dairy-free': False, 'gluten-free': True, 'vegan': False, 'vegetarian': True}",
        GoodForMeal: "{'dessert': False, 'latenight': True, 'lunch': True}",
        Music: "{'dj': False, 'live': True}",
        Alcohol: "u'beer_and_wine'",
        BusinessParking: "{'garage': False, 'street': False}",
        GoodForDancing: "True",
      }),
    ).toEqual([
      "Vegetarian Options",
      "Gluten-Free Options",
      "Late Night",
      "Beer & Wine",
      "Live Music",
      "Good for Dancing",
    ]);
    const closed = { business_id: "c", name: "Gone", is_open: 0, categories: "Shopping" };
    expect(mapYelp(closed)).toEqual({ problem: "skip", reason: "closed (is_open 0)" });
    expect(mapYelp(closed, { includeClosed: true })).toMatchObject({ primaryCategory: "shopping" });
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
    // "Restaurants, Food, Bubble Tea, Coffee & Tea, Bakeries": the deepest first (Bubble Tea is under Tea Rooms).
    expect(pastries).toMatchObject({ primaryCategory: "bubble-tea", categories: ["cafes", "bakeries"] });
    const checked = validateListing(pastries, { timezone: "America/New_York" });
    expect(checked).toMatchObject({
      ok: true,
      listing: {
        input: {
          category: "restaurants",
          primaryCategory: "bubble-tea",
          categories: ["cafes", "bakeries"],
          priceRange: "$",
          features: ["Takeout", "Wi-Fi"],
        },
      },
    });
  });
});
