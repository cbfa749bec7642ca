import type { HTMLElement } from "node-html-parser";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createBusiness } from "../support/factories";
import { documentOf, pagesApp, textOf } from "../support/page-app";
import { createTestServices } from "../support/services";

/**
 * /search as a browser's first request gets it (moved from e2e/search.spec.ts, issue 39): the page lists what the
 * API finds for a spelling of the same word, ignores bad parameters with a notice, and shows the empty state. The
 * browser keeps what runs in the page (typing, the filters, back and forward, the spinner, the toasts, no-JavaScript
 * forms).
 */

const ORIGIN = "http://near.test";
let ctx: Awaited<ReturnType<typeof createTestServices>>;
let app: Awaited<ReturnType<typeof pagesApp>>;

beforeAll(async () => {
  ctx = await createTestServices({ PUBLIC_URL: ORIGIN });
  const db = ctx.database.db;
  // More than a page of results (20), two of them with Wi-Fi.
  for (let i = 1; i <= 22; i++) await createBusiness(db, { name: `Search Page Place ${i}`, category: "shopping" });
  await createBusiness(db, { name: "Morning Beans", category: "restaurants", cuisine: "cafe", features: ["wifi"] });
  await createBusiness(db, { name: "Byte Lounge", category: "entertainment", features: ["wifi"] });
  app = await pagesApp(ctx.services);
}, 60_000);
afterAll(async () => {
  await ctx?.cleanup();
});

async function page(path: string) {
  const res = await app.request(`${ORIGIN}${path}`);
  expect(res.status, path).toBe(200);
  return documentOf(res);
}

const cards = (doc: HTMLElement) => doc.querySelectorAll('[data-testid="business-card"]');
/** The cards' names, without the position screen readers hear first ("1. "). */
const names = (doc: HTMLElement) => cards(doc).map((c) => textOf(c.querySelector("h3")).replace(/^\d+\.\s*/, ""));

it("spellings: the page for wifi lists what the API finds for wi-fi and Wi Fi", async () => {
  const api = async (q: string) =>
    (await (await app.request(`${ORIGIN}/api/v1/businesses?q=${encodeURIComponent(q)}`)).json()) as {
      items: { name: string }[];
      total: number;
    };
  const hyphen = await api("wi-fi");
  expect(hyphen.total).toBe(2);
  expect((await api("Wi Fi")).total).toBe(hyphen.total);
  const doc = await page("/search?q=wifi");
  expect(textOf(doc.querySelector('[data-testid="results-count"]'))).toBe("2 results");
  expect(names(doc)).toEqual(hyphen.items.map((b) => b.name));
});

it("bad parameters fall back to defaults instead of failing, and say so", async () => {
  const doc = await page("/search?category=no-such-category&rating=lots&page=0&sort=random&price=cheap");
  expect(textOf(doc.querySelector("main"))).toMatch(/Some filters in this link weren't valid and were ignored/);
  expect(cards(doc)).toHaveLength(20);
  const categories = doc.querySelectorAll('input[type="checkbox"][name="category"]');
  expect(categories.map((c) => c.getAttribute("value"))).toEqual([
    "restaurants",
    "shopping",
    "services",
    "entertainment",
  ]);
  for (const box of categories) expect(box.hasAttribute("checked"), box.getAttribute("value")).toBe(false);
});

it("the empty state", async () => {
  const doc = await page("/search?q=zzqxvy%20nothing%20matches");
  const text = textOf(doc.querySelector("main"));
  expect(text).toContain("No businesses found");
  expect(text).toContain("Try adjusting your search or filters");
  expect(cards(doc)).toHaveLength(0);
});
