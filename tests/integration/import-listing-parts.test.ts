import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businesses, businessMenus, businessOffers, businessTestimonials, businessVideos } from "~/.server/db/schema";
import { publicOffers } from "~/features/offers/queries.server";
import { publicShowcase } from "~/features/showcase/queries.server";
import { createTestDatabase, type TestDatabase } from "../support/db";
import { exportText as exportFile, importText as importFile } from "../support/import-text";

/**
 * Issue 36: testimonials, videos and offers travel in Near's own files (docs/import.md, "Testimonials, videos and
 * offers"), through the API's own checks, on both databases: the import stores them (an admin's tool: the plan
 * decides what shows), export → import gives the same listing, a list no plan shows is refused with the plan named,
 * and a file without the columns leaves a listing's parts alone. Menus are listed by the export, never imported.
 */

const TODAY = new Date().toISOString().slice(0, 10);
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

const testimonial = (i: number) => ({
  author: `Guest ${i}`,
  quote: `Lovely place, visit ${i}; "the best" in town.`,
  ...(i === 0 ? { source: "City Paper", givenOn: "2025-06-01" } : {}),
});
const video = { url: "https://youtu.be/dQw4w9WgXcQ", title: "A tour of the kitchen" };
const offer = { title: "Spring dinner deal", terms: "Two courses for $25, dine in only.", code: "spring25" };

function listing(id: string, extra: Record<string, unknown> = {}) {
  return {
    external_id: id,
    name: `Parts Place ${id}`,
    category: "restaurants",
    kind: "italian",
    address: "12 Main Street",
    city: "Springfield",
    state: "IL",
    zip: "62701",
    ...extra,
  };
}

const jsonl = (rows: object[]) => rows.map((r) => JSON.stringify(r)).join("\n") + "\n";

function importText(db: TestDatabase, text: string, format: "csv" | "jsonl" = "jsonl") {
  return importFile(db.db, text, format, "parts");
}

function exportText(db: TestDatabase, format: "csv" | "jsonl") {
  return exportFile(db.db, format);
}

async function idOf(db: TestDatabase, externalId: string) {
  const [row] = await db.db
    .select({ id: businesses.id })
    .from(businesses)
    .where(eq(businesses.externalId, externalId))
    .limit(1);
  return row!.id;
}

async function partsOf(db: TestDatabase, businessId: string) {
  const [testimonials, videos, offers] = await Promise.all([
    db.db
      .select({
        author: businessTestimonials.author,
        body: businessTestimonials.body,
        source: businessTestimonials.source,
        givenOn: businessTestimonials.givenOn,
      })
      .from(businessTestimonials)
      .where(eq(businessTestimonials.businessId, businessId))
      .orderBy(asc(businessTestimonials.position)),
    db.db
      .select({ provider: businessVideos.provider, videoId: businessVideos.videoId, title: businessVideos.title })
      .from(businessVideos)
      .where(eq(businessVideos.businessId, businessId))
      .orderBy(asc(businessVideos.position)),
    db.db
      .select({
        title: businessOffers.title,
        code: businessOffers.code,
        startsOn: businessOffers.startsOn,
        endsOn: businessOffers.endsOn,
        firstCustomers: businessOffers.firstCustomers,
      })
      .from(businessOffers)
      .where(eq(businessOffers.businessId, businessId))
      .orderBy(asc(businessOffers.startsOn)),
  ]);
  return { testimonials, videos, offers };
}

describe("testimonials, videos and offers in import and export", () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.destroy();
  });

  it("imports them through the API's checks; the plan decides what the public sees", async () => {
    const { summary, rejects } = await importText(
      db,
      jsonl([
        listing("a", {
          testimonials: [testimonial(0), testimonial(1)],
          videos: [video],
          offers: [
            { ...offer, startsOn: TODAY, endsOn: inDays(30), firstCustomers: 50 },
            {
              title: "Last summer's deal",
              terms: "Ended long ago, kept as history.",
              startsOn: "2025-06-01",
              endsOn: "2025-06-30",
            },
          ],
        }),
      ]),
    );
    expect(rejects).toEqual([]);
    expect(summary.inserted).toBe(1);
    const id = await idOf(db, "a");
    const parts = await partsOf(db, id);
    expect(parts.testimonials).toEqual([
      { author: "Guest 0", body: testimonial(0).quote, source: "City Paper", givenOn: "2025-06-01" },
      { author: "Guest 1", body: testimonial(1).quote, source: null, givenOn: null },
    ]);
    expect(parts.videos).toEqual([{ provider: "youtube", videoId: "dQw4w9WgXcQ", title: "A tour of the kitchen" }]);
    // The API's own normalising: codes upper case.
    expect(parts.offers.map((o) => [o.title, o.code, o.firstCustomers])).toEqual([
      ["Last summer's deal", null, null],
      ["Spring dinner deal", "SPRING25", 50],
    ]);

    // A new listing is on Basic: stored, none shown; on Featured they show (the ended offer never does).
    const clock = { now: new Date(), today: TODAY };
    expect(await publicShowcase(db.db, id, "basic")).toEqual({ testimonials: [], videos: [] });
    expect(await publicOffers(db.db, id, clock)).toEqual([]);
    await db.db.update(businesses).set({ plan: "featured" }).where(eq(businesses.id, id));
    const shown = await publicShowcase(db.db, id, "featured");
    expect(shown.testimonials.map((t) => t.author)).toEqual(["Guest 0", "Guest 1"]);
    expect(shown.videos.map((v) => v.videoId)).toEqual(["dQw4w9WgXcQ"]);
    expect((await publicOffers(db.db, id, clock)).map((o) => o.title)).toEqual(["Spring dinner deal"]);
  });

  it("exports every part (menus as links) and reads the export back to the same listing", async () => {
    const id = await idOf(db, "a");
    await db.db.insert(businessMenus).values({
      businessId: id,
      position: 0,
      title: "Dinner",
      kind: "pdf",
      storageKey: "menus/test",
      widths: [320],
      width: 320,
      height: 420,
      fileName: "menus/test.pdf",
      fileBytes: 1234,
      pageCount: 2,
    });
    const before = await partsOf(db, id);

    for (const format of ["jsonl", "csv"] as const) {
      const text = await exportText(db, format);
      if (format === "jsonl") {
        const row = JSON.parse(text.trim().split("\n")[0]!);
        expect(row.testimonials[0]).toEqual({
          author: "Guest 0",
          quote: testimonial(0).quote,
          source: "City Paper",
          givenOn: "2025-06-01",
        });
        expect(row.videos).toEqual([{ url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ", title: video.title }]);
        expect(row.offers).toHaveLength(2);
        expect(row.menus).toEqual([
          { title: "Dinner", kind: "pdf", path: expect.stringMatching(/^\/business\/.+\/menus\/.+\/download$/) },
        ]);
      } else {
        expect(text.split(/\r?\n/)[0]).toMatch(/,status,testimonials,videos,offers,menus$/);
      }
      // Unchanged file: nothing written.
      expect((await importText(db, text, format)).summary).toMatchObject({ unchanged: 1, updated: 0, rejected: 0 });
      // Forget the parts and the last import's hash: the file brings back exactly what it had.
      await db.db.delete(businessTestimonials).where(eq(businessTestimonials.businessId, id));
      await db.db.delete(businessVideos).where(eq(businessVideos.businessId, id));
      await db.db.delete(businessOffers).where(eq(businessOffers.businessId, id));
      await db.db.update(businesses).set({ importHash: null }).where(eq(businesses.id, id));
      const again = await importText(db, text, format);
      expect(again.rejects).toEqual([]);
      expect(again.summary).toMatchObject({ updated: 1 });
      expect(await partsOf(db, id)).toEqual(before);
    }
    // The import never touches menus (files an owner uploads).
    expect(await db.db.select().from(businessMenus).where(eq(businessMenus.businessId, id))).toHaveLength(1);
  });

  it("a file without the columns leaves the parts alone; an empty one clears them", async () => {
    const id = await idOf(db, "a");
    const before = await partsOf(db, id);
    const renamed = await importText(db, jsonl([listing("a", { name: "Parts Place Renamed" })]));
    expect(renamed.summary).toMatchObject({ updated: 1, rejected: 0 });
    expect(await partsOf(db, id)).toEqual(before);

    const csv =
      "external_id,name,category,kind,address,city,state,zip,videos\n" +
      "a,Parts Place Renamed,restaurants,italian,12 Main Street,Springfield,IL,62701,\n";
    expect((await importText(db, csv, "csv")).summary).toMatchObject({ updated: 1, rejected: 0 });
    const after = await partsOf(db, id);
    expect(after.videos).toEqual([]);
    expect(after.testimonials).toEqual(before.testimonials);
  });

  it("refuses a row whose list no plan shows or whose item the API would refuse, naming the item", async () => {
    const many = Array.from({ length: 21 }, (_, i) => testimonial(i));
    const csvCell = (v: unknown) => `"${JSON.stringify(v).replaceAll('"', '""')}"`;
    const csv =
      "external_id,name,category,kind,address,city,state,zip,testimonials,videos,offers\n" +
      `b,Too Many,restaurants,italian,1 Elm St,Springfield,IL,62701,${csvCell(many)},,\n` +
      `c,Bad Video,restaurants,italian,2 Elm St,Springfield,IL,62701,,${csvCell([{ url: "https://example.com/v", title: "x" }])},\n` +
      `d,Bad Offer,restaurants,italian,3 Elm St,Springfield,IL,62701,,,${csvCell([{ ...offer, startsOn: inDays(5), endsOn: inDays(1) }])}\n` +
      "e,Not Json,restaurants,italian,4 Elm St,Springfield,IL,62701,[{oops,,\n" +
      `f,Unknown Key,restaurants,italian,5 Elm St,Springfield,IL,62701,${csvCell([{ ...testimonial(1), stars: 5 }])},,\n`;
    const { summary, rejects } = await importText(db, csv, "csv");
    expect(summary.inserted).toBe(0);
    expect(rejects.map((r) => [r.externalId, r.reason])).toEqual([
      ["b", "testimonials: at most 20 (the Premium plan's allowance)"],
      ["c", expect.stringMatching(/^videos 1: url: That isn't a YouTube or Vimeo video link\./)],
      ["d", "offers 1: endsOn: The last day can't be before the first day."],
      ["e", expect.stringMatching(/^testimonials: not a JSON list/)],
      ["f", expect.stringMatching(/^testimonials 1: .*stars/)],
    ]);
  });
});
