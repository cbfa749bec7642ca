import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Home from "~/routes/home";
import { loadHome } from "~/routes/home.server";
import { loadSearchPage } from "~/routes/search.server";
import { createBusiness } from "../support/factories";
import { renderPage, visibleText } from "../support/render-page";
import { createTestServices } from "../support/services";

/**
 * The home page's "Popular:" chips (issue 40, defect 17): "Yoga" led to 0 results. The chips are the catalogue's
 * cuisines and kinds with the most published listings in the site's city, and each one's search finds them.
 */

const ORIGIN = "http://near.test";
let ctx: Awaited<ReturnType<typeof createTestServices>>;
let context: AppLoadContext;

beforeAll(async () => {
  // The site's city is Springfield, IL (the defaults).
  ctx = await createTestServices({ PUBLIC_URL: ORIGIN, PAGE_CACHE_SECONDS: "0" });
  context = { ...ctx.services, db: ctx.database.db, nonce: "", requestId: "t", clientIp: "::1" };
  const db = ctx.database.db;
  const add = (n: number, fields: Parameters<typeof createBusiness>[1]) =>
    Promise.all(Array.from({ length: n }, () => createBusiness(db, fields)));
  await add(3, { category: "restaurants", cuisine: "italian" });
  await add(2, { category: "services", subcategory: "plumbing" });
  await add(1, { category: "restaurants", cuisine: "indian" });
  // Not counted: another city, not published, "Other", a kind outside the catalogue.
  await add(5, { category: "restaurants", cuisine: "mexican", city: "Chicago" });
  await add(5, { category: "shopping", subcategory: "books", status: "pending" });
  await add(5, { category: "entertainment", subcategory: "other" });
  await add(5, { category: "services", subcategory: "yoga" });
});
afterAll(async () => {
  await ctx?.cleanup();
});

describe("the home page's Popular chips", () => {
  it("are the city's most listed cuisines and kinds, and each chip's search finds them", async () => {
    const home = await loadHome(context);
    expect(home.popular.map((p) => [p.label, p.count])).toEqual([
      ["Italian", 3],
      ["Plumbing", 2],
      ["Indian", 1],
    ]);
    for (const chip of home.popular) {
      const page = await loadSearchPage(new Request(`${ORIGIN}${chip.url}`), context);
      expect(page.error, chip.url).toBe(false);
      expect(page.result.total, chip.url).toBeGreaterThanOrEqual(chip.count);
    }

    const request = new Request(`${ORIGIN}/`);
    const html = await renderPage(Home, { request, context, loaderData: home, path: "/" });
    // The chips' row: between "Popular:" and the next section's heading.
    const chips = visibleText(html).match(/Popular: (.*?) Popular Categories/)?.[1];
    expect(chips).toBe("Italian Plumbing Indian");
    expect(html).toContain('href="/search?category=restaurants&amp;kind=italian"');
  });

  it("shows no chips when the city has nothing to offer", async () => {
    const elsewhere = { ...context, config: { ...context.config, SITE_CITY: "Nowhere" } } as AppLoadContext;
    const home = await loadHome(elsewhere);
    expect(home.popular).toEqual([]);
    const text = visibleText(
      await renderPage(Home, { request: new Request(`${ORIGIN}/`), context: elsewhere, loaderData: home, path: "/" }),
    );
    expect(text).not.toContain("Popular:");
  });
});
