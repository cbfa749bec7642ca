import { afterAll, beforeAll, expect, it } from "vitest";
import { createBusiness } from "../support/factories";
import { pagesApp } from "../support/page-app";
import { createTestServices } from "../support/services";

/**
 * Issue 40, defect 16: fuzzy answers — the text inside a longer word of a description ("otto" in "bottomless"), or a
 * near spelling — come after every exact answer, and only while the exact answers are few (fewer than five).
 */

const ORIGIN = "http://near.test";
let ctx: Awaited<ReturnType<typeof createTestServices>>;
let app: Awaited<ReturnType<typeof pagesApp>>;

beforeAll(async () => {
  ctx = await createTestServices({ PUBLIC_URL: ORIGIN });
  const db = ctx.database.db;
  // "lumo": five exact answers (the word in the name or the description) and a Premium listing with it inside "salumoria".
  for (let i = 1; i <= 3; i++) await createBusiness(db, { name: `Lumo Lamps ${i}`, category: "shopping" });
  await createBusiness(db, { name: "Bright Corner", category: "shopping", description: "Lumo bulbs and shades." });
  await createBusiness(db, { name: "Glow Works", category: "shopping", description: "Every lumo fitting in stock." });
  await createBusiness(db, {
    name: "Corner Deli",
    category: "restaurants",
    description: "A salumoria: cured meats and sandwiches.",
    plan: "premium",
    rating: 5,
    reviewCount: 80,
  });
  // "ember": one exact answer (a word of the description) and a Premium listing with it inside "remembered".
  await createBusiness(db, { name: "Smoke Pit", description: "Brisket slow-cooked over ember coals.", rating: 3 });
  await createBusiness(db, {
    name: "Memory Lane Diner",
    description: "The pie your grandmother remembered.",
    plan: "premium",
    rating: 5,
    reviewCount: 120,
  });
  app = await pagesApp(ctx.services);
}, 120_000);
afterAll(async () => {
  await ctx?.cleanup();
});

async function search(q: string) {
  const res = await app.request(`${ORIGIN}/api/v1/businesses?q=${encodeURIComponent(q)}`);
  expect(res.status).toBe(200);
  const body = (await res.json()) as { items: { name: string }[]; total: number };
  return body.items.map((b) => b.name);
}

it("with five exact answers, a word that only holds the text is left out", async () => {
  const names = await search("lumo");
  expect(names).toHaveLength(5);
  expect(names).not.toContain("Corner Deli");
});

it("with few exact answers, the fuzzy ones come after them, Premium or not", async () => {
  expect(await search("ember")).toEqual(["Smoke Pit", "Memory Lane Diner"]);
});
