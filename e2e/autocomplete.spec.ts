import type { Page } from "@playwright/test";
import { useTheme, type Theme } from "./accessibility-support";
import { expect, expectNoA11yViolations, test } from "./fixtures";

/**
 * Search autocomplete (issue 14, docs/search.md): the search boxes of the home hero, the search
 * page and the category pages suggest businesses, categories, cuisines and kinds as the visitor
 * types — an ARIA 1.2 combobox driven by the keyboard or the mouse.
 */

async function typeInto(page: Page, path: string, name: string, text: string) {
  await page.goto(path);
  // A combobox once hydrated (before that, the plain search box of its GET form).
  const box = page.getByRole("main").getByRole("combobox", { name });
  await box.click();
  await box.pressSequentially(text, { delay: 30 });
  const list = page.getByRole("listbox", { name: "Suggestions" });
  await expect(list).toBeVisible();
  await expect(box).toHaveAttribute("aria-expanded", "true");
  return { box, list };
}

test.describe("search autocomplete", () => {
  test("by keyboard: type in the home hero, arrow down, Enter opens the business page", async ({ page }) => {
    const { box, list } = await typeInto(page, "/", "Search businesses", "slice of");
    const option = list.getByRole("option", { name: /Slice of Heaven Pizza/ });
    await expect(option).toBeVisible();
    await expect(list.getByRole("option")).toHaveCount(1);

    await box.press("ArrowDown");
    await expect(option).toHaveAttribute("aria-selected", "true");
    await expect(box).toHaveAttribute("aria-activedescendant", (await option.getAttribute("id"))!);
    await expect(box).toBeFocused();
    await box.press("Enter");
    // The page's readable address (issue 40, defect 10).
    await expect(page).toHaveURL(/\/business\/slice-of-heaven-pizza$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Slice of Heaven Pizza");
  });

  test("a cuisine suggestion opens its category page; arrows move and wrap", async ({ page }) => {
    const { box, list } = await typeInto(page, "/", "Search businesses", "pizz");
    const options = list.getByRole("option");
    await expect(options.first()).toContainText("Pizza");
    await expect(options.first()).toContainText("Cuisine");
    const count = await options.count();
    expect(count).toBeGreaterThan(1);
    // Up from nothing is the last; down from the last is the first.
    await box.press("ArrowUp");
    await expect(options.nth(count - 1)).toHaveAttribute("aria-selected", "true");
    await box.press("ArrowDown");
    await expect(options.first()).toHaveAttribute("aria-selected", "true");
    await box.press("Enter");
    // The category's page in the site's city (issue 34).
    await expect(page).toHaveURL("/categories/pizza");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pizza");
    await expect(page.getByRole("main").getByRole("link", { name: "View Details" }).first()).toBeVisible();
  });

  test("Escape closes the list and keeps the text; Enter with none chosen searches the text", async ({ page }) => {
    const { box, list } = await typeInto(page, "/", "Search businesses", "coffee");
    await box.press("ArrowDown");
    await box.press("Escape");
    await expect(list).toBeHidden();
    await expect(box).toHaveAttribute("aria-expanded", "false");
    await expect(box).not.toHaveAttribute("aria-activedescendant");
    await expect(box).toHaveValue("coffee");
    // ArrowDown brings the suggestions back.
    await box.press("ArrowDown");
    await expect(list).toBeVisible();
    await box.press("Escape");
    await box.press("Enter");
    await expect(page).toHaveURL("/search?q=coffee");
  });

  test("forgives a typo, and a click works too", async ({ page }) => {
    const { list } = await typeInto(page, "/search", "Search businesses", "cofee");
    await expect(list.getByRole("option").first()).toContainText("Cafe & Coffee");
    await list.getByRole("option", { name: /Daily Grind Coffee House/ }).click();
    await expect(page).toHaveURL(/\/business\/the-daily-grind-coffee-house$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("The Daily Grind Coffee House");
  });

  test("on a category page, submitting the text still runs the page's own search", async ({ page }) => {
    const { box, list } = await typeInto(page, "/categories/shopping", "Search", "vint");
    await expect(list.getByRole("option", { name: /Second Story Vintage/ })).toBeVisible();
    await box.press("Enter");
    await expect(list).toBeHidden();
    await expect(page).toHaveURL(/\/categories\/shopping\?(.*&)?q=vint(&|$)/);
    await expect(page.getByRole("link", { name: /Second Story Vintage/ }).first()).toBeVisible();
  });

  for (const [theme, width] of [
    ["light", 1280],
    ["dark", 1280],
    ["light", 390],
    ["dark", 390],
  ] as [Theme, number][]) {
    test(`axe with the list open (${theme}, ${width} px)`, async ({ page, context }) => {
      await useTheme(context, theme);
      await page.setViewportSize({ width, height: width > 400 ? 900 : 844 });
      const { list } = await typeInto(page, "/", "Search businesses", "pi");
      await expect(list.getByRole("option").nth(1)).toBeVisible();
      await page.getByRole("main").getByRole("combobox").press("ArrowDown");
      await expectNoA11yViolations(page);
      await page.screenshot({ path: `reports/screenshots/autocomplete-${theme}-${width}.png` });
    });
  }
});
