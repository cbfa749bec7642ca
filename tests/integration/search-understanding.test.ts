import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SearchResult } from "~/features/directory/types";
import { createApp } from "../../server/http/app";
import { createBusiness } from "../support/factories";
import { createTestServices } from "../support/services";

/**
 * Issue 35's failure classes, each through the public API as a visitor sends it: words for what a business is, a
 * place without a radius, a word inside another word, quality between equally relevant answers, synonyms and typos.
 */
let ctx: Awaited<ReturnType<typeof createTestServices>>;
let app: ReturnType<typeof createApp>;

const PHOENIX = { city: "Phoenix", state: "AZ", zip: "85004", timezone: "America/Phoenix" };
const PHILLY = { city: "Philadelphia", state: "PA", zip: "19103", timezone: "America/New_York" };
const at = (place: typeof PHOENIX, lat: number, lng: number) => ({ ...place, latitude: lat, longitude: lng });

beforeAll(async () => {
  ctx = await createTestServices({ PAGE_CACHE_SECONDS: "0", SITE_CITY: "Phoenix", SITE_STATE: "AZ" });
  app = createApp({ services: ctx.services });
  const db = ctx.database.db;
  const phx = at(PHOENIX, 33.4484, -112.074);
  const nearPhx = at({ ...PHOENIX, city: "Tempe", zip: "85281" }, 33.4255, -111.94);
  const phl = at(PHILLY, 39.9526, -75.1652);
  await createBusiness(db, {
    name: "Desert Slice",
    cuisine: "pizza",
    description: "Pizza by the slice.",
    ...phx,
    rating: 3.9,
    reviewCount: 40,
  });
  await createBusiness(db, {
    name: "Tempe Pie Co",
    cuisine: "pizza",
    description: "Wood-fired pizza.",
    ...nearPhx,
    rating: 4.1,
    reviewCount: 12,
  });
  // The best-rated pizzeria in the country, far away.
  await createBusiness(db, {
    name: "Liberty Pizza",
    cuisine: "pizza",
    description: "Pizza and cheesesteaks.",
    ...phl,
    rating: 5,
    reviewCount: 900,
  });
  await createBusiness(db, {
    name: "Copper Mug Coffee",
    cuisine: "cafe",
    description: "Espresso and pastries.",
    ...phx,
    rating: 4.2,
    reviewCount: 30,
  });
  await createBusiness(db, {
    name: "Golden Wok",
    cuisine: "chinese",
    description: "Dumplings and noodles.",
    ...phx,
    rating: 4,
    reviewCount: 25,
  });
  await createBusiness(db, {
    name: "Sun Devil Auto Repair",
    // Auto repair is in the Automotive group of the category tree (issue 34).
    category: "automotive",
    primaryCategory: "auto-repair",
    description: "Brakes and oil changes.",
    ...phx,
  });
  await createBusiness(db, {
    name: "Valley Plumbing",
    category: "services",
    subcategory: "plumbing",
    description: "Leaks fixed fast.",
    ...phx,
  });
  // "bar": one bar, and three names that only contain the letters.
  await createBusiness(db, {
    name: "Smokey Bar-B-Q",
    cuisine: "american",
    description: "Brisket and ribs.",
    ...phx,
    rating: 4.9,
    reviewCount: 300,
  });
  await createBusiness(db, {
    name: "Barbara's Boutique",
    category: "shopping",
    subcategory: "clothing",
    ...phx,
    rating: 5,
    reviewCount: 200,
  });
  await createBusiness(db, {
    name: "The Corner Bar",
    cuisine: "american",
    description: "Cocktails and beer.",
    features: ["Full Bar"],
    ...phx,
    rating: 3.8,
    reviewCount: 20,
  });
  // Equally relevant, one review against four hundred.
  await createBusiness(db, {
    name: "Saguaro Tacos",
    cuisine: "mexican",
    description: "Tacos al pastor.",
    ...phx,
    rating: 5,
    reviewCount: 1,
  });
  await createBusiness(db, {
    name: "Sonoran Tacos",
    cuisine: "mexican",
    description: "Tacos al pastor.",
    ...phx,
    rating: 4.7,
    reviewCount: 400,
  });
});
afterAll(() => ctx.cleanup());

async function search(query: string) {
  const res = await app.request(`/api/v1/businesses?${query}`);
  expect(res.status, query).toBe(200);
  return (await res.json()) as SearchResult;
}
const names = (r: SearchResult) => r.items.map((i) => i.name);

describe("words for what a business is", () => {
  it("a category word finds the category, with no words left to match", async () => {
    const r = await search("q=restaurants");
    expect(r.understood).toMatchObject({ category: "restaurants", text: "" });
    expect(r.items.length).toBeGreaterThanOrEqual(6);
    expect(r.items.every((i) => i.category === "restaurants")).toBe(true);
  });

  it("a kind and its synonyms: chinese food, coffee shop, mechanic, a typo", async () => {
    expect(names(await search("q=chinese+food"))).toEqual(["Golden Wok"]);
    expect(names(await search("q=coffee+shop"))).toEqual(["Copper Mug Coffee"]);
    expect(names(await search("q=a+mechanic"))).toEqual(["Sun Devil Auto Repair"]);
    expect(names(await search("q=plumbr"))).toEqual(["Valley Plumbing"]);
  });

  it("an explicit filter wins: the words are searched as typed", async () => {
    const r = await search("q=plumbing&category=services&kind=electrical");
    expect(r.understood).toBeUndefined();
    expect(r.items).toEqual([]);
  });

  it("a name that holds a quality word is still found (the words as typed, when understanding finds nothing)", async () => {
    expect(names(await search("q=best+bar-b-q"))).toContain("Smokey Bar-B-Q");
  });
});

describe("a place without a radius keeps to its area", () => {
  it("pizza near Phoenix lists Phoenix's and Tempe's, not Philadelphia's best rated", async () => {
    const r = await search("q=pizza&near=Phoenix%2C+AZ");
    expect(names(r).sort()).toEqual(["Desert Slice", "Tempe Pie Co"]);
    expect(r.area).toEqual({ radius: 25, widened: false });
  });

  it("a place in the text works the same way, and the site's city named in the text is just the default", async () => {
    const r = await search("q=pizza+in+Philadelphia");
    expect(r.understood).toMatchObject({ near: "Philadelphia", category: "pizza", text: "" });
    expect(names(r)).toEqual(["Liberty Pizza"]);
    // Phoenix is the site's city: a search without a place runs there already (the city itself, docs/search.md).
    expect(names(await search("q=pizza+phoenix"))).toEqual(["Desert Slice"]);
  });

  it("widens when nothing matches nearby, and says so", async () => {
    const r = await search("q=cheesesteaks&near=Phoenix%2C+AZ");
    expect(names(r)).toEqual(["Liberty Pizza"]);
    expect(r.area).toEqual({ radius: null, widened: true });
  });

  it("an explicit radius is the visitor's own", async () => {
    const r = await search("q=pizza&near=Phoenix%2C+AZ&radius=5");
    expect(names(r)).toEqual(["Desert Slice"]);
    expect(r.area).toBeUndefined();
  });
});

describe("ranking", () => {
  it("a word as a word in the name beats the same letters inside another word", async () => {
    const r = await search("q=bar");
    expect(names(r)[0]).toBe("The Corner Bar");
  });

  it("quality breaks ties between equally relevant answers: 400 reviews at 4.7 before one at 5", async () => {
    expect(names(await search("q=tacos+al+pastor"))).toEqual(["Sonoran Tacos", "Saguaro Tacos"]);
  });
});
