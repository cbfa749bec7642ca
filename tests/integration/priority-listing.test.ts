import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SPONSORED_ROTATION_MS, SPONSORED_SLOTS, sponsoredRotation } from "~/features/directory/queries.server";
import Home from "~/routes/home";
import { loadHome } from "~/routes/home.server";
import { createApp } from "../../server/http/app";
import { createBusiness } from "../support/factories";
import { documentOf, pagesApp, textOf } from "../support/page-app";
import { renderPage, visibleText } from "../support/render-page";
import { createTestServices } from "../support/services";

/**
 * Premium's "priority listing" (the pricing page; issue 36, docs/search.md): on "best match" a Premium listing leads
 * the answers that are as relevant as it is — the same tier of text match, or every match of a search without words
 * — and never passes a better tier; an explicit sort is the visitor's own. The same ranking answers the API, the
 * search page and the category pages, and a Premium answer is always marked.
 */
let ctx: Awaited<ReturnType<typeof createTestServices>>;
let app: ReturnType<typeof createApp>;
let pages: Awaited<ReturnType<typeof pagesApp>>;

beforeAll(async () => {
  ctx = await createTestServices({ PUBLIC_URL: "http://near.test" });
  app = createApp({ services: ctx.services });
  pages = await pagesApp(ctx.services);
  const db = ctx.database.db;
  const make = (name: string, plan: "basic" | "premium", rating: number, reviewCount: number, extra = {}) =>
    createBusiness(db, {
      name,
      plan,
      rating,
      reviewCount,
      description: "A neighbourhood place.",
      latitude: 39.8,
      longitude: -89.65,
      ...extra,
    });
  // Words of the name: the best tier.
  await make("Juniper Table", "basic", 4.9, 240);
  await make("Juniper Room", "premium", 3.6, 4);
  // Inside a longer word of the name: the next tier.
  await make("Juniperos Deli", "basic", 4.0, 30);
  // Only the description: the last tier, Premium or not.
  await make("Harbor Grill", "premium", 4.95, 500, { description: "Ribs smoked over juniper wood." });
  // A category without words: every match as relevant as the next.
  await make("Bright Smile Dental", "basic", 5.0, 80, { category: "health", primaryCategory: "dentists" });
  await make("Crown Dental Studio", "premium", 3.2, 6, { category: "health", primaryCategory: "dentists" });
  // For the Sponsored row: two more Premium listings here, and Premium ones it never shows.
  await make("Lakeside Florist", "premium", 4.1, 12, { category: "shopping", primaryCategory: "florists" });
  await make("Maple Books", "premium", 4.4, 20, { category: "shopping", primaryCategory: "bookstores" });
  await make("Windy City Premium", "premium", 5, 900, { city: "Chicago", latitude: 41.88, longitude: -87.63 });
  await make("Pending Premium", "premium", 5, 900, { status: "pending" });
}, 60_000);
afterAll(async () => {
  await ctx.cleanup();
});

async function names(query: string) {
  const res = await app.request(`/api/v1/businesses?${query}`);
  expect(res.status).toBe(200);
  const body = (await res.json()) as { items: { name: string; plan: string }[] };
  return body.items;
}

describe("priority listing", () => {
  it("leads its tier of text relevance, never a better tier", async () => {
    const items = await names("q=juniper");
    expect(items.map((i) => i.name)).toEqual(["Juniper Room", "Juniper Table", "Juniperos Deli", "Harbor Grill"]);
    // Marked wherever it is shown: the answer names the plan (the cards show its badge).
    expect(items.find((i) => i.name === "Juniper Room")?.plan).toBe("premium");
  });

  it("leads a search without words, and an explicit sort is the visitor's own", async () => {
    expect((await names("category=dentists")).map((i) => i.name)).toEqual([
      "Crown Dental Studio",
      "Bright Smile Dental",
    ]);
    expect((await names("category=dentists&sort=rating")).map((i) => i.name)).toEqual([
      "Bright Smile Dental",
      "Crown Dental Studio",
    ]);
    expect((await names("q=juniper&sort=rating")).map((i) => i.name)[0]).toBe("Harbor Grill");
  });

  it("the category page ranks alike and marks the Premium card", async () => {
    const doc = await documentOf(await pages.request("http://near.test/categories/dentists"));
    const cards = doc.querySelectorAll("li[data-business-id]");
    expect(cards.map((c) => textOf(c.querySelector("h3") ?? c))).toEqual([
      "Crown Dental Studio",
      "Bright Smile Dental",
    ]);
    expect(textOf(cards[0]!.querySelector('[data-testid="plan-badge"]'))).toContain("Premium");
    expect(cards[1]!.querySelector('[data-testid="plan-badge"]')).toBeNull();
  });
});

describe("homepage exposure", () => {
  const inCity = ["Crown Dental Studio", "Harbor Grill", "Juniper Room", "Lakeside Florist", "Maple Books"];
  const homeAt = (ms: number) => {
    const context = { ...ctx.services, db: ctx.database.db, clock: { now: () => new Date(ms) } } as AppLoadContext;
    return loadHome(context);
  };

  it("shows the site city's Premium listings in turn, each equally often, and no others", async () => {
    const shown = new Map<string, number>();
    // Five rotations: every one of the five is shown three times (SPONSORED_SLOTS), whatever its rating.
    for (let window = 0; window < inCity.length; window++) {
      const home = await homeAt(Date.UTC(2026, 10, 28) + window * SPONSORED_ROTATION_MS);
      expect(home.sponsored).toHaveLength(SPONSORED_SLOTS);
      for (const b of home.sponsored) shown.set(b.name, (shown.get(b.name) ?? 0) + 1);
    }
    expect([...shown.keys()].sort()).toEqual(inCity);
    expect(new Set(shown.values())).toEqual(new Set([SPONSORED_SLOTS]));
  });

  it("is marked Sponsored on the home page, and trending stays earned", async () => {
    const home = await homeAt(Date.UTC(2026, 10, 28));
    const html = await renderPage(Home, {
      request: new Request("http://near.test/"),
      context: { ...ctx.services, db: ctx.database.db } as AppLoadContext,
      loaderData: home,
      path: "/",
    });
    const text = visibleText(html);
    expect(text).toContain("Sponsored in Springfield");
    expect(html.match(/data-testid="sponsored-badge"/g)).toHaveLength(SPONSORED_SLOTS);
    for (const b of home.sponsored) expect(text).toContain(b.name);
  });

  it("rotates fairly for any number of listings", () => {
    const at = (w: number) => new Date(w * SPONSORED_ROTATION_MS);
    expect(sponsoredRotation(0, 3, at(0))).toEqual([]);
    expect(sponsoredRotation(2, 3, at(7))).toEqual([1, 0]);
    for (const count of [1, 4, 7, 10]) {
      const seen = Array.from<number>({ length: count }).fill(0);
      for (let w = 0; w < count; w++) for (const i of sponsoredRotation(count, 3, at(w))) seen[i]! += 1;
      expect(new Set(seen), `${count} listings`).toEqual(new Set([Math.min(3, count)]));
    }
  });
});
