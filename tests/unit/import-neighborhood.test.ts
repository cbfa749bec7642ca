import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { mapHeaders } from "~/features/import/columns";
import { hashInput, validateListing, type RawListing } from "~/features/import/listing.server";
import { readCsv } from "~/features/import/near-rows.server";
import { mapOsm } from "~/features/import/osm.server";
import { mapYelp } from "~/features/import/yelp.server";

/** Where a listing's neighbourhood comes from in an import (issue 14, docs/import.md). */

const restaurant = { amenity: "restaurant", name: "Spice", "addr:postcode": "62701" };

describe("import: neighbourhoods", () => {
  it("reads a CSV column neighborhood, or its aliases neighbourhood and district", async () => {
    expect(mapHeaders(["Neighborhood", "neighbourhood", "District"])).toEqual(["neighborhood", null, null]);
    expect(mapHeaders(["Neighbourhood"])).toEqual(["neighborhood"]);
    expect(mapHeaders(["district"])).toEqual(["neighborhood"]);
    const csv =
      "name,category,address,city,state,zip,District\nHill Cafe,restaurants,1 A St,Springfield,IL,62701,Vinegar Hill\n";
    const rows = [];
    for await (const r of readCsv(Readable.from([csv]), { source: "test" })) rows.push(r);
    const row = rows[0]!.row as RawListing;
    expect(row.neighborhood).toBe("Vinegar Hill");
    const checked = validateListing(row, { timezone: "America/Chicago" });
    expect(checked).toMatchObject({ ok: true, listing: { input: { neighborhood: "Vinegar Hill" } } });
  });

  it("takes OSM's addr:neighbourhood, else addr:quarter, else addr:suburb", () => {
    const hood = (tags: Record<string, string>) =>
      (mapOsm({ type: "node", id: 1, lat: 39.8, lon: -89.6, tags: { ...restaurant, ...tags } }) as RawListing)
        .neighborhood;
    expect(hood({ "addr:suburb": "Westchester" })).toBe("Westchester");
    expect(hood({ "addr:suburb": "Westchester", "addr:quarter": "Harvard Park" })).toBe("Harvard Park");
    expect(hood({ "addr:suburb": "Westchester", "addr:neighbourhood": "Enos Park" })).toBe("Enos Park");
    expect(hood({})).toBeNull();
  });

  it("takes Yelp's neighborhood, or the first of an older dump's neighborhoods", () => {
    const yelp = {
      business_id: "y",
      name: "Vito's",
      address: "1 Main St",
      city: "Tampa",
      state: "FL",
      postal_code: "33602",
      categories: "Pizza",
    };
    expect(mapYelp({ ...yelp, neighborhood: "Ybor City" })).toMatchObject({ neighborhood: "Ybor City" });
    expect(mapYelp({ ...yelp, neighborhoods: ["Channel District", "Downtown"] })).toMatchObject({
      neighborhood: "Channel District",
    });
    expect((mapYelp(yelp) as RawListing).neighborhood).toBeUndefined();
  });

  it("keeps an unchanged row's hash when it has no neighbourhood, and changes it with one", () => {
    const raw: RawListing = {
      source: "t",
      externalId: "1",
      name: "A",
      category: "shopping",
      kind: "books",
      address: "1 A St",
      city: "X",
      state: "IL",
      zip: "62701",
    };
    const plain = validateListing(raw, { timezone: "America/Chicago" });
    const hood = validateListing({ ...raw, neighborhood: "Downtown" }, { timezone: "America/Chicago" });
    const blank = validateListing({ ...raw, neighborhood: "  " }, { timezone: "America/Chicago" });
    if (!plain.ok || !hood.ok || !blank.ok) throw new Error("expected valid rows");
    expect(blank.listing.hash).toBe(plain.listing.hash);
    expect(hood.listing.hash).not.toBe(plain.listing.hash);
    expect(hashInput(plain.listing.input)).toBe(plain.listing.hash);
  });
});
