import { expect, expectNoA11yViolations, test } from "./fixtures";
import { BASE_URL, createListing, signIn } from "./admin-support";
import {
  api,
  cardsOf,
  expectNames,
  expectPhoneLayout,
  expectPlanBadges,
  open,
  optionLabels,
  pageOrder,
} from "./categories-support";

/**
 * /categories/shopping, "Shopping Near You", on real shops: search, the
 * spec's category dropdown, "Apply Filters", cards with "View Store",
 * "Load More Stores", the empty state, live updates, no JavaScript, 390 px.
 */

const ID = "shopping-results";
const cards = (page: Parameters<typeof cardsOf>[0]) => cardsOf(page, ID);

test.describe("shopping page", () => {
  test("the spec's heading and controls, and real stores with View Store", async ({ page }) => {
    await open(page, "/categories/shopping");
    await expect(page).toHaveTitle(/^Shopping \| Near /);
    await expect(page.getByRole("heading", { level: 1, name: "Shopping Near You" })).toBeVisible();
    await expect(page.getByRole("combobox", { name: "Search" })).toHaveAttribute("placeholder", "Search stores...");
    expect(await optionLabels(page, "Category")).toEqual([
      "All Categories",
      "Clothing & Apparel",
      "Jewelry & Accessories",
      "Gifts & Specialty",
      "Home & Decor",
    ]);
    await expect(page.getByRole("button", { name: "Apply Filters" })).toBeVisible();

    const all = await api(page, "shopping");
    expect(all.total).toBeGreaterThan(9);
    const expected = pageOrder(all.items).slice(0, 12);
    await expect(page.getByRole("heading", { name: `Showing 12 of ${all.total} stores` })).toBeVisible();
    await expectNames(page, ID, expected);
    await expectPlanBadges(page, ID, expected);
    expect(expected[0]!.plan).toBe("premium");
    for (const [i, b] of expected.entries()) {
      const card = cards(page).nth(i);
      await expect(card).toContainText(b.reviewCount > 0 ? `Rated ${b.rating.toFixed(1)}` : "New");
      await expect(card.locator("p").first()).toContainText(b.address);
      await expect(card.getByRole("link", { name: /^View Store/ })).toHaveAttribute("href", `/business/${b.slug}`);
    }
    await cards(page)
      .first()
      .getByRole("link", { name: /^View Store/ })
      .click();
    await expect(page).toHaveURL(`/business/${expected[0]!.slug}`);
    await expect(page.getByRole("heading", { level: 1, name: expected[0]!.name })).toBeVisible();
  });

  test("each category and the search narrow the list on the server, in the URL", async ({ page }) => {
    await open(page, "/categories/shopping");
    for (const kind of ["clothing", "jewelry", "gifts", "home"]) {
      await page.getByLabel("Category", { exact: true }).selectOption(kind);
      await page.getByRole("button", { name: "Apply Filters" }).click();
      await expect(page).toHaveURL(new RegExp(`category=${kind}`));
      const expected = await api(page, "shopping", `&kind=${kind}`);
      expect(expected.total, kind).toBeGreaterThanOrEqual(3);
      await expectNames(page, ID, pageOrder(expected.items).slice(0, 12)); // the first page (other specs add listings)
      await expect(page.getByLabel("Category", { exact: true })).toHaveValue(kind);
    }
    await page.getByLabel("Category", { exact: true }).selectOption("all");
    await page.getByRole("combobox", { name: "Search" }).fill("vintage");
    await page.getByRole("button", { name: "Apply Filters" }).click();
    await expect(page).toHaveURL(/q=vintage/);
    const vintage = await api(page, "shopping", "&q=vintage");
    expect(vintage.total).toBeGreaterThan(0);
    await expect
      .poll(async () => (await cards(page).locator("h3").allTextContents()).sort())
      .toEqual(vintage.items.map((b) => b.name).sort());
    // Back restores the earlier filters in the fields.
    await page.goBack();
    await expect(page.getByLabel("Category", { exact: true })).toHaveValue("home");
    await expect(page.getByRole("combobox", { name: "Search" })).toHaveValue("");
  });

  test("Load More Stores adds the next page, keeps focus in the list and disappears at the end", async ({ page }) => {
    const all = pageOrder((await api(page, "shopping")).items);
    await open(page, "/categories/shopping");
    await expect(cards(page)).toHaveCount(12);
    let shown = 12;
    while (shown < all.length) {
      const more = page.getByRole("link", { name: "Load More Stores" });
      await more.focus();
      await page.keyboard.press("Enter");
      shown = Math.min(all.length, shown + 12);
      await expect(cards(page)).toHaveCount(shown);
      await expect(
        cards(page)
          .nth(shown - (shown % 12 || 12))
          .getByRole("link", { name: /^View Store/ }),
      ).toBeFocused();
    }
    await expectNames(page, ID, all);
    await expect(page.getByRole("link", { name: "Load More Stores" })).toHaveCount(0);
    await expect(page.getByRole("heading", { name: `${all.length} stores` })).toBeVisible();
    await expect(page.getByText("That's every store that matches.")).toBeVisible();
    // A shop of a kind beyond the spec's four (the listing form's "Sports & Outdoors") shows under All.
    expect(all.some((b) => b.subcategory === "sports")).toBe(true);
  });

  test("no matches: the empty state says what to change, with a way back", async ({ page }) => {
    await open(page, "/categories/shopping?q=zzqxvy&category=jewelry");
    await expect(page.getByText("No stores match those filters")).toBeVisible();
    await expect(page.getByText("Try fewer words, or choose All Categories.")).toBeVisible();
    await page.getByRole("link", { name: "Clear filters" }).click();
    await expect(page).toHaveURL("/categories/shopping");
    await expect(cards(page)).toHaveCount(12);
  });

  test("works without JavaScript: the filter form and Load More", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto("/categories/shopping");
    await expect(cards(page)).toHaveCount(12);
    await page.getByLabel("Category", { exact: true }).selectOption("gifts");
    await page.getByRole("button", { name: "Apply Filters" }).click();
    await expect(page).toHaveURL(/category=gifts/);
    await expectNames(page, ID, pageOrder((await api(page, "shopping", "&kind=gifts")).items).slice(0, 12));
    await page.goto("/categories/shopping");
    await page.getByRole("link", { name: "Load More Stores" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(cards(page)).toHaveCount(Math.min(24, (await api(page, "shopping")).total));
    await context.close();
  });

  test("a new store appears while the page is open, with a default photo, and leaves when deleted", async ({
    page,
    browser,
  }) => {
    const name = `Live Test Beads ${Date.now()}`;
    await open(page, `/categories/shopping?category=jewelry&q=${encodeURIComponent(name)}`);
    await expect(page.getByText("No stores match those filters")).toBeVisible();

    const admin = await browser.newContext({ baseURL: BASE_URL });
    await signIn(admin, "admin");
    const created = await createListing(admin.request, { name, subcategory: "jewelry" });
    try {
      await expect(cards(page)).toHaveCount(1);
      await expect(cards(page).first().getByRole("heading", { name })).toBeVisible();
      await expect(cards(page).first().getByRole("img", { name: "No photo yet" })).toBeVisible();
      await expect(cards(page).first()).toContainText("New");
    } finally {
      const res = await admin.request.delete(`/api/v1/businesses/${created.id}`, { headers: { origin: BASE_URL } });
      expect(res.status()).toBeLessThan(300);
      await admin.close();
    }
    await expect(page.getByText("No stores match those filters")).toBeVisible();
  });

  test("at 390 px: no sideways scroll (screenshot kept)", async ({ page }) => {
    await expectPhoneLayout(page, "/categories/shopping", "categories-shopping");
    await expect(cards(page)).toHaveCount(12);
  });

  for (const theme of ["light", "dark"] as const) {
    test(`has no accessibility violations with no matches (${theme})`, async ({ page }) => {
      if (theme === "dark") await page.addInitScript(() => localStorage.setItem("theme", "dark"));
      // The page with its stores is scanned in both themes and at both widths by e2e/accessibility-routes-*.spec.ts.
      await open(page, "/categories/shopping?q=zzqxvy");
      await expectNoA11yViolations(page);
    });
  }
});
