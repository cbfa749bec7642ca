import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadRestaurants } from "~/routes/categories-restaurants.server";
import { addReviews, createBusiness, NEVER_OPEN, OPEN_24_7 } from "../support/factories";
import { categoriesHarness, names } from "./categories-support";

/** /categories/restaurants: every control filters on the server (issue 9). */
let h: Awaited<ReturnType<typeof categoriesHarness>>;
const restaurants = (path = "") => h.load(loadRestaurants, `/categories/restaurants${path}`);
const found = async (path: string) => names((await restaurants(path)).restaurants);

beforeAll(async () => {
  h = await categoriesHarness();
  const db = h.db;
  const bella = await createBusiness(db, {
    name: "Bella Notte",
    cuisine: "italian",
    priceRange: "$$$",
    features: ["Reservations", "Full Bar", "Outdoor Seating"],
    description: "Handmade pasta and osso buco.",
    hours: OPEN_24_7,
  });
  await addReviews(db, bella.id, [5, 5, 4]);
  const dragon = await createBusiness(db, {
    name: "Golden Dragon",
    cuisine: "chinese",
    priceRange: "$$",
    features: ["Takeout", "Delivery"],
    hours: NEVER_OPEN,
  });
  await addReviews(db, dragon.id, [4, 4]);
  const taco = await createBusiness(db, {
    name: "El Sol Taqueria",
    cuisine: "mexican",
    priceRange: "$",
    features: ["Takeout", "Outdoor Seating"],
    plan: "premium",
    hours: OPEN_24_7,
  });
  await addReviews(db, taco.id, [3]);
  // Closed all week, so "Open Now" doesn't depend on the hour the test runs at.
  await createBusiness(db, {
    name: "Taj Spice",
    cuisine: "indian",
    priceRange: "$$",
    features: ["Takeout"],
    hours: NEVER_OPEN,
  });
  await createBusiness(db, {
    name: "Morning Ritual",
    cuisine: "cafe",
    priceRange: "$",
    features: ["Wi-Fi"],
    hours: NEVER_OPEN,
  });
  await createBusiness(db, { name: "Pending Pasta", cuisine: "italian", status: "pending" });
  await createBusiness(db, { name: "Italian Tailor", category: "shopping", subcategory: "clothing" });
});
afterAll(async () => {
  await h.cleanup();
});

describe("Restaurants Near You", () => {
  it("lists published restaurants, Premium first, then the best rated", async () => {
    const r = await restaurants();
    // Equal ratings (none yet) keep a stable order by id.
    expect(names(r.restaurants).slice(0, 3)).toEqual(["El Sol Taqueria", "Bella Notte", "Golden Dragon"]);
    expect(names(r.restaurants).slice(3).sort()).toEqual(["Morning Ritual", "Taj Spice"]);
    expect(r.total).toBe(5);
    expect(r.hasMore).toBe(false);
  });

  it("offers the spec's cuisines, then any other cuisine present, and filters by each", async () => {
    const r = await restaurants();
    expect(r.cuisines.map((c) => c.label)).toEqual([
      "All Cuisines",
      "Italian",
      "Chinese",
      "Mexican",
      "Indian",
      "Cafe & Coffee",
    ]);
    expect(await found("?cuisine=italian")).toEqual(["Bella Notte"]);
    expect(await found("?cuisine=chinese")).toEqual(["Golden Dragon"]);
    expect(await found("?cuisine=mexican")).toEqual(["El Sol Taqueria"]);
    expect(await found("?cuisine=indian")).toEqual(["Taj Spice"]);
    expect(await found("?cuisine=cafe")).toEqual(["Morning Ritual"]);
    // A cuisine nobody has is not offered, and falls back to all.
    expect((await restaurants("?cuisine=bakery")).filters.cuisine).toBe("all");
  });

  it("searches as the spec says (name or description), within restaurants only", async () => {
    expect(await found("?q=osso")).toEqual(["Bella Notte"]);
    expect(await found("?q=italian+tailor")).toEqual([]);
  });

  it("Open Now uses each business's hours", async () => {
    expect((await found("?open=1")).sort()).toEqual(["Bella Notte", "El Sol Taqueria"]);
  });

  it("the minimum rating is at-least", async () => {
    expect(await found("?rating=4")).toEqual(["Bella Notte", "Golden Dragon"]);
    expect(await found("?rating=4.5")).toEqual(["Bella Notte"]);
    expect(await found("?rating=3")).toEqual(["El Sol Taqueria", "Bella Notte", "Golden Dragon"]);
  });

  it("More Filters: price range and features (every chosen feature)", async () => {
    expect(await found("?price=%24")).toEqual(["El Sol Taqueria", "Morning Ritual"]);
    expect(await found("?price=%24%24")).toEqual(["Golden Dragon", "Taj Spice"]);
    expect(await found("?feature=Takeout")).toEqual(["El Sol Taqueria", "Golden Dragon", "Taj Spice"]);
    expect(await found("?feature=Takeout&feature=Outdoor+Seating")).toEqual(["El Sol Taqueria"]);
    expect(await found("?feature=Wi-Fi")).toEqual(["Morning Ritual"]);
  });

  it("combines every filter", async () => {
    expect(await found("?cuisine=mexican&open=1&rating=3&price=%24&feature=Takeout")).toEqual(["El Sol Taqueria"]);
    expect(await found("?cuisine=mexican&rating=4")).toEqual([]);
  });

  it("bad values fall back to all; unknown features are dropped", async () => {
    const r = await restaurants("?rating=9&price=cheap&feature=Helipad&feature=Takeout&feature=Takeout&open=yes");
    expect(r.filters).toMatchObject({ rating: "all", price: "all", features: ["Takeout"], open: false });
    expect(names(r.restaurants)).toEqual(["El Sol Taqueria", "Golden Dragon", "Taj Spice"]);
  });

  it("a restaurant with no reviews comes with reviewCount 0 (the card says New)", async () => {
    const taj = (await restaurants("?cuisine=indian")).restaurants[0]!;
    expect(taj).toMatchObject({ reviewCount: 0, rating: 0, image: null });
  });

  it("the API filters by features (comma-separated, every one)", async () => {
    const res = await h.app.request("/api/v1/businesses?category=restaurants&features=Takeout,Outdoor%20Seating");
    expect(res.status).toBe(200);
    expect(((await res.json()) as { items: { name: string }[] }).items.map((i) => i.name)).toEqual(["El Sol Taqueria"]);
    const tooMany = await h.app.request("/api/v1/businesses?features=a,b,c,d,e,f");
    expect(tooMany.status).toBe(400);
  });
});

describe("map area and Near me on the category page (issue 14)", () => {
  // Last in the file: the far-away restaurant would otherwise join the lists above.
  beforeAll(async () => {
    await createBusiness(h.db, { name: "Faraway Bistro", cuisine: "french", latitude: 41, longitude: -88 });
  });

  it("Search this area: ?bbox= keeps only the restaurants inside the map's box", async () => {
    expect(await found("?bbox=-88.01,40.99,-87.99,41.01")).toEqual(["Faraway Bistro"]);
  });

  it("Near me: a position and radius keep the near ones, nearest first, each with its distance", async () => {
    const r = await restaurants("?lat=41.001&lng=-88&radius=1&sort=distance");
    expect(names(r.restaurants)).toEqual(["Faraway Bistro"]);
    expect(r.restaurants[0]!.distanceMiles).toBeCloseTo(0.07, 1);
    expect(r.nearMe.origin).toMatchObject({ lat: 41.001, lng: -88, radius: 1 });
  });
});
