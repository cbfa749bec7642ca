import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/**
 * Home (/): the spec's hero and search form (non-blank trimmed query →
 * /search?q={encoded}; blank does nothing), Popular Categories, Trending
 * Businesses from real data, and the "Home" page view.
 */

async function open(page: Page) {
  const viewed = page.waitForRequest((r) => r.method() === "POST" && r.url().endsWith("/api/v1/page-views"));
  await page.goto("/");
  return viewed;
}

test.describe("home page", () => {
  test("hero: tagline, heading, sub-line and the search form", async ({ page }) => {
    await open(page);
    await expect(page).toHaveTitle(/^Near [^|]+, [^|]+$/);
    await expect(
      page.getByRole("main").getByText("Your local business directory for discovering amazing places nearby"),
    ).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Discover local businesses near you");
    await expect(page.getByText(/^Find, connect, and support local businesses in your community/)).toBeVisible();
    const box = page.getByRole("combobox", { name: "Search businesses" });
    await expect(box).toHaveAttribute("placeholder", "Search businesses...");
    await expect(page.getByRole("search").getByRole("button", { name: "Search" })).toBeVisible();
  });

  test("records a page view named Home on load", async ({ page }) => {
    const request = await open(page);
    expect(request.postDataJSON()).toMatchObject({ name: "Home", path: "/" });
    const response = await request.response();
    expect(response?.status()).toBe(204);
  });

  test("a non-blank query navigates to /search?q={encoded, trimmed}", async ({ page }) => {
    await open(page);
    const box = page.getByRole("combobox", { name: "Search businesses" });
    await box.fill("  coffee & tea  ");
    await page.getByRole("search").getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/search\?q=coffee%20%26%20tea$/);
    await expect(page.getByRole("combobox", { name: "Search businesses" })).toHaveValue("coffee & tea");

    await open(page);
    await page.getByRole("combobox", { name: "Search businesses" }).fill("pizza");
    await page.getByRole("combobox", { name: "Search businesses" }).press("Enter");
    await expect(page).toHaveURL(/\/search\?q=pizza$/);
    await expect(page.getByTestId("business-card").first()).toBeVisible();
  });

  test("a blank query does nothing", async ({ page }) => {
    await open(page);
    const navigations: string[] = [];
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame()) navigations.push(frame.url());
    });
    // A navigation to the results asks the server for /search (the page, or its .data in a client navigation).
    const asked: string[] = [];
    page.on("request", (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith("/search")) asked.push(url.searchParams.get("q") ?? "");
    });
    const box = page.getByRole("combobox", { name: "Search businesses" });
    for (const value of ["", "    "]) {
      await box.fill(value);
      await page.getByRole("search").getByRole("button", { name: "Search" }).click();
      await box.press("Enter");
    }
    await expect(box).toBeFocused();
    expect(new URL(page.url()).pathname).toBe("/");
    expect(new URL(page.url()).search).toBe("");
    // A real search afterwards is the barrier: a navigation the blank presses started would have asked for /search
    // before this one does, so once this one has arrived every earlier request has been seen.
    await box.fill("pizza");
    await box.press("Enter");
    await expect(page).toHaveURL(/\/search\?q=pizza$/);
    expect(asked.length).toBeGreaterThan(0);
    expect(
      asked.filter((q) => q !== "pizza"),
      "searches asked for besides pizza",
    ).toEqual([]);
    expect(navigations.length).toBeGreaterThan(0);
    expect(navigations.filter((url) => new URL(url).searchParams.get("q") !== "pizza")).toEqual([]);
  });

  test("Popular Categories: four tiles to /categories/{lowercased name}", async ({ page }) => {
    await open(page);
    const section = page.getByRole("region", { name: "Popular Categories" });
    const tiles = section.getByTestId("category-tile");
    await expect(tiles).toHaveCount(4);
    for (const [i, name] of ["Restaurants", "Shopping", "Services", "Entertainment"].entries()) {
      await expect(tiles.nth(i)).toContainText(name);
      await expect(tiles.nth(i)).toHaveAttribute("href", `/categories/${name.toLowerCase()}`);
      await expect(tiles.nth(i)).toContainText(/\d+ places?/);
    }
    await tiles.filter({ hasText: "Restaurants" }).click();
    await expect(page).toHaveURL(/\/categories\/restaurants$/);
    await expect(page.getByRole("heading", { level: 1, name: "Restaurants Near You" })).toBeVisible();

    await open(page);
    await page
      .getByRole("region", { name: "Popular Categories" })
      .getByTestId("category-tile")
      .filter({ hasText: "Entertainment" })
      .click();
    await expect(page).toHaveURL(/\/categories\/entertainment$/);
  });

  test("Trending Businesses: three real businesses, each with Learn More to its page", async ({ page }) => {
    await open(page);
    const section = page.getByRole("region", { name: "Trending Businesses" });
    const cards = section.getByTestId("trending-card");
    await expect(cards).toHaveCount(3);
    // The spec's placeholders are only for an empty directory.
    await expect(section.getByText("Business Name", { exact: true })).toHaveCount(0);
    await expect(section.getByTestId("trending-placeholder")).toHaveCount(0);

    const learnMore = (name: string) =>
      new RegExp(`^Learn More\\s*:\\s*${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`);
    const found: { id: string; slug: string; name: string }[] = [];
    for (const card of await cards.all()) {
      const id = (await card.getAttribute("data-business-id"))!;
      const name = (await card.locator("h3").innerText()).trim();
      await expect(card.locator("img")).toHaveAttribute("srcset", /\d+w/);
      await expect(card.locator("p.line-clamp-2")).not.toBeEmpty();
      // A real, published business, linked by its slug (issue 40, defect 10).
      const res = await page.request.get(`/api/v1/businesses/${id}`);
      expect(res.status()).toBe(200);
      const { name: named, slug } = (await res.json()) as { name: string; slug: string };
      expect(named).toBe(name);
      await expect(card.getByRole("link", { name: learnMore(name) })).toHaveAttribute("href", `/business/${slug}`);
      found.push({ id, slug, name });
    }
    expect(new Set(found.map((f) => f.id)).size).toBe(3);

    await section.getByRole("link", { name: learnMore(found[0]!.name) }).click();
    await expect(page).toHaveURL(`/business/${found[0]!.slug}`);
    await expect(page.getByRole("heading", { level: 1, name: found[0]!.name })).toBeVisible();
  });

  test("works without JavaScript: the search form and the links", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto("/");
    await expect(page.getByRole("region", { name: "Trending Businesses" }).getByTestId("trending-card")).toHaveCount(3);
    // Without JavaScript the box is the plain search input of the GET form (no combobox).
    await page.getByRole("searchbox", { name: "Search businesses" }).fill("pizza");
    await page.getByRole("search").getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/search\?q=pizza$/);
    await expect(page.getByTestId("business-card").first()).toBeVisible();
    await context.close();
  });

  test("at 390 px the tagline pill keeps its icon on the first line of its text", async ({ page }) => {
    // Issue 40, defect 20: the pill wrapped to two lines and its icon sat alone between them at the left.
    await page.setViewportSize({ width: 390, height: 844 });
    await open(page);
    const pill = page
      .getByRole("main")
      .getByText("Your local business directory for discovering amazing places nearby");
    const { icon, lines } = await pill.evaluate((p) => {
      const svg = p.querySelector("svg")!.getBoundingClientRect();
      // The text's line boxes: a rect per line of each text node (the icon's own box left out).
      const walker = document.createTreeWalker(p, NodeFilter.SHOW_TEXT);
      const rects: DOMRect[] = [];
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        rects.push(...[...range.getClientRects()].filter((r) => r.width > 0));
      }
      const tops = [...new Set(rects.map((r) => Math.round(r.top)))];
      const first = rects.filter((r) => Math.round(r.top) === tops[0]);
      return {
        icon: { top: svg.top, bottom: svg.bottom, right: svg.right },
        lines: {
          count: tops.length,
          top: Math.min(...first.map((r) => r.top)),
          bottom: Math.max(...first.map((r) => r.bottom)),
          left: Math.min(...first.map((r) => r.left)),
        },
      };
    });
    expect(lines.count, "the tagline wraps at 390 px").toBeGreaterThan(1);
    expect(icon.top, "the icon's top is in the first line").toBeGreaterThanOrEqual(lines.top - 1);
    expect(icon.bottom, "the icon's bottom is in the first line").toBeLessThanOrEqual(lines.bottom + 1);
    expect(lines.left - icon.right, "the icon is just before the text").toBeLessThan(12);
  });

  // axe on the home page, in both themes and at both widths: e2e/accessibility-routes-*.spec.ts.
});
