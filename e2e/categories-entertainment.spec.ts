import { expect, test } from "./fixtures";
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
 * /categories/entertainment, "Entertainment & Activities", on real venues:
 * search, the spec's type and age dropdowns (age groups are stored on each
 * business), "Load More Activities", the empty state, 390 px.
 */

const ID = "entertainment-results";
const cards = (page: Parameters<typeof cardsOf>[0]) => cardsOf(page, ID);
const AGE_LABELS: Record<string, string> = {
  kids: "Kids (0-12)",
  teens: "Teens (13-17)",
  adults: "Adults (18+)",
  family: "Family-Friendly",
};

test.describe("entertainment page", () => {
  test("the spec's heading and dropdowns, and real venues with their age groups", async ({ page }) => {
    await open(page, "/categories/entertainment");
    await expect(page).toHaveTitle(/^Entertainment \| Near /);
    await expect(page.getByRole("heading", { level: 1, name: "Entertainment & Activities" })).toBeVisible();
    await expect(page.getByRole("combobox", { name: "Search" })).toHaveAttribute("placeholder", "Search activities...");
    expect(await optionLabels(page, "Type")).toEqual([
      "All Types",
      "Theater & Shows",
      "Arcade & Games",
      "Escape Rooms",
      "Attractions",
    ]);
    expect(await optionLabels(page, "Age group")).toEqual([
      "All Ages",
      "Kids (0-12)",
      "Teens (13-17)",
      "Adults (18+)",
      "Family-Friendly",
    ]);

    const all = pageOrder((await api(page, "entertainment")).items);
    const expected = all.slice(0, 12);
    await expect(page.getByRole("heading", { name: `Showing 12 of ${all.length} activities` })).toBeVisible();
    await expectNames(page, ID, expected);
    await expectPlanBadges(page, ID, expected);
    for (const [i, b] of expected.entries()) {
      const card = cards(page).nth(i);
      const order = ["kids", "teens", "adults", "family"];
      await expect(card.getByRole("list", { name: "Suitable for" }).getByRole("listitem")).toHaveText(
        order.filter((a) => b.ageGroups.includes(a)).map((a) => AGE_LABELS[a]!),
      );
      await expect(card.getByRole("link", { name: /^View Details/ })).toHaveAttribute("href", `/business/${b.slug}`);
    }
  });

  test("each type and each age group narrow the list on the server, together too", async ({ page }) => {
    await open(page, "/categories/entertainment");
    for (const type of ["theater", "arcade", "escape", "attractions"]) {
      await page.getByLabel("Type", { exact: true }).selectOption(type);
      await page.getByRole("button", { name: "Apply Filters" }).click();
      await expect(page).toHaveURL(new RegExp(`type=${type}`));
      const expected = await api(page, "entertainment", `&kind=${type}`);
      expect(expected.total, type).toBeGreaterThanOrEqual(3);
      await expectNames(page, ID, pageOrder(expected.items).slice(0, 12)); // the first page (other specs add listings)
    }
    await page.getByLabel("Type", { exact: true }).selectOption("all");
    for (const age of ["kids", "teens", "adults", "family"]) {
      await page.getByLabel("Age group").selectOption(age);
      await page.getByRole("button", { name: "Apply Filters" }).click();
      await expect(page).toHaveURL(new RegExp(`age=${age}`));
      const expected = await api(page, "entertainment", `&age=${age}`);
      expect(expected.total, age).toBeGreaterThan(0);
      await expectNames(page, ID, pageOrder(expected.items).slice(0, 12));
      for (const b of expected.items) expect(b.ageGroups).toContain(age);
    }
    await page.getByLabel("Type", { exact: true }).selectOption("escape");
    await page.getByLabel("Age group").selectOption("adults");
    await page.getByRole("button", { name: "Apply Filters" }).click();
    await expect(page).toHaveURL(/type=escape&age=adults/);
    await expectNames(
      page,
      ID,
      pageOrder((await api(page, "entertainment", "&kind=escape&age=adults")).items).slice(0, 12),
    );
  });

  test("no matches: the empty state names what to change", async ({ page }) => {
    await open(page, "/categories/entertainment?q=zzqxvy&type=arcade&age=kids");
    await expect(page.getByText("No activities match those filters")).toBeVisible();
    await expect(page.getByText("Try fewer words, or All Types, or All Ages.")).toBeVisible();
    await page.getByRole("link", { name: "Clear filters" }).click();
    await expect(cards(page)).toHaveCount(12);
  });

  test("Load More Activities adds the next page and disappears at the end", async ({ page }) => {
    const all = pageOrder((await api(page, "entertainment")).items);
    expect(all.length).toBeGreaterThan(12);
    await open(page, "/categories/entertainment");
    await page.getByRole("link", { name: "Load More Activities" }).click();
    await expect(cards(page)).toHaveCount(Math.min(24, all.length));
    await expectNames(page, ID, all.slice(0, 24));
    if (all.length <= 24) await expect(page.getByRole("link", { name: "Load More Activities" })).toHaveCount(0);
  });

  test("works without JavaScript", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto("/categories/entertainment");
    await page.getByLabel("Age group").selectOption("family");
    await page.getByRole("button", { name: "Apply Filters" }).click();
    await expect(page).toHaveURL(/age=family/);
    await expectNames(page, ID, pageOrder((await api(page, "entertainment", "&age=family")).items).slice(0, 12));
    await context.close();
  });

  test("at 390 px: no sideways scroll (screenshot kept)", async ({ page }) => {
    await expectPhoneLayout(page, "/categories/entertainment", "categories-entertainment");
    await expect(cards(page)).toHaveCount(12);
  });

  // axe on the page, in both themes and at both widths: e2e/accessibility-routes-*.spec.ts.
});
