import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businesses } from "~/.server/db/schema";
import { exportListings } from "~/features/import/export.server";
import type { ImportFormat } from "~/features/import/listing.server";
import { openReader, runImport } from "~/features/import/run.server";
import type { Reject } from "~/features/import/writer.server";
import { Readable } from "node:stream";
import { createTestDatabase, type TestDatabase } from "../support/db";

/**
 * Import keeps every usable row (issue 34): the generated Yelp and OpenStreetMap files of
 * tests/fixtures/import/make-location-fixtures.ts — Canadian and British addresses and phones, businesses without a
 * street address, Yelp attributes, data that doesn't read for its country — are accepted whole; only rows without a
 * name or any location are rejected, each with its line and reason. Rows marked "unknown-category" (a dentist, a
 * bank: categories Near's four verticals didn't hold) are accepted too, filed under the category tree. Both
 * databases.
 */

const FIXTURES = path.join(process.cwd(), "tests/fixtures/import");
type Expect = "accept" | "reject" | "unknown-category" | "skip";
const expectations = JSON.parse(fs.readFileSync(path.join(FIXTURES, "location-expectations.json"), "utf8")) as {
  yelp: Expect[];
  osm: Expect[];
};

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.destroy();
});

async function importFile(file: string, format: ImportFormat) {
  const rejects: Reject[] = [];
  const summary = await runImport(db.db, openReader(format, fs.createReadStream(path.join(FIXTURES, file))), {
    status: "published",
    defaultTimezone: "America/Chicago",
    siteCountry: "US",
    onReject: (r) => void rejects.push(r),
  });
  return { summary, rejects };
}

const byExternalId = async (externalId: string) =>
  (await db.db.select().from(businesses).where(eq(businesses.externalId, externalId)))[0]!;

function expectAcceptance(
  expected: Expect[],
  result: Awaited<ReturnType<typeof importFile>>,
  label: string,
): { usable: number; accepted: number } {
  const count = (kind: Expect) => expected.filter((e) => e === kind).length;
  const broken = result.rejects;
  // Every usable row accepted (100%), dentists and banks included now that the category tree holds them: the
  // rejects are exactly the broken rows, by line, with their reason.
  expect(result.summary.inserted, `${label}: accepted`).toBe(count("accept") + count("unknown-category"));
  expect(result.summary.skipped, `${label}: skipped`).toBe(count("skip"));
  expect(
    broken.map((r) => r.line).sort((a, b) => a - b),
    `${label}: rejected`,
  ).toEqual(expected.flatMap((e, i) => (e === "reject" ? [i + 1] : [])));
  for (const r of broken)
    expect(r.reason).toMatch(/^(missing name|no location \(no address, city, postal code or coordinates\))$/);
  return { usable: count("accept") + count("unknown-category"), accepted: result.summary.inserted };
}

describe("the Yelp file", () => {
  let result: Awaited<ReturnType<typeof importFile>>;
  beforeAll(async () => {
    result = await importFile("yelp-location.jsonl", "yelp");
  });

  it("accepts every usable row; rejects only the nameless and the placeless, by line", () => {
    const { usable, accepted } = expectAcceptance(expectations.yelp, result, "yelp");
    expect(accepted / usable).toBe(1);
  });

  it("reads Canadian rows: the country from the province, postal codes and phones in their country's spelling", async () => {
    expect(await byExternalId("loc-006")).toMatchObject({
      country: "CA",
      state: "AB",
      zip: "T5J 0N3",
      phone: "+17805550101",
      timezone: "America/Edmonton",
    });
    expect(await byExternalId("loc-008")).toMatchObject({ country: "CA", phone: "+17805550103" });
    expect(await byExternalId("loc-009")).toMatchObject({ country: "CA", zip: "T5H 1Y8" });
  });

  it("reads British rows: the country from the postcode, no region, +44 phones in E.164, London's time zone", async () => {
    expect(await byExternalId("loc-011")).toMatchObject({
      country: "GB",
      state: null,
      zip: "SW1A 1AA",
      phone: "+442079460958",
      timezone: "Europe/London",
    });
    expect(await byExternalId("loc-012")).toMatchObject({ country: "GB", phone: "+442079460123" });
    expect(await byExternalId("loc-014")).toMatchObject({ country: "GB", zip: "WC2N 5DU" });
  });

  it("keeps rows without a street address as service-area businesses in their city", async () => {
    expect(await byExternalId("loc-015")).toMatchObject({
      address: null,
      serviceArea: ["Springfield"],
      city: "Springfield",
    });
    expect(await byExternalId("loc-016")).toMatchObject({
      address: null,
      latitude: null,
      serviceArea: ["Springfield"],
    });
    expect(await byExternalId("loc-018")).toMatchObject({ address: null, country: "CA", serviceArea: ["Edmonton"] });
    expect(await byExternalId("loc-019")).toMatchObject({ address: null, country: "GB", serviceArea: ["London"] });
  });

  it("maps Yelp attributes onto the price range and features", async () => {
    const rich = await byExternalId("loc-006");
    expect(rich.priceRange).toBe("$$");
    expect(rich.features).toEqual(
      expect.arrayContaining([
        "Wi-Fi",
        "Parking",
        "Outdoor Seating",
        "Family Friendly",
        "Wheelchair Accessible",
        "Takeout",
      ]),
    );
    const patio = await byExternalId("loc-020");
    expect(patio.priceRange).toBe("$$$");
    expect(patio.features).toEqual(expect.arrayContaining(["Catering", "Happy Hour"]));
    expect(patio.features).not.toContain("TV");
    expect((await byExternalId("loc-005")).features).toContain("Drive-Through");
  });

  it("leaves out a postal code or a phone that doesn't read for the country, and keeps the row", async () => {
    expect(await byExternalId("loc-021")).toMatchObject({ country: "CA", zip: null, name: "Short Postal Bakery" });
    expect(await byExternalId("loc-022")).toMatchObject({ phone: null, name: "Wrong Number Deli" });
  });

  it("a second import of the same file writes nothing", async () => {
    const again = await importFile("yelp-location.jsonl", "yelp");
    expect(again.summary).toMatchObject({ inserted: 0, updated: 0, unchanged: result.summary.inserted });
  });
});

describe("the OpenStreetMap file", () => {
  let result: Awaited<ReturnType<typeof importFile>>;
  beforeAll(async () => {
    result = await importFile("osm-location.geojson", "osm");
  });

  it("accepts every usable feature, with the country from addr:country", async () => {
    expectAcceptance(expectations.osm, result, "osm");
    expect(await byExternalId("node/9001")).toMatchObject({ country: "GB", zip: "SE1 1TL", phone: "+442079460777" });
    expect(await byExternalId("node/9002")).toMatchObject({ country: "CA", state: "AB", phone: "+17805550199" });
    // No street: a chip van serving Leeds; no addr:city: the village's name.
    expect(await byExternalId("node/9003")).toMatchObject({ address: null, serviceArea: ["Leeds"], country: "GB" });
    expect(await byExternalId("node/9004")).toMatchObject({ city: "Grantchester", country: "GB" });
  });
});

describe("the export", () => {
  it("writes country and service area, and reads back unchanged", async () => {
    let csv = "";
    for await (const chunk of exportListings(db.db, "csv")) csv += chunk;
    const header = csv.split("\r\n")[0]!;
    expect(header).toContain("zip,country,service_area,service_radius_km");
    const before = await db.db.select().from(businesses);
    const summary = await runImport(db.db, openReader("csv", Readable.from([csv]), { source: "ignored" }), {
      status: "published",
      defaultTimezone: "America/Chicago",
    });
    expect(summary.rejected).toBe(0);
    const after = await db.db.select().from(businesses);
    const pick = (rows: typeof before) =>
      rows.map((b) => [b.externalId, b.country, b.zip, b.phone, b.address, b.serviceArea.join(";")].join("|")).sort();
    expect(pick(after)).toEqual(pick(before));
  });
});
