import { eq, sql } from "drizzle-orm";
import { businessHours } from "~/.server/db/schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "~/.server/db/client";
import { getPublishedBusiness, searchBusinesses, trendingBusinesses } from "~/features/directory/queries.server";
import { searchParamsSchema } from "~/features/directory/search-params";
import { addReviews, ALWAYS_9_TO_5, createBusiness, NEVER_OPEN, OPEN_24_7 } from "../support/factories";
import { createTestServices } from "../support/services";

let ctx: Awaited<ReturnType<typeof createTestServices>>;
const db = () => ctx.database.db;
const search = (params: Record<string, string>) => searchBusinesses(db(), searchParamsSchema.parse(params));
const names = (r: { items: { name: string }[] }) => r.items.map((i) => i.name);

beforeAll(async () => {
  ctx = await createTestServices();
  const d = db();
  const tony = await createBusiness(d, {
    name: "Tony's Pizza",
    cuisine: "italian",
    categories: ["Pizza", "Italian"],
    description: "Wood-fired pies and calzones.",
    priceRange: "$$",
    features: ["Delivery", "Outdoor Seating"],
    hours: OPEN_24_7,
  });
  await addReviews(d, tony.id, [5, 4, 5]);
  const slice = await createBusiness(d, {
    name: "Slice of Heaven",
    cuisine: "italian",
    categories: ["Italian"],
    description: "Neighborhood pizza by the slice and fresh pasta.",
    priceRange: "$",
    hours: NEVER_OPEN,
  });
  await addReviews(d, slice.id, [3, 4]);
  const beans = await createBusiness(d, {
    name: "Morning Beans",
    cuisine: "cafe",
    categories: ["Coffee", "Cafe"],
    description: "Espresso bar with pastries.",
    priceRange: "$",
    features: ["Wi-Fi"],
  });
  await addReviews(d, beans.id, [4]);
  await createBusiness(d, {
    name: "Golden Dragon",
    cuisine: "chinese",
    categories: ["Chinese"],
    description: "Dim sum and noodles; great pizza alternative.",
    priceRange: "$$$",
  });
  await createBusiness(d, {
    name: "Pipe Pros Plumbing",
    category: "services",
    subcategory: "plumbing",
    categories: ["Plumbing"],
    description: "Licensed plumbers, 24/7 emergency service.",
  });
  await createBusiness(d, {
    name: "Takeout Town",
    category: "entertainment",
    subcategory: "arcade",
    features: ["Takeout"],
  });
  await createBusiness(d, {
    name: "Smoky Barbecue Shack",
    category: "entertainment",
    description: "Brisket, ribs and bowling.",
  });
  await createBusiness(d, { name: "Hidden Pizza Draft", status: "pending", description: "Not public yet." });
  // Enough for pagination.
  for (let i = 0; i < 23; i++) {
    await createBusiness(d, {
      name: `Fix-It Shop ${String(i).padStart(2, "0")}`,
      category: "services",
      subcategory: "electrical",
      hours: ALWAYS_9_TO_5,
    });
  }
});
afterAll(async () => {
  await ctx.cleanup();
});

describe("search", () => {
  it("matches name, description, categories, cuisine and features, case-insensitively and partially", async () => {
    expect(names(await search({ q: "TONY" }))).toEqual(["Tony's Pizza"]);
    expect(names(await search({ q: "calzone" }))).toEqual(["Tony's Pizza"]); // description, stemmed
    expect(names(await search({ q: "espres" }))).toEqual(["Morning Beans"]); // partial
    expect(names(await search({ q: "coffee" }))).toEqual(["Morning Beans"]); // categories
    expect(names(await search({ q: "chinese" }))).toEqual(["Golden Dragon"]); // cuisine
    expect(names(await search({ q: "wi-fi" }))).toContain("Morning Beans"); // features
  });

  it("normalises hyphens, spaces and common spellings", async () => {
    for (const q of ["wifi", "WiFi", "wi fi", "Wi-Fi", "wireless internet"])
      expect(names(await search({ q })), q).toEqual(["Morning Beans"]);
    expect(names(await search({ q: "wifi espresso" }))).toEqual(["Morning Beans"]);
    expect(names(await search({ q: "woodfired" }))).toEqual([]); // no entry, no joined data: nothing invented
    expect(names(await search({ q: "wood-fired" }))).toEqual(["Tony's Pizza"]);
    expect(names(await search({ q: "wood fired" }))).toEqual(["Tony's Pizza"]);
    expect(names(await search({ q: "take out" }))).toEqual(["Takeout Town"]);
    expect(names(await search({ q: "carry-out" }))).toEqual(["Takeout Town"]);
    expect(names(await search({ q: "bbq" }))).toEqual(["Smoky Barbecue Shack"]);
  });

  it("ranks name matches first", async () => {
    const result = await search({ q: "pizza" });
    expect(names(result)[0]).toBe("Tony's Pizza");
    expect(names(result)).toEqual(expect.arrayContaining(["Slice of Heaven", "Golden Dragon"]));
    expect(names(result).indexOf("Slice of Heaven")).toBeGreaterThan(0);
  });

  it("tolerates typos", async () => {
    expect(names(await search({ q: "piza" }))).toContain("Tony's Pizza");
    expect(names(await search({ q: "Cofee" }))).toContain("Morning Beans");
    expect(names(await search({ q: "plumbr" }))).toContain("Pipe Pros Plumbing");
  });

  it("never returns unpublished listings", async () => {
    expect(names(await search({ q: "draft" }))).toEqual([]);
    expect((await search({})).items.every((i) => !i.name.includes("Draft"))).toBe(true);
  });

  it("treats LIKE wildcards in the text as literal characters", async () => {
    expect((await search({ q: "%" })).total).toBe(0);
    expect((await search({ q: "_" })).total).toBe(0);
  });

  it("filters by category, kind, minimum rating and price", async () => {
    expect(names(await search({ category: "services", kind: "plumbing" }))).toEqual(["Pipe Pros Plumbing"]);
    expect((await search({ category: "restaurants" })).total).toBe(4);
    expect(names(await search({ rating: "4.5" }))).toEqual(["Tony's Pizza"]);
    expect(names(await search({ category: "restaurants", price: "$" })).sort()).toEqual([
      "Morning Beans",
      "Slice of Heaven",
    ]);
    expect(names(await search({ category: "restaurants", price: "$,$$$" })).sort()).toEqual([
      "Golden Dragon",
      "Morning Beans",
      "Slice of Heaven",
    ]);
  });

  it("applies Open Now in each business's time zone", async () => {
    const open = names(await search({ category: "restaurants", open: "1" }));
    expect(open).toContain("Tony's Pizza"); // open 24/7
    expect(open).not.toContain("Slice of Heaven"); // never open
  });

  it("sorts by rating, review count and newest", async () => {
    expect(names(await search({ category: "restaurants", sort: "rating" })).slice(0, 3)).toEqual([
      "Tony's Pizza",
      "Morning Beans",
      "Slice of Heaven",
    ]);
    expect(names(await search({ category: "restaurants", sort: "reviews" })).slice(0, 2)).toEqual([
      "Tony's Pizza",
      "Slice of Heaven",
    ]);
    expect(names(await search({ category: "restaurants", sort: "newest" }))[0]).toBe("Golden Dragon");
  });

  it("paginates 20 per page with the total count", async () => {
    const first = await search({ category: "services", kind: "electrical" });
    expect(first.total).toBe(23);
    expect(first.items).toHaveLength(20);
    expect(first.pageCount).toBe(2);
    const second = await search({ category: "services", kind: "electrical", page: "2" });
    expect(second.items).toHaveLength(3);
    const all = [...first.items, ...second.items].map((i) => i.id);
    expect(new Set(all).size).toBe(23);
  });

  it("returns card data: cover image slot, rating, open status", async () => {
    const [card] = (await search({ q: "tony" })).items;
    expect(card).toMatchObject({
      name: "Tony's Pizza",
      rating: 14 / 3,
      reviewCount: 3,
      image: null,
      openStatus: { isOpen: true },
    });
  });

  it("rejects bad parameters naming the field", () => {
    const bad = searchParamsSchema.safeParse({ rating: "9", category: "no-such-category", page: "0", price: "cheap" });
    expect(bad.success).toBe(false);
    const fields = bad.error!.issues.map((i) => i.path[0]);
    expect(fields).toEqual(expect.arrayContaining(["rating", "category", "page", "price"]));
  });
});

describe("open_minutes follows business_hours", () => {
  it("after hours are inserted, updated and deleted", async () => {
    const shop = await createBusiness(db(), { name: "Flip Flop Shop", category: "shopping", hours: NEVER_OPEN });
    const isOpen = async () => names(await search({ category: "shopping", open: "1" })).includes("Flip Flop Shop");
    expect(await isOpen()).toBe(false);
    await db()
      .update(businessHours)
      .set({ openTime: "00:00", closeTime: "24:00", isClosed: false })
      .where(eq(businessHours.businessId, shop.id));
    expect(await isOpen()).toBe(true);
    await db().delete(businessHours).where(eq(businessHours.businessId, shop.id));
    expect(await isOpen()).toBe(false);
    await db()
      .insert(businessHours)
      .values(OPEN_24_7.map((h) => ({ businessId: shop.id, day: h.day, openTime: h.open, closeTime: h.close })));
    expect(await isOpen()).toBe(true);
  });
});

describe("near_is_open() in SQL agrees with openStatus()", () => {
  it("for past-midnight hours and special dates", async () => {
    const bar = await createBusiness(db(), {
      name: "Night Owl Bar",
      timezone: "UTC",
      hours: Array.from({ length: 7 }, (_, day) => ({ day, open: "20:00", close: "02:00" })),
      special: [{ date: "2026-12-25", isClosed: true }],
    });
    const check = async (iso: string) => {
      const [row] = await queryRows<{ open: boolean }>(
        db(),
        sql`select near_is_open(${bar.id}, 'UTC', ${iso}::timestamptz) as open`,
      );
      return row?.open;
    };
    expect(await check("2026-11-18T21:00:00Z")).toBe(true);
    expect(await check("2026-11-19T01:30:00Z")).toBe(true); // from the evening before
    expect(await check("2026-11-19T02:30:00Z")).toBe(false);
    expect(await check("2026-12-25T21:00:00Z")).toBe(false); // holiday closure
    expect(await check("2026-12-26T01:00:00Z")).toBe(false); // the closed day does not spill over
  });
});

describe("business detail and trending", () => {
  it("finds a published business by id or slug, with hours and visible reviews", async () => {
    const [tony] = (await search({ q: "tony" })).items;
    const byId = await getPublishedBusiness(db(), tony!.id);
    expect(byId?.hours).toHaveLength(7);
    expect(byId?.reviews).toHaveLength(3);
    expect((await getPublishedBusiness(db(), tony!.slug))?.id).toBe(tony!.id);
  });

  it("answers null for unknown, malformed and unpublished ids", async () => {
    expect(await getPublishedBusiness(db(), "00000000-0000-4000-8000-000000000000")).toBeNull();
    expect(await getPublishedBusiness(db(), "not a valid id!")).toBeNull();
    expect(await getPublishedBusiness(db(), "'; drop table businesses; --")).toBeNull();
    const [hidden] = await queryRows<{ id: string }>(
      db(),
      sql`select id from businesses where status = 'pending' limit 1`,
    );
    expect(await getPublishedBusiness(db(), hidden!.id)).toBeNull();
  });

  it("puts the most viewed and reviewed businesses of the last 30 days first, whatever their plan", async () => {
    const [dragon] = (await search({ q: "golden dragon" })).items;
    // Thirty visitors today.
    await ctx.database.db.execute(
      sql`insert into page_views (path, name, business_id, visitor_id) select '/business/x', 'Business', ${dragon!.id}::uuid, 'visitor-' || n from generate_series(1, 30) n`,
    );
    expect((await trendingBusinesses(db(), 3))[0]?.name).toBe("Golden Dragon");
    const [beans] = (await search({ q: "morning beans" })).items;
    // Trending is earned: a Premium plan buys the Sponsored row (priority-listing.test.ts), not this one.
    await ctx.database.db.execute(sql`update businesses set plan = 'premium' where id = ${beans!.id}`);
    expect((await trendingBusinesses(db(), 3))[0]?.name).toBe("Golden Dragon");
    await ctx.database.db.execute(sql`update businesses set plan = 'basic' where id = ${beans!.id}`);
  });

  it("counts a visitor once a day, and neither anonymous loops nor views older than 30 days", async () => {
    const [slice] = (await search({ q: "slice of heaven" })).items;
    const [dragon] = (await search({ q: "golden dragon" })).items;
    // 500 views by one visitor today, 500 without a visitor id, 500 by many visitors 40 days ago.
    await ctx.database.db.execute(
      sql`insert into page_views (path, name, business_id, visitor_id) select '/business/x', 'Business', ${slice!.id}::uuid, 'looper' from generate_series(1, 500)`,
    );
    await ctx.database.db.execute(
      sql`insert into page_views (path, name, business_id) select '/business/x', 'Business', ${slice!.id}::uuid from generate_series(1, 500)`,
    );
    await ctx.database.db.execute(
      sql`insert into page_views (path, name, business_id, visitor_id, created_at) select '/business/x', 'Business', ${slice!.id}::uuid, 'old-' || n, now() - interval '40 days' from generate_series(1, 500) n`,
    );
    const names = (await trendingBusinesses(db(), 10)).map((b) => b.name);
    expect(names.indexOf("Golden Dragon")).toBeLessThan(names.indexOf("Slice of Heaven"));
    // The same visitor on 31 different days counts 31 times (a real regular), ahead of Golden Dragon's 30.
    await ctx.database.db.execute(
      sql`insert into page_views (path, name, business_id, visitor_id, created_at) select '/business/x', 'Business', ${slice!.id}::uuid, 'regular', now() - make_interval(hours => n * 23) from generate_series(0, 30) n`,
    );
    const later = (await trendingBusinesses(db(), 10)).map((b) => b.name);
    expect(later.indexOf("Slice of Heaven")).toBeLessThan(later.indexOf("Golden Dragon"));
    expect(dragon).toBeDefined();
  });
});
