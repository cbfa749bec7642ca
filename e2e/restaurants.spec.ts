import type { Page } from "@playwright/test";
import { expect, expectNoA11yViolations, test } from "./fixtures";

/**
 * /categories/restaurants, "Restaurants Near You", wired to the directory:
 * text search, cuisine, Open Now, More Filters (price, rating), the spec's
 * cards, and "Load More Restaurants". Expected results come from our API.
 */

interface ApiCard {
  id: string;
  name: string;
  rating: number;
  reviewCount: number;
  cuisine: string | null;
  priceRange: string | null;
  address: string;
  features: string[];
}

async function api(page: Page, query: string) {
  const res = await page.request.get(`/api/v1/businesses?category=restaurants&pageSize=50${query}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as { items: ApiCard[]; total: number };
}

async function open(page: Page, url: string) {
  const viewed = page.waitForRequest((r) => r.method() === "POST" && r.url().endsWith("/api/v1/page-views"));
  await page.goto(url);
  await viewed;
}

const cards = (page: Page) => page.getByTestId("restaurant-list").locator(":scope > li");
const names = (page: Page) => cards(page).locator("h3").allInnerTexts();
const expectNames = (page: Page, expected: ApiCard[]) =>
  expect.poll(() => names(page)).toEqual(expected.map((b) => b.name));

test.describe("restaurants page", () => {
  test("the spec's page: heading, controls and restaurant cards from the directory", async ({ page }) => {
    await open(page, "/categories/restaurants");
    await expect(page).toHaveTitle(/^Restaurants \| Near /);
    await expect(page.getByRole("heading", { level: 1, name: "Restaurants Near You" })).toBeVisible();
    await expect(page.getByText(/Discover the best local restaurants, cafes, and eateries/)).toBeVisible();
    await expect(page.getByRole("searchbox", { name: "Search" })).toHaveAttribute("placeholder", "Search restaurants...");
    await expect(page.getByLabel("Cuisine", { exact: true }).locator("option")).toHaveText(["All Cuisines", "Italian", "Chinese", "Mexican", "Indian"]);
    await expect(page.getByRole("checkbox", { name: "Open Now" })).not.toBeChecked();

    const all = await api(page, "");
    expect(all.total).toBeGreaterThan(20);
    await expect(page.getByRole("heading", { name: `Showing 20 of ${all.total} restaurants` })).toBeVisible();
    await expectNames(page, all.items.slice(0, 20));

    // Each card: image, name, rating to one decimal or "New", "cuisine · price · address", feature tags, View Details.
    for (const [i, b] of all.items.slice(0, 20).entries()) {
      const card = cards(page).nth(i);
      await expect(card.locator("img")).toHaveCount(1);
      await expect(card).toContainText(b.reviewCount > 0 ? `Rated ${b.rating.toFixed(1)}` : "New");
      await expect(card.locator("p").first()).toContainText(b.priceRange ?? "");
      await expect(card.locator("p").first()).toContainText(b.address);
      await expect(card.getByRole("list", { name: "Features" }).getByRole("listitem")).toHaveText(b.features);
      await expect(card.getByRole("link", { name: /^View Details/ })).toHaveAttribute("href", `/business/${b.id}`);
    }
    const italian = all.items.findIndex((b) => b.cuisine === "italian");
    if (italian >= 0 && italian < 20) await expect(cards(page).nth(italian).locator("p").first()).toContainText("Italian ·");

    await cards(page).first().getByRole("link", { name: /^View Details/ }).click();
    await expect(page).toHaveURL(`/business/${all.items[0]!.id}`);
    await expect(page.getByRole("heading", { level: 1, name: all.items[0]!.name })).toBeVisible();
  });

  test("text search runs as you type", async ({ page }) => {
    await open(page, "/categories/restaurants");
    await page.getByRole("searchbox", { name: "Search" }).pressSequentially("pizza", { delay: 40 });
    await expect(page).toHaveURL(/\/categories\/restaurants\?q=pizza$/);
    const pizza = await api(page, "&q=pizza");
    expect(pizza.total).toBeGreaterThan(0);
    await expectNames(page, pizza.items);
    await expect(page.getByRole("searchbox", { name: "Search" })).toBeFocused();
    await expect(page.getByRole("searchbox", { name: "Search" })).toHaveValue("pizza");

    // The Search button (Enter) works too.
    await page.getByRole("searchbox", { name: "Search" }).fill("curry");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/q=curry$/);
    await expectNames(page, (await api(page, "&q=curry")).items);
  });

  test("cuisine, Open Now and More Filters (price, rating) narrow the list, in the URL", async ({ page }) => {
    await open(page, "/categories/restaurants");
    await page.getByLabel("Cuisine", { exact: true }).selectOption("italian");
    await expect(page).toHaveURL(/\?cuisine=italian$/);
    const italian = await api(page, "&kind=italian");
    await expectNames(page, italian.items);
    await expect(page.getByRole("heading", { name: italian.total === 1 ? "1 restaurant" : `${italian.total} restaurants` })).toBeVisible();

    await page.getByLabel("Cuisine", { exact: true }).selectOption("all");
    await page.getByRole("checkbox", { name: "Open Now" }).check();
    await expect(page).toHaveURL(/\?open=1$/);
    const openNow = await api(page, "&open=1");
    if (openNow.total > 0) await expectNames(page, openNow.items.slice(0, 20));
    else await expect(page.getByText("No restaurants found")).toBeVisible();
    await page.getByRole("checkbox", { name: "Open Now" }).uncheck();

    const more = page.getByRole("button", { name: "More Filters" });
    await expect(more).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByLabel("Price", { exact: true })).toBeHidden();
    await more.click();
    await expect(more).toHaveAttribute("aria-expanded", "true");
    await page.getByLabel("Price", { exact: true }).selectOption("$$");
    await expect(page).toHaveURL(/\?price=%24%24$/);
    await expectNames(page, (await api(page, "&price=$$")).items.slice(0, 20));
    await page.getByLabel("Rating", { exact: true }).selectOption("4.5");
    await expect(page).toHaveURL(/\?price=%24%24&rating=4\.5$/);
    const best = await api(page, "&price=$$&rating=4.5");
    await expectNames(page, best.items);
    for (const b of best.items) expect(b.rating).toBeGreaterThanOrEqual(4.5);

    // Reload keeps every filter, and More Filters opens by itself when one of its filters is set.
    await page.reload();
    await expect(page.getByLabel("Price", { exact: true })).toHaveValue("$$");
    await expect(page.getByLabel("Rating", { exact: true })).toHaveValue("4.5");
    await expect(page.getByRole("button", { name: "More Filters" })).toHaveAttribute("aria-expanded", "true");
    await expectNames(page, best.items);

    // Back restores the earlier filters in the fields too.
    await page.goBack();
    await expect(page).toHaveURL(/\?price=%24%24$/);
    await expect(page.getByLabel("Rating", { exact: true })).toHaveValue("all");
  });

  test("Load More Restaurants adds the next page and moves focus to it", async ({ page }) => {
    const all = await api(page, "");
    await open(page, "/categories/restaurants");
    await expect(cards(page)).toHaveCount(20);
    const loadMore = page.getByRole("link", { name: "Load More Restaurants" });
    await loadMore.focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\?page=2$/);
    await expect(cards(page)).toHaveCount(Math.min(40, all.total));
    await expectNames(page, all.items.slice(0, 40));
    await expect(cards(page).nth(20).getByRole("link", { name: /^View Details/ })).toBeFocused();
    if (all.total <= 40) {
      await expect(loadMore).toHaveCount(0);
      await expect(page.getByRole("heading", { name: `${all.total} restaurants` })).toBeVisible();
    }
  });

  test("works without JavaScript: the filter form and Load More", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto("/categories/restaurants");
    await expect(cards(page)).toHaveCount(20);
    // No button to reveal them without JavaScript, so the extra filters are simply shown.
    await expect(page.getByLabel("Price", { exact: true })).toBeVisible();
    await page.getByLabel("Cuisine", { exact: true }).selectOption("mexican");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/cuisine=mexican/);
    await expectNames(page, (await api(page, "&kind=mexican")).items);

    await page.goto("/categories/restaurants");
    await page.getByRole("link", { name: "Load More Restaurants" }).click();
    await expect(page).toHaveURL(/page=2/);
    const all = await api(page, "");
    await expect(cards(page)).toHaveCount(Math.min(40, all.total));
    await context.close();
  });

  test("no matches: the empty state with a way back", async ({ page }) => {
    await open(page, "/categories/restaurants?q=zzqxvy");
    await expect(page.getByText("No restaurants found")).toBeVisible();
    await expect(page.getByText("Try adjusting your search or filters")).toBeVisible();
    await page.getByRole("link", { name: "Clear filters" }).click();
    await expect(cards(page)).toHaveCount(20);
  });

  for (const theme of ["light", "dark"] as const) {
    test(`has no accessibility violations (${theme})`, async ({ page }) => {
      if (theme === "dark") await page.addInitScript(() => localStorage.setItem("theme", "dark"));
      await open(page, "/categories/restaurants");
      await expect(cards(page)).toHaveCount(20);
      await expectNoA11yViolations(page);
      await page.getByRole("button", { name: "More Filters" }).click();
      await expectNoA11yViolations(page);
    });
  }
});
