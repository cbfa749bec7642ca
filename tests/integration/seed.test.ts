import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql, type SQL } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, queryRows, type DatabaseHandle } from "~/.server/db/client";
import { AGE_GROUPS, CATEGORIES, CUISINES, SUBCATEGORIES } from "~/.server/db/schema";
import { DEMO_BUSINESSES } from "../../server/seed/demo-businesses";
import { buildDemoCity, stableUuid, upcomingHolidays } from "../../server/seed/demo-city";
import { DEMO_IMAGES } from "../../server/seed/demo-images";
import { DEMO_OWNED_BUSINESS_SLUG, demoAssetsDir, encodeDemoImage, seedDemoData } from "../../server/seed/seed";
import { createTestServices } from "../support/services";
import { TEST_DRIVER } from "../support/db";
import { PLAN_ALLOWANCES } from "~/lib/catalogue";
import { categoryNode, isCategorySlug } from "~/lib/category-tree";

let ctx: Awaited<ReturnType<typeof createTestServices>>;
let seeded: Awaited<ReturnType<typeof seedDemoData>>;
let mediaDir: string;

beforeAll(async () => {
  ctx = await createTestServices();
  mediaDir = path.join(ctx.services.config.dataDir, "media");
  seeded = await seedDemoData(ctx.services);
}, 120_000);
afterAll(async () => {
  await ctx?.cleanup();
});

function rows<T>(query: SQL) {
  return queryRows<T>(ctx.database.db, query);
}

describe("demo data seed", () => {
  it("adds at least 60 published businesses and reports what it added", async () => {
    const [counts] = await rows<{ total: number; published: number; reviews: number }>(sql`
      select (select count(*)::int from businesses) as total,
             (select count(*)::int from businesses where status = 'published') as published,
             (select count(*)::int from reviews) as reviews`);
    expect(counts!.total).toBeGreaterThanOrEqual(60);
    expect(counts!.published).toBe(counts!.total);
    expect(seeded).toEqual({ businesses: counts!.total, reviews: counts!.reviews });
  });

  it("writes the blog and upcoming events for the configured city, covering every filter value", async () => {
    const posts = await rows<{ category: string; n: number }>(
      sql`select category, count(*)::int as n from blog_posts where status = 'published' group by 1`,
    );
    expect(posts.reduce((n, p) => n + p.n, 0)).toBeGreaterThanOrEqual(6);
    expect(posts.map((p) => p.category).sort()).toEqual(["business-spotlights", "local-features", "marketing-tips"]);
    const events = await rows<{ city: string; city_slug: string; category: string; business_id: string | null }>(
      sql`select city, city_slug, category, business_id from events where status = 'approved' and starts_at > now()`,
    );
    const city = ctx.services.config.SITE_CITY;
    // Most events are in the site's own city, several at its demo businesses; one in each of the spec's cities.
    expect(events.filter((e) => e.city === city).length).toBeGreaterThanOrEqual(10);
    expect(events.filter((e) => e.business_id).length).toBeGreaterThanOrEqual(5);
    for (const slug of ["washington", "baltimore", "philadelphia"])
      expect(
        events.some((e) => e.city_slug === slug),
        slug,
      ).toBe(true);
    for (const category of ["food", "music", "art", "business"])
      expect(events.filter((e) => e.city === city && e.category === category).length, category).toBeGreaterThanOrEqual(
        2,
      );
  });

  it("covers every category, cuisine, subcategory and age group the spec's dropdowns name", async () => {
    const kinds = await rows<{ category: string; kind: string; n: number }>(sql`
      select category, coalesce(cuisine, subcategory) as kind, count(*)::int as n
      from businesses group by 1, 2`);
    const has = (category: string, kind: string) =>
      kinds.find((k) => k.category === category && k.kind === kind)?.n ?? 0;
    for (const category of CATEGORIES) expect(kinds.some((k) => k.category === category)).toBe(true);
    for (const cuisine of CUISINES) expect(has("restaurants", cuisine), cuisine).toBeGreaterThanOrEqual(3);
    for (const [category, subs] of Object.entries(SUBCATEGORIES)) {
      for (const sub of subs) expect(has(category, sub), `${category}/${sub}`).toBeGreaterThanOrEqual(3);
    }
    const ages = await rows<{ age: string }>(
      sql`select distinct unnest(age_groups) as age from businesses where category = 'entertainment'`,
    );
    expect(ages.map((a) => a.age).sort()).toEqual([...AGE_GROUPS].sort());
    // Only restaurants have a cuisine; only the other categories have a subcategory.
    const [mixups] = await rows<{ n: number }>(sql`
      select count(*)::int as n from businesses
      where (category = 'restaurants') = (cuisine is null) or (category = 'restaurants') = (subcategory is not null)`);
    expect(mixups!.n).toBe(0);
  });

  it("stores rating = exact mean of the reviews and review_count = their number", async () => {
    const wrong = await rows<{ slug: string }>(sql`
      select b.slug from businesses b
      left join reviews r on r.business_id = b.id and r.status = 'visible'
      group by b.id
      having b.review_count <> count(r.id) or abs(b.rating - coalesce(avg(r.rating), 0)) > 1e-9`);
    expect(wrong).toEqual([]);
    const [stats] = await rows<{ unreviewed: number; max_reviews: number; min_rating: number; bad: number }>(sql`
      select count(*) filter (where review_count = 0 and rating = 0)::int as unreviewed,
             max(review_count)::int as max_reviews,
             (select min(rating)::int from reviews) as min_rating,
             (select count(*)::int from reviews where rating not between 1 and 5) as bad
      from businesses`);
    expect(stats!.unreviewed).toBeGreaterThanOrEqual(2);
    expect(stats!.max_reviews).toBeLessThanOrEqual(12);
    expect(stats!.min_rating).toBe(1);
    expect(stats!.bad).toBe(0);
  });

  it("writes varied reviews dated over the past year", async () => {
    const [r] = await rows<{
      n: number;
      distinct_content: number;
      authors: number;
      oldest_days: number;
      newest_days: number;
      ratings: number;
    }>(sql`
      select count(*)::int as n, count(distinct content)::int as distinct_content, count(distinct author)::int as authors,
             extract(day from now() - min(created_at))::int as oldest_days,
             extract(day from now() - max(created_at))::int as newest_days,
             count(distinct rating)::int as ratings
      from reviews`);
    expect(r!.n).toBeGreaterThan(200);
    expect(r!.distinct_content / r!.n).toBeGreaterThan(0.9);
    expect(r!.authors).toBeGreaterThan(100);
    expect(r!.oldest_days).toBeGreaterThan(300);
    expect(r!.oldest_days).toBeLessThanOrEqual(366);
    expect(r!.newest_days).toBeLessThan(14);
    expect(r!.ratings).toBe(5);
    const [dup] = await rows<{ n: number }>(sql`
      select count(*)::int as n from (select business_id, content from reviews group by 1, 2 having count(*) > 1) d`);
    expect(dup!.n).toBe(0);
  });

  it("gives every business hours for all seven days, including closed days, past-midnight and 24-hour hours", async () => {
    const [h] = await rows<{
      incomplete: number;
      bad_closed: number;
      bad_format: number;
      past_midnight: number;
      closed_days: number;
    }>(sql`
      select
        (select count(*)::int from (select b.id from businesses b left join business_hours h on h.business_id = b.id
           group by b.id having count(h.day) <> 7 or min(h.day) <> 0 or max(h.day) <> 6) x) as incomplete,
        count(*) filter (where is_closed <> (open_time is null and close_time is null))::int as bad_closed,
        count(*) filter (where not is_closed and (open_time !~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' or close_time !~ '^(([01][0-9]|2[0-3]):[0-5][0-9]|24:00)$'))::int as bad_format,
        count(*) filter (where not is_closed and close_time < open_time)::int as past_midnight,
        count(*) filter (where is_closed)::int as closed_days
      from business_hours`);
    expect(h).toEqual({
      incomplete: 0,
      bad_closed: 0,
      bad_format: 0,
      past_midnight: expect.any(Number),
      closed_days: expect.any(Number),
    });
    expect(h!.past_midnight).toBeGreaterThan(0);
    expect(h!.closed_days).toBeGreaterThan(0);

    // A bar open 16:00–02:00 on Friday (5) and Saturday (6).
    const lateFriday = await rows<{ slug: string }>(sql`
      select b.slug from businesses b join business_hours h on h.business_id = b.id
      where h.day in (5, 6) and h.open_time = '16:00' and h.close_time = '02:00'`);
    expect(lateFriday.map((r) => r.slug)).toContain("the-night-owl-tavern");

    const allDay = await rows<{ slug: string; features: string[] }>(sql`
      select b.slug, b.features from businesses b join business_hours h on h.business_id = b.id
      group by b.id having bool_and(h.open_time = '00:00' and h.close_time = '24:00')`);
    // The emergency plumber, a gym and a hotel never close.
    expect(allDay).toHaveLength(3);
    expect(allDay.map((b) => b.slug)).toEqual(expect.arrayContaining(["ironworks-gym", "old-capitol-inn"]));
    expect(allDay.some((b) => b.features.includes("24/7 Emergency"))).toBe(true);
  });

  it("adds holiday closures and other special hours on upcoming dates", async () => {
    const holidays = upcomingHolidays(new Date(), ctx.services.config.SITE_TIMEZONE);
    const special = await rows<{ date: string; is_closed: boolean; open_time: string | null; note: string }>(sql`
      select to_char(date, 'YYYY-MM-DD') as date, is_closed, open_time, note from business_special_hours`);
    const christmas = special.filter((s) => s.date === holidays.christmas);
    expect(christmas.length).toBeGreaterThan(50);
    expect(christmas.every((s) => s.is_closed && s.open_time === null)).toBe(true);
    expect(special.some((s) => !s.is_closed && s.open_time !== null)).toBe(true);
    expect(special.every((s) => s.note.length > 0)).toBe(true);
  });

  it("stores 1–3 photos per business through the media pipeline, each file present on disk", async () => {
    const images = await rows<{
      business_id: string;
      position: number;
      storage_key: string;
      widths: number[];
      width: number;
      height: number;
      alt: string;
    }>(sql`select business_id, position, storage_key, widths, width, height, alt from business_images`);
    const perBusiness = await rows<{ n: number; covers: number; max_pos: number }>(sql`
      select count(i.id)::int as n, count(*) filter (where i.position = 0)::int as covers, max(i.position)::int as max_pos
      from businesses b left join business_images i on i.business_id = b.id group by b.id`);
    for (const b of perBusiness) {
      expect(b.n).toBeGreaterThanOrEqual(1);
      expect(b.n).toBeLessThanOrEqual(3);
      expect(b.covers).toBe(1);
      expect(b.max_pos).toBe(b.n - 1);
    }
    expect(new Set(images.map((i) => i.storage_key)).size).toBe(images.length);
    for (const image of images) {
      expect(image.alt).toMatch(/^Illustration of /);
      expect(image.widths).toEqual([400, 800, 1200]);
      expect([image.width, image.height]).toEqual([1200, 800]);
      for (const w of image.widths) {
        expect(fs.existsSync(path.join(mediaDir, `${image.storage_key}-${w}.webp`)), `${image.storage_key}-${w}`).toBe(
          true,
        );
      }
    }
    const sample = images[0]!;
    const meta = await sharp(path.join(mediaDir, `${sample.storage_key}-800.webp`)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 800, 533]);
    // Hosted events have no photo of their own: the host's photos are the venue's, and the events page draws a date
    // tile instead (issue 40, defect 18).
    const hosted = await rows<{ image_url: string | null; business_id: string }>(
      sql`select image_url, business_id from events where business_id is not null`,
    );
    expect(hosted.length).toBeGreaterThanOrEqual(5);
    expect(hosted.every((e) => e.image_url === null)).toBe(true);
    // Menus (issue 36): a PDF and its first page's preview on a few Featured and Premium restaurants.
    const menus = await rows<{ storage_key: string; widths: number[]; file_name: string; plan: string }>(
      sql`select m.storage_key, m.widths, m.file_name, b.plan from business_menus m join businesses b on b.id = m.business_id`,
    );
    expect(menus.length).toBeGreaterThanOrEqual(2);
    expect(menus.every((m) => m.plan !== "basic" && /^[a-z0-9]+\.pdf$/.test(m.file_name))).toBe(true);
    // Exactly the files of the rows: nothing orphaned.
    expect(fs.readdirSync(mediaDir).sort()).toEqual(
      [
        ...images.flatMap((i) => i.widths.map((w) => `${i.storage_key}-${w}.webp`)),
        ...menus.flatMap((m) => [...m.widths.map((w) => `${m.storage_key}-${w}.webp`), m.file_name]),
      ].sort(),
    );
  });

  it("fills contact details, prices, features, labels and coordinates around the city", async () => {
    const all = await rows<{
      slug: string;
      name: string;
      city: string;
      state: string;
      zip: string;
      phone: string;
      website: string;
      email: string | null;
      booking_url: string | null;
      price_range: string;
      features: string[];
      category: string;
      primary_category: string;
      categories: string[];
      latitude: number;
      longitude: number;
      timezone: string;
      plan: string;
      description: string;
      address: string | null;
    }>(sql`select * from businesses`);
    const { SITE_CITY, SITE_STATE, SITE_TIMEZONE } = ctx.services.config;
    for (const b of all) {
      expect(b.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect([b.city, b.state, b.timezone]).toEqual([SITE_CITY, SITE_STATE, SITE_TIMEZONE]);
      // The demo's service-area business (a food truck) has no street address nor postal code (issue 34).
      if (b.address === null)
        expect([b.name, b.zip]).toEqual([
          expect.stringMatching(/^(Rolling Taco Truck|Paws on the Go Mobile Grooming)$/),
          null,
        ]);
      else expect(b.address).toMatch(/^\d+ [A-Z0-9]/);
      if (b.address !== null) expect(b.zip).toMatch(/^627\d\d$/);
      expect(b.phone).toMatch(/^\+121755501\d\d$/);
      expect(b.website).toBe(`https://www.${b.slug}.example`);
      if (b.email) expect(b.email).toBe(`hello@${b.slug}.example`);
      if (b.booking_url) expect(b.booking_url).toBe(`https://www.${b.slug}.example/book`);
      expect(["$", "$$", "$$$", "$$$$"]).toContain(b.price_range);
      expect(b.features.length).toBeGreaterThan(0);
      // A primary category of the tree, and additional ones within the plan's allowance (issue 34).
      expect(categoryNode(b.primary_category)?.group, b.name).toBe(b.category);
      for (const c of b.categories) expect(isCategorySlug(c), c).toBe(true);
      expect(b.categories.length).toBeLessThanOrEqual(PLAN_ALLOWANCES[b.plan as "basic"].categories);
      expect(Math.abs(b.latitude - 39.799)).toBeLessThan(0.05);
      expect(Math.abs(b.longitude + 89.644)).toBeLessThan(0.06);
      expect(b.description.split(/(?<=[.!?])\s+/).length).toBeGreaterThanOrEqual(2);
    }
    const unique = (key: keyof (typeof all)[number]) => new Set(all.map((b) => String(b[key]))).size;
    expect(unique("slug")).toBe(all.length);
    expect(unique("name")).toBe(all.length);
    expect(unique("phone")).toBe(all.length);
    const storefronts = all.filter((b) => b.address !== null);
    expect(new Set(storefronts.map((b) => b.address)).size).toBe(storefronts.length);
    expect(unique("description")).toBe(all.length);
    expect(all.filter((b) => b.email).length).toBeGreaterThan(10);
    expect(all.filter((b) => b.booking_url).length).toBeGreaterThan(10);
    const plans = all.map((b) => b.plan);
    const count = (p: string) => plans.filter((x) => x === p).length;
    expect(count("basic")).toBeGreaterThan(count("featured"));
    expect(count("featured")).toBeGreaterThan(count("premium"));
    expect(count("premium")).toBeGreaterThanOrEqual(3);
    for (const price of ["$", "$$", "$$$", "$$$$"]) expect(all.some((b) => b.price_range === price)).toBe(true);
    expect(all.map((b) => b.slug)).toContain(DEMO_OWNED_BUSINESS_SLUG);
  });

  it("has pizza and coffee places for text search to find", async () => {
    const match = (word: string) =>
      rows<{ slug: string }>(sql`
        select slug from businesses
        where name ilike ${`%${word}%`} or description ilike ${`%${word}%`} or ${word} ilike any(categories)`);
    expect((await match("pizza")).length).toBeGreaterThanOrEqual(3);
    expect((await match("coffee")).length).toBeGreaterThanOrEqual(3);
  });

  it("shows testimonials and videos on a few Featured and Premium listings, within the plan (issue 36)", async () => {
    const shown = await rows<{ plan: "featured" | "premium"; testimonials: number; videos: number }>(sql`
      select b.plan,
             (select count(*)::int from business_testimonials t where t.business_id = b.id) as testimonials,
             (select count(*)::int from business_videos v where v.business_id = b.id) as videos
      from businesses b
      where exists (select 1 from business_testimonials t where t.business_id = b.id)
         or exists (select 1 from business_videos v where v.business_id = b.id)`);
    expect(shown.length).toBeGreaterThanOrEqual(4);
    expect(new Set(shown.map((s) => s.plan))).toEqual(new Set(["featured", "premium"]));
    for (const s of shown) {
      expect(s.testimonials).toBeGreaterThan(0);
      expect(s.testimonials).toBeLessThanOrEqual(PLAN_ALLOWANCES[s.plan].testimonials);
      expect(s.videos).toBeGreaterThan(0);
      expect(s.videos).toBeLessThanOrEqual(PLAN_ALLOWANCES[s.plan].videos);
    }
  });

  it("does nothing the second time", async () => {
    const before = await rows<{ b: number; r: number; i: number }>(sql`
      select (select count(*)::int from businesses) b, (select count(*)::int from reviews) r, (select count(*)::int from business_images) i`);
    const files = fs.readdirSync(mediaDir).length;
    expect(await seedDemoData(ctx.services)).toBeNull();
    const after = await rows<{ b: number; r: number; i: number }>(sql`
      select (select count(*)::int from businesses) b, (select count(*)::int from reviews) r, (select count(*)::int from business_images) i`);
    expect(after).toEqual(before);
    expect(fs.readdirSync(mediaDir).length).toBe(files);
  });
});

describe("concurrent first starts", () => {
  let other: Awaited<ReturnType<typeof createTestServices>>;
  let second: DatabaseHandle | undefined;
  afterAll(async () => {
    await second?.close();
    await other?.cleanup();
  });

  it("seeds once when two processes start together on one database", async () => {
    other = await createTestServices();
    // On PostgreSQL the second "process" is a second connection pool to the same database.
    second =
      TEST_DRIVER === "postgres" ? await openDatabase({ databaseUrl: other.database.url, migrate: false }) : undefined;
    const a = seedDemoData(other.services);
    const b = seedDemoData({ ...other.services, database: second ?? other.services.database });
    const results = await Promise.all([a, b]);
    expect(results.filter((r) => r !== null)).toHaveLength(1);
    const [counts] = await queryRows<{ b: number; images: number }>(
      other.database.db,
      sql`select (select count(*)::int from businesses) as b,
        (select coalesce(sum(array_length(widths, 1)), 0)::int from business_images)
          + 3 * (select count(*)::int from events where image_url is not null)
          + (select coalesce(sum(array_length(widths, 1) + 1), 0)::int from business_menus) as images`,
    );
    expect(counts!.b).toBe(DEMO_BUSINESSES.length);
    // The loser removed the photo copies it had made.
    expect(fs.readdirSync(path.join(other.services.config.dataDir, "media"))).toHaveLength(counts!.images);
  }, 120_000);
});

describe("demo city builder", () => {
  const now = new Date("2025-03-15T18:00:00Z");

  it("is deterministic, with stable ids", () => {
    const a = buildDemoCity({ city: "Springfield", state: "IL", timezone: "America/Chicago", now });
    const b = buildDemoCity({ city: "Springfield", state: "IL", timezone: "America/Chicago", now });
    expect(a).toEqual(b);
    expect(a[0]!.business.id).toBe(stableUuid(a[0]!.business.slug));
    expect(a[0]!.business.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it("uses the configured city, its zips and area code, and {city} in names and descriptions", () => {
    const city = buildDemoCity({ city: "Baltimore", state: "MD", timezone: "America/New_York", now });
    for (const { business } of city) {
      expect(business.city).toBe("Baltimore");
      // The food truck serves the city around its base: no postal code (issue 34).
      if (business.address) expect(business.zip).toMatch(/^212\d\d$/);
      else expect(business.serviceArea).toContain("Baltimore");
      expect(business.phone).toMatch(/^\+141055501\d\d$/);
      expect(Math.abs(business.latitude! - 39.2904)).toBeLessThan(0.05);
      expect(business.description).not.toContain("{city}");
    }
    expect(city.some((b) => b.business.description!.includes("Baltimore"))).toBe(true);
  });

  it("puts Springfield's listings in its neighbourhoods, the nearest to each, and no other city's (issue 14)", () => {
    const city = buildDemoCity({ city: "Springfield", state: "IL", timezone: "America/Chicago", now });
    const counts = new Map<string, number>();
    for (const { business } of city) counts.set(business.neighborhood!, (counts.get(business.neighborhood!) ?? 0) + 1);
    expect(counts.has("undefined") || counts.has("null")).toBe(false);
    expect(counts.size).toBeGreaterThanOrEqual(6);
    for (const name of ["Downtown", "Enos Park", "Harvard Park", "Vinegar Hill", "Westchester"])
      expect(counts.get(name), name).toBeGreaterThanOrEqual(2);
    const baltimore = buildDemoCity({ city: "Baltimore", state: "MD", timezone: "America/New_York", now });
    expect(baltimore.every((b) => b.business.neighborhood === null)).toBe(true);
  });

  it("leaves coordinates empty for a city it cannot place", () => {
    const city = buildDemoCity({ city: "Smallville", state: "KS", timezone: "America/Chicago", now });
    expect(city.every((b) => b.business.latitude === null && b.business.longitude === null)).toBe(true);
    expect(city.every((b) => b.business.city === "Smallville" && b.business.state === "KS")).toBe(true);
  });

  it("dates holidays from today in the site's time zone", () => {
    expect(upcomingHolidays(now, "America/Chicago")).toEqual({
      thanksgiving: "2025-11-27",
      christmasEve: "2025-12-24",
      christmas: "2025-12-25",
      newYearsEve: "2025-12-31",
      newYearsDay: "2026-01-01",
      independenceDay: "2025-07-04",
    });
    // 05:30 UTC on Dec 26 is still Christmas Day evening in Chicago.
    expect(upcomingHolidays(new Date("2025-12-26T05:30:00Z"), "America/Chicago").christmas).toBe("2025-12-25");
    expect(upcomingHolidays(new Date("2025-12-26T05:30:00Z"), "UTC").christmas).toBe("2026-12-25");
  });
});

describe("demo images", () => {
  it("ships every listed image in assets/demo, small, and nothing else", () => {
    const dir = demoAssetsDir()!;
    const files = fs.readdirSync(dir).filter((f) => !f.startsWith("."));
    expect(files.sort()).toEqual(DEMO_IMAGES.map((i) => i.file).sort());
    const total = files.reduce((n, f) => n + fs.statSync(path.join(dir, f)).size, 0);
    expect(total).toBeLessThan(3 * 1024 * 1024);
    for (const f of files) expect(fs.statSync(path.join(dir, f)).size).toBeLessThan(80 * 1024);
    // Every kind a business asks for has at least one picture.
    for (const spec of DEMO_BUSINESSES)
      expect(
        DEMO_IMAGES.some((i) => i.kinds.includes(spec.kind)),
        spec.kind,
      ).toBe(true);
  });

  it("caches processed images by content and returns identical output", async () => {
    const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), "near-demo-cache-"));
    try {
      const file = path.join(demoAssetsDir()!, "coffee.webp");
      const first = await encodeDemoImage(file, cacheDir);
      expect(fs.readdirSync(cacheDir).filter((f) => f.endsWith(".json"))).toHaveLength(1);
      const second = await encodeDemoImage(file, cacheDir);
      expect(second.variants.map((v) => v.width)).toEqual(first.variants.map((v) => v.width));
      second.variants.forEach((v, i) => expect(v.body.equals(first.variants[i]!.body)).toBe(true));
      // A damaged cache falls back to encoding.
      for (const f of fs.readdirSync(cacheDir)) if (f.endsWith(".webp")) fs.rmSync(path.join(cacheDir, f));
      const third = await encodeDemoImage(file, cacheDir);
      expect(third.variants).toHaveLength(first.variants.length);
    } finally {
      fs.rmSync(cacheDir, { recursive: true, force: true });
    }
  });
});
