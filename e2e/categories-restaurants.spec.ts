import type { Page } from "@playwright/test";
import { expect, expectNoA11yViolations, followBottomLink, test } from "./fixtures";
import { waitForHydration } from "./hydration";
import {
  api as categoryApi,
  cardsOf,
  expectNames as expectCardNames,
  expectFullRows,
  expectPhoneLayout,
  expectPlanBadges,
  openFilterSheet,
  open,
  optionLabels,
  pageOrder,
  type ApiCard,
} from "./categories-support";

/**
 * /categories/restaurants, "Restaurants Near You", on the directory: text
 * search as you type, cuisine (the spec's four, then any other present),
 * minimum rating, "Open Now", "More Filters" (price and features), the
 * spec's cards with Premium and Featured marks, and "Load More Restaurants".
 * Expected results come from our API.
 */

const ID = "restaurants-results";
const api = (page: Page, query = "") => categoryApi(page, "restaurants", query);
const cards = (page: Page) => cardsOf(page, ID);
// textContent, not innerText: cards below the fold skip rendering (content-visibility), and innerText is "" there.
const names = (page: Page) => cards(page).locator("h3").allTextContents();
const expectNames = (page: Page, expected: readonly ApiCard[]) => expectCardNames(page, ID, expected);
/** Searches with text rank by relevance first: compare the set. */
const expectSameNames = (page: Page, expected: readonly ApiCard[]) =>
  expect.poll(async () => (await names(page)).sort()).toEqual(expected.map((b) => b.name).sort());

test.describe("restaurants page", () => {
  test("the spec's page: heading, controls and restaurant cards from the directory", async ({ page }) => {
    await open(page, "/categories/restaurants");
    await expect(page).toHaveTitle(/^Restaurants \| Near /);
    await expect(page.getByRole("heading", { level: 1, name: "Restaurants Near You" })).toBeVisible();
    await expect(page.getByText(/Discover the best local restaurants, cafes, and eateries/)).toBeVisible();
    await expect(page.getByRole("combobox", { name: "Search" })).toHaveAttribute(
      "placeholder",
      "Search restaurants...",
    );
    // The spec's four cuisines, then every other cuisine the restaurants have.
    expect(await optionLabels(page, "Cuisine")).toEqual([
      "All Cuisines",
      "Italian",
      "Chinese",
      "Mexican",
      "Indian",
      "American",
      "Pizza",
      "Cafe & Coffee",
      "Bakery",
    ]);
    expect(await optionLabels(page, "Minimum rating")).toEqual([
      "Any rating",
      "3.0 and up",
      "3.5 and up",
      "4.0 and up",
      "4.5 and up",
    ]);
    await expect(page.getByRole("checkbox", { name: "Open Now" })).not.toBeChecked();

    const all = await api(page);
    expect(all.total).toBeGreaterThan(20);
    const expected = pageOrder(all.items).slice(0, 24);
    await expect(page.getByRole("heading", { name: `Showing 24 of ${all.total} restaurants` })).toBeVisible();
    await expectFullRows(page, ID);
    await expectNames(page, expected);
    await expectPlanBadges(page, ID, expected);
    expect(expected[0]!.plan).toBe("premium");

    // Each card: image, name, rating to one decimal or "New", "cuisine · price · address", feature tags, View Details.
    for (const [i, b] of expected.entries()) {
      const card = cards(page).nth(i);
      await expect(card.locator("img")).toHaveCount(1);
      await expect(card).toContainText(b.reviewCount > 0 ? `Rated ${b.rating.toFixed(1)}` : "New");
      await expect(card.locator("p").first()).toContainText(b.priceRange ?? "");
      // A service-area business (the demo's food truck) has no street address: the card names where it serves.
      await expect(card.locator("p").first()).toContainText(b.address ?? "Serves");
      await expect(card.getByRole("list", { name: "Features" }).getByRole("listitem")).toHaveText(b.features);
      await expect(card.getByRole("link", { name: /^View Details/ })).toHaveAttribute("href", `/business/${b.slug}`);
    }
    const italian = expected.findIndex((b) => b.cuisine === "italian");
    expect(italian).toBeGreaterThanOrEqual(0);
    await expect(cards(page).nth(italian).locator("p").first()).toContainText("Italian ·");

    await cards(page)
      .first()
      .getByRole("link", { name: /^View Details/ })
      .click();
    await expect(page).toHaveURL(`/business/${expected[0]!.slug}`);
    await expect(page.getByRole("heading", { level: 1, name: expected[0]!.name })).toBeVisible();
  });

  test('a restaurant nobody has reviewed yet says "New"', async ({ page }) => {
    const unrated = (await api(page)).items.filter((b) => b.reviewCount === 0);
    expect(unrated.length).toBeGreaterThan(0);
    await open(page, `/categories/restaurants?q=${encodeURIComponent(unrated[0]!.name)}`);
    const card = cards(page).filter({ has: page.getByRole("heading", { name: unrated[0]!.name }) });
    await expect(card.getByText("New", { exact: true })).toBeVisible();
    await expect(card).not.toContainText("Rated");
  });

  test("text search runs as you type", async ({ page }) => {
    await open(page, "/categories/restaurants");
    await page.getByRole("combobox", { name: "Search" }).pressSequentially("pizza", { delay: 40 });
    await expect(page).toHaveURL(/\/categories\/restaurants\?q=pizza$/);
    const pizza = await api(page, "&q=pizza");
    expect(pizza.total).toBeGreaterThan(0);
    await expectSameNames(page, pizza.items);
    await expect(page.getByRole("combobox", { name: "Search" })).toBeFocused();
    await expect(page.getByRole("combobox", { name: "Search" })).toHaveValue("pizza");

    // The Search button (Enter) works too.
    await page.getByRole("combobox", { name: "Search" }).fill("curry");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/q=curry$/);
    await expectSameNames(page, (await api(page, "&q=curry")).items);
  });

  test("cuisine, minimum rating and Open Now narrow the list, in the URL", async ({ page }) => {
    await open(page, "/categories/restaurants");
    for (const cuisine of ["italian", "chinese", "mexican", "indian", "cafe"]) {
      await page.getByLabel("Cuisine", { exact: true }).selectOption(cuisine);
      await expect(page).toHaveURL(new RegExp(`\\?cuisine=${cuisine}$`));
      const expected = await api(page, `&kind=${cuisine}`);
      expect(expected.total, cuisine).toBeGreaterThan(0);
      await expectNames(page, pageOrder(expected.items));
    }
    const cafes = await api(page, "&kind=cafe");
    await expect(
      page.getByRole("heading", { name: cafes.total === 1 ? "1 restaurant" : `${cafes.total} restaurants` }),
    ).toBeVisible();
    await page.getByLabel("Cuisine", { exact: true }).selectOption("all");

    await page.getByLabel("Minimum rating").selectOption("4.5");
    await expect(page).toHaveURL(/\?rating=4\.5$/);
    const best = await api(page, "&rating=4.5");
    expect(best.total).toBeGreaterThan(0);
    await expectNames(page, pageOrder(best.items).slice(0, 24));
    for (const b of best.items) expect(b.rating).toBeGreaterThanOrEqual(4.5);
    await page.getByLabel("Minimum rating").selectOption("all");

    await page.getByRole("checkbox", { name: "Open Now" }).check();
    await expect(page).toHaveURL(/\?open=1$/);
    const openNow = await api(page, "&open=1");
    if (openNow.total > 0) await expectNames(page, pageOrder(openNow.items).slice(0, 24));
    else await expect(page.getByText("No restaurants found")).toBeVisible();
  });

  test("More Filters opens price range and features, which narrow the list", async ({ page }) => {
    await open(page, "/categories/restaurants");
    const more = page.getByRole("button", { name: "More Filters" });
    await expect(more).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByLabel("Price", { exact: true })).toBeHidden();
    await expect(page.getByRole("group", { name: "Features" })).toBeHidden();
    await more.click();
    await expect(more).toHaveAttribute("aria-expanded", "true");
    await page.getByLabel("Price", { exact: true }).selectOption("$$");
    await expect(page).toHaveURL(/\?price=%24%24$/);
    await expectNames(page, pageOrder((await api(page, "&price=$$")).items).slice(0, 24));

    const features = page.getByRole("group", { name: "Features" });
    await features.getByRole("checkbox", { name: "Takeout" }).check();
    await expect(page).toHaveURL(/\?price=%24%24&feature=Takeout$/);
    const takeout = await api(page, "&price=$$&features=Takeout");
    expect(takeout.total).toBeGreaterThan(0);
    await expectNames(page, pageOrder(takeout.items));
    await features.getByRole("checkbox", { name: "Vegetarian Options" }).check();
    await expect(page).toHaveURL(/feature=Takeout&feature=Vegetarian\+Options$/);
    const both = await api(page, "&price=$$&features=Takeout,Vegetarian Options");
    await expectNames(page, pageOrder(both.items));
    for (const b of both.items) expect(b.features).toEqual(expect.arrayContaining(["Takeout", "Vegetarian Options"]));

    // Reload keeps every filter, and More Filters opens by itself when one of its filters is set.
    await page.reload();
    await expect(page.getByLabel("Price", { exact: true })).toHaveValue("$$");
    await expect(features.getByRole("checkbox", { name: "Takeout" })).toBeChecked();
    await expect(page.getByRole("button", { name: "More Filters" })).toHaveAttribute("aria-expanded", "true");
    await expectNames(page, pageOrder(both.items));

    // Back restores the earlier filters in the fields too. Only once the reloaded page is live: before hydration a
    // Back is the browser's own restore of the older entry, which keeps the boxes as they are (a CI failure).
    await waitForHydration(page);
    await page.goBack();
    await expect(page).toHaveURL(/\?price=%24%24&feature=Takeout$/);
    await expect(features.getByRole("checkbox", { name: "Vegetarian Options" })).not.toBeChecked();
  });

  test("Load More Restaurants adds the next page, moves focus to it and disappears at the end", async ({ page }) => {
    const all = pageOrder((await api(page)).items);
    await open(page, "/categories/restaurants");
    await expect(cards(page)).toHaveCount(24);
    const loadMore = page.getByRole("link", { name: "Load More Restaurants" });
    await loadMore.focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\?page=2$/);
    await expect(cards(page)).toHaveCount(Math.min(48, all.length));
    await expectNames(page, all.slice(0, 48));
    await expect(
      cards(page)
        .nth(24)
        .getByRole("link", { name: /^View Details/ }),
    ).toBeFocused();
    expect(all.length).toBeLessThanOrEqual(48);
    await expect(loadMore).toHaveCount(0);
    await expect(page.getByRole("heading", { name: `${all.length} restaurants` })).toBeVisible();
    await expect(page.getByText("That's every restaurant that matches.")).toBeVisible();
  });

  test("works without JavaScript: the filter form and Load More", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto("/categories/restaurants");
    await expect(cards(page)).toHaveCount(24);
    // No button to reveal them without JavaScript, so the extra filters are simply shown.
    await expect(page.getByLabel("Price", { exact: true })).toBeVisible();
    await page.getByLabel("Cuisine", { exact: true }).selectOption("mexican");
    await page.getByRole("group", { name: "Features" }).getByRole("checkbox", { name: "Takeout" }).check();
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/cuisine=mexican/);
    await expectNames(page, pageOrder((await api(page, "&kind=mexican&features=Takeout")).items));

    await page.goto("/categories/restaurants");
    await followBottomLink(page, page.getByRole("link", { name: "Load More Restaurants" }), /page=2/);
    const all = await api(page);
    await expect(cards(page)).toHaveCount(Math.min(48, all.total));
    await context.close();
  });

  test("no matches: the empty state with a way back", async ({ page }) => {
    await open(page, "/categories/restaurants?q=zzqxvy");
    await expect(page.getByText("No restaurants found")).toBeVisible();
    await expect(page.getByText("Try adjusting your search or filters: fewer words.")).toBeVisible();
    await open(page, "/categories/restaurants?cuisine=indian&rating=4.5&open=1&price=%24%24%24%24&feature=Wi-Fi");
    await expect(page.getByText("No restaurants found")).toBeVisible();
    await expect(
      page.getByText(
        "Try adjusting your search or filters: All Cuisines, or a lower minimum rating, or without Open Now, or any price, or fewer features.",
      ),
    ).toBeVisible();
    await page.getByRole("link", { name: "Clear filters" }).click();
    await expect(cards(page)).toHaveCount(24);
  });

  test("at 390 px: results first, every filter in the sheet, no sideways scroll (screenshot kept)", async ({
    page,
  }) => {
    await expectPhoneLayout(page, "/categories/restaurants?price=%24%24", "categories-restaurants");
    // The dropdowns wait in the sheet; the page carries the price along.
    await expect(page.getByLabel("Cuisine", { exact: true })).toHaveCount(0);
    const sheet = await openFilterSheet(page, 1);
    await expect(sheet.getByRole("group", { name: "Features" })).toBeVisible();
    await expect(sheet.getByLabel("Price", { exact: true })).toHaveValue("$$");
    await expect(sheet.getByText("Near me", { exact: true })).toBeVisible();
    await sheet.getByLabel("Cuisine", { exact: true }).selectOption("italian");
    await expect(page).toHaveURL(/cuisine=italian&price=%24%24$/);
    await sheet.getByRole("button", { name: "Show results" }).click();
    await expect(sheet).toBeHidden();
    await expectNames(page, pageOrder((await api(page, "&kind=italian&price=$$")).items).slice(0, 24));
    // A search from the box keeps the sheet's filters.
    await page.getByLabel("Search", { exact: true }).fill("pasta");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/q=pasta&cuisine=italian&price=%24%24$/);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
  });

  for (const theme of ["light", "dark"] as const) {
    test(`has no accessibility violations with More Filters open (${theme})`, async ({ page }) => {
      // An axe run over twenty cards: slow on a loaded two-core machine.
      test.setTimeout(120_000);
      if (theme === "dark") await page.addInitScript(() => localStorage.setItem("theme", "dark"));
      // The page as it loads is scanned in both themes and at both widths by e2e/accessibility-routes-*.spec.ts.
      await open(page, "/categories/restaurants");
      await expect(cards(page)).toHaveCount(24);
      await page.getByRole("button", { name: "More Filters" }).click();
      await expectNoA11yViolations(page, { include: "form[role=search]" });
    });
  }
});

test("at 390 px the Filters sheet passes axe (light and dark) and gives focus back to Filters", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, "/categories/restaurants");
  const button = page.getByRole("button", { name: /^Filters/ });
  for (const theme of ["light", "dark"] as const) {
    await page.evaluate((t) => localStorage.setItem("theme", t), theme);
    await open(page, "/categories/restaurants");
    await expect(page.locator("html")).toHaveClass(theme === "dark" ? /dark/ : /^(?!.*dark).*$/);
    await openFilterSheet(page, 0);
    await expectNoA11yViolations(page, { include: "[data-testid=filter-sheet]" });
    await page.keyboard.press("Escape");
    await expect(button).toBeFocused();
  }
  // After a change (the list searches at once) Show results closes the sheet and focus is on Filters again.
  const sheet = await openFilterSheet(page, 0);
  await sheet.getByLabel("Cuisine", { exact: true }).selectOption("italian");
  await expect(page).toHaveURL(/cuisine=italian$/);
  await sheet.getByRole("button", { name: "Show results" }).click();
  await expect(sheet).toBeHidden();
  await expect(button).toBeFocused();
  await expect(button).toHaveAccessibleName(/^Filters\s*\(\s*1 in use\)$/);
});
