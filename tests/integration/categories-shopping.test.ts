import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadShopping } from "~/routes/categories-shopping.server";
import { addReviews, createBusiness } from "../support/factories";
import { categoriesHarness, names } from "./categories-support";

/** /categories/shopping: real shops, filtered, sorted and paged on the server (issue 9). */
let h: Awaited<ReturnType<typeof categoriesHarness>>;
const shop = (path = "") => h.load(loadShopping, `/categories/shopping${path}`);

beforeAll(async () => {
  h = await categoriesHarness();
  const db = h.db;
  const threads = await createBusiness(db, {
    name: "Threadline Boutique",
    category: "shopping",
    subcategory: "clothing",
    description: "Independent labels and personal styling.",
  });
  await addReviews(db, threads.id, [5, 5]);
  const vintage = await createBusiness(db, {
    name: "Second Story Vintage",
    category: "shopping",
    subcategory: "clothing",
    plan: "premium",
    description: "Curated vintage denim.",
  });
  await addReviews(db, vintage.id, [3]);
  await createBusiness(db, { name: "Heirloom Jewelers", category: "shopping", subcategory: "jewelry" });
  await createBusiness(db, { name: "Paper Lantern Gifts", category: "shopping", subcategory: "gifts" });
  await createBusiness(db, { name: "Spoke & Chain Bicycles", category: "shopping", subcategory: "sports" });
  await createBusiness(db, {
    name: "Pending Boutique",
    category: "shopping",
    subcategory: "clothing",
    status: "pending",
  });
  await createBusiness(db, { name: "Clothing Repair Cafe", category: "restaurants", cuisine: "cafe" });
  for (let i = 0; i < 22; i++)
    await createBusiness(db, {
      name: `Home Store ${String(i).padStart(2, "0")}`,
      category: "shopping",
      subcategory: "home",
      rating: 4,
    });
});
afterAll(async () => {
  await h.cleanup();
});

describe("Shopping Near You", () => {
  it("lists published shops only, Premium first among equal matches, 12 at a time (full rows)", async () => {
    const all = await shop();
    expect(all.total).toBe(27);
    expect(all.stores).toHaveLength(12);
    expect(all.hasMore).toBe(true);
    expect(all.stores[0]!.name).toBe("Second Story Vintage"); // Premium, though rated 3.0
    expect(all.stores[1]!.name).toBe("Threadline Boutique"); // then the best rated
    expect(all.stores.every((s) => s.category === "shopping")).toBe(true);
    expect(names(all.stores)).not.toContain("Pending Boutique");
    expect(all.filters).toEqual({ q: "", category: "all", page: 1 });
  });

  it("filters by each of the spec's four categories", async () => {
    expect(names((await shop("?category=clothing")).stores)).toEqual(["Second Story Vintage", "Threadline Boutique"]);
    expect(names((await shop("?category=jewelry")).stores)).toEqual(["Heirloom Jewelers"]);
    expect(names((await shop("?category=gifts")).stores)).toEqual(["Paper Lantern Gifts"]);
    const home = await shop("?category=home");
    expect(home.total).toBe(22);
    expect(home.stores.every((s) => s.subcategory === "home")).toBe(true);
  });

  it("shops of other kinds (a bike shop) show under All Categories", async () => {
    const all = await shop("?page=3");
    expect(names(all.stores)).toContain("Spoke & Chain Bicycles");
  });

  it("searches name and description, within shopping only", async () => {
    expect(names((await shop("?q=denim")).stores)).toEqual(["Second Story Vintage"]);
    expect(names((await shop("?q=clothing+repair")).stores)).toEqual([]);
    expect(names((await shop("?q=vintage&category=jewelry")).stores)).toEqual([]);
  });

  it("Load More: ?page=2 shows the first 24, ?page=3 all 27 and ends the list", async () => {
    const two = await shop("?page=2");
    expect(two.stores).toHaveLength(24);
    expect(two.hasMore).toBe(true);
    expect(names(two.stores.slice(0, 12))).toEqual(names((await shop()).stores));
    const three = await shop("?page=3");
    expect(three.stores).toHaveLength(27);
    expect(three.hasMore).toBe(false);
    expect(three.filters.page).toBe(3);
    // Filters carry through: the home stores' second page (all 22 of them).
    const home = await shop("?category=home&page=2");
    expect(home.stores).toHaveLength(22);
    expect(home.stores.every((s) => s.subcategory === "home")).toBe(true);
  });

  it("bad values fall back instead of failing the page", async () => {
    const bad = await shop("?category=toys&page=-3&q=%00%01");
    expect(bad.filters).toEqual({ q: "", category: "all", page: 1 });
    expect(bad.total).toBe(27);
    expect((await shop("?page=999")).filters.page).toBe(16); // 200 shown at most: 16 pages of 12
  });
});
