import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { mapOsm, osmOpeningHours, readOsm } from "~/features/import/osm.server";

const closed = (day: number) => ({ day, isClosed: true });

describe("OpenStreetMap mapping", () => {
  it("reads opening_hours with the opening_hours library: weekdays, past midnight, public holidays", () => {
    expect(osmOpeningHours("Mo-Fr 09:00-17:00; PH off")).toEqual([
      closed(0),
      ...[1, 2, 3, 4, 5].map((day) => ({ day, open: "09:00", close: "17:00", overnight: false })),
      closed(6),
    ]);
    expect(osmOpeningHours("Fr-Sa 18:00-02:00")).toEqual([
      closed(0),
      closed(1),
      closed(2),
      closed(3),
      closed(4),
      { day: 5, open: "18:00", close: "02:00", overnight: true },
      { day: 6, open: "18:00", close: "02:00", overnight: true },
    ]);
    expect(osmOpeningHours("24/7")).toEqual([0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, allDay: true })));
    expect(osmOpeningHours("Mo-Su 22:00-24:00")[1]).toEqual({
      day: 1,
      open: "22:00",
      close: "24:00",
      overnight: false,
    });
    // Two ranges a day: the first opening to the last closing.
    expect(osmOpeningHours("Mo 08:00-12:00,13:00-17:30")[1]).toEqual({
      day: 1,
      open: "08:00",
      close: "17:30",
      overnight: false,
    });
    expect(osmOpeningHours("Mo-Fr 08:00-12:00; PH 10:00-11:00; Su off")[0]).toEqual(closed(0));
    expect(osmOpeningHours("not a value ::")).toMatch(/^opening_hours: /);
  });

  it("maps tags onto the category tree, the address and features", () => {
    const row = mapOsm({
      type: "node",
      id: 7,
      lat: 30.2,
      lon: -97.7,
      tags: {
        amenity: "restaurant",
        cuisine: "indian;curry",
        name: "Spice",
        "addr:housenumber": "4",
        "addr:street": "Oak St",
        "addr:city": "Austin",
        "addr:state": "TX",
        "addr:postcode": "78701",
        takeaway: "yes",
        "diet:vegan": "yes",
      },
    });
    expect(row).toMatchObject({
      source: "osm",
      externalId: "node/7",
      primaryCategory: "indian",
      categories: [],
      address: "4 Oak St",
      zip: "78701",
      features: ["Takeout", "Vegan Options"],
      latitude: 30.2,
      longitude: -97.7,
    });
    expect(row).not.toHaveProperty("category");
    // No mapping: filed and noted, never rejected (the row's name and place decide that).
    expect(mapOsm({ type: "node", id: 8, tags: { amenity: "bench", name: "Memorial Bench" } })).toMatchObject({
      name: "Memorial Bench",
      primaryCategory: "services",
      categoryNotes: ['no category for OSM "amenity=bench": filed under Services'],
    });
    expect(mapOsm({ type: "node", id: 9, tags: { shop: "foo" } })).toMatchObject({
      primaryCategory: "shopping",
      categoryNotes: ['no category for OSM "shop=foo": filed under Shopping'],
    });
  });

  it("streams GeoJSON features and Overpass elements, numbered by position", async () => {
    const geo = [];
    for await (const r of readOsm(fs.createReadStream("tests/fixtures/import/osm.geojson"))) geo.push(r);
    expect(geo.map((r) => [r.line, "problem" in r.row ? r.row.reason : r.row.name])).toEqual([
      [1, "La Casa"],
      [2, "Paper Trail"],
      [3, null],
    ]);
    expect(geo[0]!.row).toMatchObject({
      // cuisine=mexican;tex_mex: Tex-Mex is under Mexican, which adds nothing to it.
      primaryCategory: "tex-mex",
      categories: [],
      externalId: "node/101",
      latitude: 30.27,
    });
    expect(geo[1]!.row).toMatchObject({
      primaryCategory: "bookstores",
      latitude: expect.closeTo(30.1, 6),
      longitude: expect.closeTo(-97.1, 6),
    });
    const overpass = [];
    for await (const r of readOsm(fs.createReadStream("tests/fixtures/import/overpass.json"))) overpass.push(r);
    expect(overpass[0]!.row).toMatchObject({ externalId: "node/401", primaryCategory: "plumbing" });
    expect(overpass[1]!.row).toMatchObject({ problem: "reject" });
  });

  it("fails on a broken file instead of hanging", async () => {
    const { Readable } = await import("node:stream");
    const read = async () => {
      for await (const _ of readOsm(Readable.from(['{"features": [ {"a": ']))) void _;
    };
    await expect(read()).rejects.toThrow();
  });
});
