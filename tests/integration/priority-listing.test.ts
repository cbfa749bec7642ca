import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/http/app";
import { createBusiness } from "../support/factories";
import { documentOf, pagesApp, textOf } from "../support/page-app";
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
  const make = (name: string, plan: "basic" | "premium", rating: string, reviewCount: number, extra = {}) =>
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
  await make("Juniper Table", "basic", "4.90", 240);
  await make("Juniper Room", "premium", "3.60", 4);
  // Inside a longer word of the name: the next tier.
  await make("Juniperos Deli", "basic", "4.00", 30);
  // Only the description: the last tier, Premium or not.
  await make("Harbor Grill", "premium", "4.95", 500, { description: "Ribs smoked over juniper wood." });
  // A category without words: every match as relevant as the next.
  await make("Bright Smile Dental", "basic", "5.00", 80, { category: "health", primaryCategory: "dentists" });
  await make("Crown Dental Studio", "premium", "3.20", 6, { category: "health", primaryCategory: "dentists" });
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
