import type { Page } from "@playwright/test";
import { expect, expectNoA11yViolations, followBottomLink, test } from "./fixtures";

/**
 * /search: the spec's page (title, search box, Search with a spinner,
 * one-at-a-time category checkboxes, Open Now, result cards, empty state,
 * failure toast) and what the issue adds (typo tolerance, rating, price,
 * sort, pagination, every filter in the URL, works without JavaScript).
 * Expectations are checked against the demo data through our own API. What the server's HTML alone shows (the
 * spellings' results, bad parameters, the empty state) is tests/integration/search-page-html.test.ts's.
 */

interface ApiCard {
  id: string;
  slug: string;
  name: string;
  rating: number;
  reviewCount: number;
  priceRange: string | null;
  category: string;
  openStatus: { isOpen: boolean; label: string };
}
interface ApiResult {
  items: ApiCard[];
  total: number;
  pageCount: number;
}

const cards = (page: Page) => page.getByTestId("business-card");
// textContent, not innerText: cards below the fold skip rendering (content-visibility), and innerText is "" there.
const cardNames = (page: Page) => page.getByTestId("business-card").locator("h3").allTextContents();
/** The price toggles are visually-hidden checkboxes inside labels (titled with the price's meaning): people click the label. */
const PRICE_WORDS: Record<string, string> = { $: "Inexpensive", $$: "Moderate", $$$: "Pricey", $$$$: "Ultra high-end" };
const priceToggle = (page: Page, price: string) => page.getByTitle(PRICE_WORDS[price]!, { exact: true });
const stripRank = (names: string[]) => names.map((n) => n.replace(/^\d+\.\s*/, ""));

/** The one notification on screen (the spec: at most one at a time). */
async function expectToast(page: Page, title: string, description: string, variant: "default" | "destructive") {
  const toast = page.locator('[data-slot="toast"]');
  await expect(toast).toHaveCount(1);
  await expect(toast.locator('[data-slot="toast-title"]')).toHaveText(title);
  await expect(toast.locator('[data-slot="toast-description"]')).toHaveText(description);
  await expect(toast).toHaveAttribute("data-variant", variant);
}

/** Opens a page and waits until React has hydrated it (its page view is recorded from an effect). */
async function open(page: Page, url: string) {
  const viewed = page.waitForRequest((r) => r.method() === "POST" && r.url().endsWith("/api/v1/page-views"));
  await page.goto(url);
  await viewed;
}

/** Reads numbers from the page until they come out in descending order (the list re-renders after the URL changes). */
async function expectDescending(read: () => Promise<number[]>) {
  await expect
    .poll(async () => {
      const values = await read();
      return values.length > 1 && values.every((v, i) => i === 0 || values[i - 1]! >= v);
    })
    .toBe(true);
}

async function api(page: Page, query: string): Promise<ApiResult> {
  const res = await page.request.get(`/api/v1/businesses${query}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as ApiResult;
}

test.describe("search page", () => {
  test("shows the spec's page and searches by text from the box", async ({ page }) => {
    await open(page, "/search");
    await expect(page).toHaveTitle(/^Search \| Near /);
    await expect(page.getByRole("heading", { level: 1, name: "Find Local Businesses" })).toBeVisible();
    const box = page.getByRole("combobox", { name: "Search businesses" });
    await expect(box).toHaveAttribute("placeholder", "Search businesses...");

    await box.fill("pizza");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/\/search\?q=pizza$/);
    await expect(page.getByRole("heading", { name: "Results for “pizza”" })).toBeVisible();

    const expected = await api(page, "?q=pizza");
    expect(expected.total).toBeGreaterThan(0);
    await expect(cards(page)).toHaveCount(expected.items.length);
    expect(stripRank(await cardNames(page))).toEqual(expected.items.map((b) => b.name));
    await expect(page.getByTestId("results-count")).toHaveText(
      `${expected.total} ${expected.total === 1 ? "result" : "results"}`,
    );

    // A result card: link to /business/{id}, image (or "No image"), name, address, stars, review count, two-line description.
    const first = expected.items[0]!;
    const card = cards(page).first();
    await expect(
      card.getByRole("link", { name: new RegExp(first.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")) }),
    ).toHaveAttribute("href", `/business/${first.slug}`);
    const img = card.locator("img");
    if ((await img.count()) > 0) {
      await expect(img).toHaveAttribute("srcset", /\d+w/);
      await expect(img).toHaveAttribute("width", /\d+/);
    } else {
      await expect(card.getByText("No image")).toBeVisible();
    }
    await expect(card.getByTestId("business-address")).toContainText(/\S/);
    await expect(card.getByRole("img", { name: /^Rated \d\.\d out of 5$/ })).toBeVisible();
    await expect(card.getByTestId("review-count")).toHaveText(
      first.reviewCount === 1 ? "(1 review)" : `(${first.reviewCount} reviews)`,
    );
    await expect(card.getByTestId("business-description")).toHaveClass(/line-clamp-2/);
    await expect(card.getByTestId("open-status")).toHaveText(first.openStatus.label);

    await card.click();
    await expect(page).toHaveURL(`/business/${first.slug}`);
    await expect(page.getByRole("heading", { level: 1, name: first.name })).toBeVisible();
  });

  test("is typo-tolerant: 'piza' finds pizza places and 'cofee' finds coffee shops", async ({ page }) => {
    await page.goto("/search?q=piza");
    const pizza = stripRank(await cardNames(page));
    expect(pizza).toContain("Slice of Heaven Pizza");
    expect(pizza).toContain("Gusto Wood-Fired Pizzeria");

    await page.goto("/search?q=cofee");
    const coffee = stripRank(await cardNames(page));
    expect(coffee).toContain("Prairie Bean Coffee Roasters");
    expect(coffee).toContain("The Daily Grind Coffee House");
  });

  test("category checkboxes: only one at a time, in the URL, results filtered", async ({ page }) => {
    await open(page, "/search");
    const restaurants = page.getByRole("checkbox", { name: "Restaurants" });
    const shopping = page.getByRole("checkbox", { name: "Shopping" });
    for (const name of ["Restaurants", "Shopping", "Services", "Entertainment"]) {
      await expect(page.getByRole("checkbox", { name })).not.toBeChecked();
    }

    await restaurants.check();
    await expect(page).toHaveURL(/\/search\?category=restaurants$/);
    const expectedRestaurants = await api(page, "?category=restaurants");
    await expect(page.getByTestId("results-count")).toContainText(`of ${expectedRestaurants.total} results`);
    expect(stripRank(await cardNames(page))).toEqual(expectedRestaurants.items.map((b) => b.name));

    await shopping.check();
    await expect(page).toHaveURL(/\/search\?category=shopping$/);
    await expect(shopping).toBeChecked();
    await expect(restaurants).not.toBeChecked();
    const expectedShopping = await api(page, "?category=shopping");
    await expect.poll(async () => stripRank(await cardNames(page))).toEqual(expectedShopping.items.map((b) => b.name));
    for (const badge of await cards(page).getByText("Shopping", { exact: true }).all())
      await expect(badge).toBeVisible();
    await expect(cards(page).getByText("Restaurants", { exact: true })).toHaveCount(0);

    // Unchecking the only one clears the filter.
    await shopping.uncheck();
    await expect(page).toHaveURL(/\/search$/);
  });

  test("at 390 px the results come first; the filters and Near me are in the Filters sheet", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await open(page, "/search?open=1");
    // Issue 40, defect 19: the filters and "Near me" sat above the results, each card about 480 px tall.
    await expect(page.getByRole("checkbox", { name: "Restaurants" })).toHaveCount(0);
    const first = await cards(page).first().boundingBox();
    expect(first!.y + 120, `the first result starts at ${first!.y}px`).toBeLessThanOrEqual(844);
    expect(first!.height).toBeLessThan(300);
    const button = page.getByRole("button", { name: /^Filters/ });
    await expect(button).toHaveAccessibleName(/^Filters\s*\(\s*1 in use\)$/);
    await button.click();
    const sheet = page.getByRole("dialog", { name: "Filters" });
    await expect(sheet.getByRole("checkbox", { name: "Open Now" })).toBeChecked();
    await expect(sheet.getByText("Near me", { exact: true })).toBeVisible();
    await sheet.getByRole("checkbox", { name: "Restaurants" }).check();
    await expect(page).toHaveURL(/category=restaurants.*open=1|open=1.*category=restaurants/);
    await sheet.getByRole("button", { name: "Show results" }).click();
    await expect(sheet).toBeHidden();
    const expected = await api(page, "?category=restaurants&open=1");
    await expect.poll(async () => stripRank(await cardNames(page))).toEqual(expected.items.map((b) => b.name));
    await expect(button).toHaveAccessibleName(/^Filters\s*\(\s*2 in use\)$/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test("Open Now keeps only businesses open at this moment", async ({ page }) => {
    await open(page, "/search");
    await page.getByRole("checkbox", { name: "Open Now" }).check();
    await expect(page).toHaveURL(/\/search\?open=1$/);
    const expected = await api(page, "?open=1");
    const all = await api(page, "");
    expect(expected.total).toBeLessThan(all.total);
    if (expected.total === 0) {
      await expect(page.getByText("No businesses found")).toBeVisible();
    } else {
      await expect(cards(page)).toHaveCount(expected.items.length);
      for (const status of await page.getByTestId("open-status").all()) {
        await expect(status).toHaveAttribute("data-open", "true");
        await expect(status).toHaveText(/^Open now/);
      }
    }
  });

  test("minimum rating and price filters", async ({ page }) => {
    await open(page, "/search");
    await page.getByLabel("Minimum rating").selectOption("4.5");
    await expect(page).toHaveURL(/\/search\?rating=4\.5$/);
    const rated = await api(page, "?rating=4.5");
    await expect.poll(async () => stripRank(await cardNames(page))).toEqual(rated.items.map((b) => b.name));
    const ratings = await cards(page)
      .getByRole("img", { name: /^Rated/ })
      .evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-rating"))));
    expect(Math.min(...ratings)).toBeGreaterThanOrEqual(4.5);

    await priceToggle(page, "$").click();
    await expect(page.getByRole("checkbox", { name: /^\$ \(/ })).toBeChecked();
    await expect(page).toHaveURL(/rating=4\.5&price=%24$/);
    const cheap = await api(page, "?rating=4.5&price=$");
    await expect.poll(async () => stripRank(await cardNames(page))).toEqual(cheap.items.map((b) => b.name));
    for (const price of await cards(page)
      .getByLabel(/^Price /)
      .all())
      await expect(price).toHaveText("$");

    await priceToggle(page, "$$").click();
    await expect(page).toHaveURL(/price=%24%2C%24%24$/);
    const both = await api(page, "?rating=4.5&price=$,$$");
    await expect.poll(async () => stripRank(await cardNames(page))).toEqual(both.items.map((b) => b.name));
    expect(both.total).toBeGreaterThanOrEqual(cheap.total);
  });

  test("sort: Best match, Highest rated, Most reviewed, Newest", async ({ page }) => {
    await open(page, "/search");
    const sort = page.getByLabel("Sort by");
    await expect(sort.locator("option")).toHaveText(["Best match", "Highest rated", "Most reviewed", "Newest"]);

    await sort.selectOption({ label: "Highest rated" });
    await expect(page).toHaveURL(/\/search\?sort=rating$/);
    await expectDescending(() =>
      cards(page)
        .getByRole("img", { name: /^Rated/ })
        .evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-rating")))),
    );

    await sort.selectOption({ label: "Most reviewed" });
    await expect(page).toHaveURL(/\/search\?sort=reviews$/);
    await expectDescending(async () =>
      (await page.getByTestId("review-count").allTextContents()).map((t) => Number(t.replace(/\D/g, ""))),
    );

    await sort.selectOption({ label: "Newest" });
    await expect(page).toHaveURL(/\/search\?sort=newest$/);
    const newest = await api(page, "?sort=newest");
    await expect.poll(async () => stripRank(await cardNames(page))).toEqual(newest.items.map((b) => b.name));
  });

  test("pagination: 20 per page with the total, previous and next", async ({ page }) => {
    const all = await api(page, "");
    expect(all.total).toBeGreaterThan(20);
    await open(page, "/search");
    await expect(cards(page)).toHaveCount(20);
    await expect(page.getByTestId("results-count")).toHaveText(`Showing 1–20 of ${all.total} results`);
    const pagination = page.getByRole("navigation", { name: "Pagination" });
    await expect(pagination.getByText("Previous")).toHaveAttribute("aria-disabled", "true");
    await expect(pagination.locator("[aria-current=page]")).toHaveText("Page 1");

    const firstPage = await cardNames(page);
    await pagination.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/\/search\?page=2$/);
    await expect(page.getByTestId("results-count")).toHaveText(
      `Showing 21–${Math.min(40, all.total)} of ${all.total} results`,
    );
    await expect(pagination.locator("[aria-current=page]")).toHaveText("Page 2");
    const secondPage = await cardNames(page);
    expect(secondPage[0]).toMatch(/^21\. /);
    expect(secondPage.some((n) => firstPage.includes(n))).toBe(false);

    await pagination.getByRole("link", { name: "Previous" }).click();
    await expect(page).toHaveURL(/\/search$/);
    await expect(page.getByTestId("results-count")).toHaveText(`Showing 1–20 of ${all.total} results`);

    // The last page by number.
    await pagination.getByRole("link", { name: `Page ${all.pageCount}` }).click();
    await expect(page).toHaveURL(new RegExp(`page=${all.pageCount}$`));
    await expect(cards(page)).toHaveCount(all.total - (all.pageCount - 1) * 20);
    await expect(pagination.getByText("Next")).toHaveAttribute("aria-disabled", "true");
  });

  test("a search runs in the site's city; Search anywhere widens it and the link comes back", async ({ page }) => {
    const all = await api(page, "?q=coffee");
    const anywhere = await api(page, "?q=coffee&anywhere=1");
    await open(page, "/search?q=coffee");
    // Its parts are flex items: the text has no spaces around the "·".
    const scope = page.getByTestId("search-scope");
    await expect(scope).toHaveText(/^In (.+), ([A-Z]{2})·Search anywhere$/);
    const place = (await scope.textContent())!.replace(/^In (.+)·Search anywhere$/, "$1");
    await expect(page.getByTestId("results-count")).toContainText(String(all.total));

    await scope.getByRole("link", { name: "Search anywhere" }).click();
    await expect(page).toHaveURL(/\/search\?q=coffee&anywhere=1$/);
    await expect(scope).toHaveText(`Everywhere, ${place} first·Only ${place}`);
    await expect(page.getByTestId("results-count")).toContainText(String(anywhere.total));
    await expect.poll(async () => stripRank(await cardNames(page))).toEqual(anywhere.items.map((b) => b.name));
    await expectNoA11yViolations(page);

    // Filters keep the scope; the link goes back to the city.
    await page.getByRole("checkbox", { name: "Open Now" }).check();
    await expect(page).toHaveURL(/anywhere=1/);
    await scope.getByRole("link", { name: `Only ${place}` }).click();
    await expect(page).not.toHaveURL(/anywhere/);
    await expect(scope).toContainText(`In ${place}`);
  });

  test("a page past the last one says there are no more results and links to the last page", async ({ page }) => {
    const all = await api(page, "");
    await open(page, "/search?page=99");
    await expect(page.getByTestId("results-count")).toHaveText(
      `No more results: all ${all.total} results are on pages 1–${all.pageCount}`,
    );
    await expect(cards(page)).toHaveCount(0);
    await expect(page.getByTestId("past-end")).toContainText("No more results");
    await expectNoA11yViolations(page);
    await page.getByRole("link", { name: `Go to the last page (${all.pageCount})` }).click();
    await expect(page).toHaveURL(new RegExp(`/search\\?page=${all.pageCount}$`));
    await expect(cards(page)).toHaveCount(all.total - (all.pageCount - 1) * 20);

    // The API answers the same page with 404 in its JSON error shape.
    const res = await page.request.get("/api/v1/businesses?page=99");
    expect(res.status()).toBe(404);
    expect((await res.json()).error.code).toBe("not_found");
  });

  test("the URL holds every filter: reload, back/forward and a shared link restore it", async ({ page }) => {
    await page.goto("/search?q=pizza&category=restaurants&open=1&rating=3&price=%24%2C%24%24&sort=rating");
    const check = async () => {
      await expect(page.getByRole("combobox", { name: "Search businesses" })).toHaveValue("pizza");
      await expect(page.getByRole("checkbox", { name: "Restaurants" })).toBeChecked();
      await expect(page.getByRole("checkbox", { name: "Open Now" })).toBeChecked();
      await expect(page.getByLabel("Minimum rating")).toHaveValue("3");
      await expect(page.getByRole("checkbox", { name: /^\$ \(/ })).toBeChecked();
      await expect(page.getByRole("checkbox", { name: /^\$\$ \(/ })).toBeChecked();
      await expect(page.getByRole("checkbox", { name: /^\$\$\$ \(/ })).not.toBeChecked();
      await expect(page.getByLabel("Sort by")).toHaveValue("rating");
    };
    await check();
    await page.reload();
    await check();

    // Back and forward through filter changes.
    await open(page, "/search");
    await page.getByRole("combobox", { name: "Search businesses" }).fill("coffee");
    await page.getByRole("combobox", { name: "Search businesses" }).press("Enter");
    await expect(page).toHaveURL(/\/search\?q=coffee$/);
    await page.getByRole("checkbox", { name: "Restaurants" }).check();
    await expect(page).toHaveURL(/\/search\?q=coffee&category=restaurants$/);
    const withCategory = (await api(page, "?q=coffee&category=restaurants")).items.map((b) => b.name);
    await expect.poll(async () => stripRank(await cardNames(page))).toEqual(withCategory);

    await page.goBack();
    await expect(page).toHaveURL(/\/search\?q=coffee$/);
    await expect(page.getByRole("checkbox", { name: "Restaurants" })).not.toBeChecked();
    await expect(page.getByRole("combobox", { name: "Search businesses" })).toHaveValue("coffee");

    await page.goBack();
    await expect(page).toHaveURL(/\/search$/);
    await expect(page.getByRole("combobox", { name: "Search businesses" })).toHaveValue("");

    await page.goForward();
    await page.goForward();
    await expect(page).toHaveURL(/\/search\?q=coffee&category=restaurants$/);
    await expect(page.getByRole("checkbox", { name: "Restaurants" })).toBeChecked();
    await expect.poll(async () => stripRank(await cardNames(page))).toEqual(withCategory);
  });

  test("the Search button shows a spinner while searching", async ({ page }) => {
    await open(page, "/search");
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/search.data*", async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole("combobox", { name: "Search businesses" }).fill("tacos");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page.getByTestId("search-spinner")).toBeVisible();
    await expect(page.getByRole("button", { name: "Search", exact: true })).toHaveAttribute("aria-busy", "true");
    release();
    await expect(page).toHaveURL(/q=tacos/);
    await expect(page.getByTestId("search-spinner")).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Results for “tacos”" })).toBeVisible();
  });

  test("a failed search shows the 'Error' toast and empty results (server render)", async ({ page }) => {
    // The e2e server's hook (server/e2e-main.ts): this request's database queries fail, as when PostgreSQL goes away.
    await page.setExtraHTTPHeaders({ "x-near-test-fail": "database" });
    const res = await page.goto("/search?q=pizza");
    expect(res?.status()).toBe(200);
    await expectToast(page, "Error", "Failed to search businesses.", "destructive");
    await expect(cards(page)).toHaveCount(0);
    await expect(page.getByText("Search is unavailable right now")).toBeVisible();
  });

  test("a failed search shows the 'Error' toast and empty results (client navigation)", async ({ page }) => {
    await open(page, "/search");
    await expect(cards(page)).toHaveCount(20);
    // Only the search route's data request fails (the root's, made separately, still answers).
    await page.route(/\/search\.data\?.*_routes=routes%2Fsearch/, (route) =>
      route.fulfill({ status: 500, body: "boom" }),
    );
    await page.getByRole("checkbox", { name: "Services" }).check();
    await expectToast(page, "Error", "Failed to search businesses.", "destructive");
    await expect(cards(page)).toHaveCount(0);
    await expect(page).toHaveURL(/category=services/);
  });

  test("works without JavaScript: the GET form, filters and pagination", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto("/search");
    await expect(page.getByTestId("business-card")).toHaveCount(20);
    // Without JavaScript the box is the plain search input of the GET form (no combobox).
    await page.getByRole("searchbox", { name: "Search businesses" }).fill("pizza");
    await page.getByRole("checkbox", { name: "Restaurants" }).check();
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/q=pizza/);
    await expect(page).toHaveURL(/category=restaurants/);
    const expected = await api(page, "?q=pizza&category=restaurants");
    await expect(page.getByTestId("business-card")).toHaveCount(expected.items.length);
    await expect(page.getByRole("checkbox", { name: "Restaurants" })).toBeChecked();

    // Several prices from plain checkboxes (price=$&price=$$) still apply together.
    await page.goto("/search");
    await priceToggle(page, "$").click();
    await priceToggle(page, "$$").click();
    await page.getByRole("button", { name: "Apply filters" }).click();
    const priced = await api(page, "?price=$,$$");
    await expect(page.getByTestId("results-count")).toHaveText(
      priced.total > 20 ? `Showing 1–20 of ${priced.total} results` : `${priced.total} results`,
    );

    await page.goto("/search");
    const next = page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Next" });
    await followBottomLink(page, next, /page=2/);
    await expect(page.getByTestId("results-count")).toContainText("Showing 21–");
    await context.close();
  });

  // axe on results and on no results, in both themes and at both widths: e2e/accessibility-routes-*.spec.ts.
});

test.describe("the Filters sheet at 390 px", () => {
  for (const theme of ["light", "dark"] as const) {
    test(`passes axe open (${theme}); focus returns to Filters after a change`, async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      if (theme === "dark") await page.addInitScript(() => localStorage.setItem("theme", "dark"));
      await open(page, "/search");
      const button = page.getByRole("button", { name: /^Filters/ });
      await button.click();
      const sheet = page.getByRole("dialog", { name: "Filters" });
      await expect(sheet.getByRole("checkbox", { name: "Open Now" })).toBeVisible();
      await expectNoA11yViolations(page, { include: "[data-testid=filter-sheet]" });

      // A change searches at once; Show results closes the sheet and focus is back on Filters, not lost.
      await sheet.getByRole("checkbox", { name: "Open Now" }).check();
      await expect(page).toHaveURL(/\/search\?open=1$/);
      await sheet.getByRole("button", { name: "Show results" }).click();
      await expect(sheet).toBeHidden();
      await expect(button).toBeFocused();
      await expect(button).toHaveAccessibleName(/^Filters\s*\(\s*1 in use\)$/);

      // Escape after another change does the same.
      await button.click();
      await sheet.getByRole("checkbox", { name: "Restaurants" }).check();
      await expect(page).toHaveURL(/category=restaurants/);
      await page.keyboard.press("Escape");
      await expect(sheet).toBeHidden();
      await expect(button).toBeFocused();
    });
  }
});
