import type { Page } from "@playwright/test";
import { BASE_URL, createListing, expect, expectToast, managed, signIn, test, visit } from "./admin-support";
import { categoryBox, pickCategory } from "./category-picker-support";

/**
 * What owners set in the listing form reaches the category pages: the
 * age groups an entertainment venue suits (the Entertainment page's age
 * filter), and a category of the tree beyond the spec's four kinds ("Bike
 * Shops", under Sports & Outdoors) so that no shop is forced into a wrong one
 * (issues 18 and 34).
 */

const main = (page: Page) => page.getByRole("main");
const unique = (name: string) => `${name} ${Date.now().toString(36)}`;

async function remove(page: Page, id: string) {
  const res = await page.request.delete(`/api/v1/businesses/${id}`, { headers: { origin: BASE_URL } });
  expect(res.status()).toBeLessThan(300);
}

test.describe("the listing form and the category pages", () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, "admin");
  });

  test("age groups chosen in the form filter the Entertainment page", async ({ page }) => {
    const name = unique("Form Test Puppet Theater");
    const listing = await createListing(page.request, { name, category: "entertainment", subcategory: "theater" });
    try {
      await visit(page, `/business/edit/${listing.id}`);
      const ages = main(page).getByRole("group", { name: "Suitable for" });
      await ages.getByLabel("Kids (0-12)").check();
      await ages.getByLabel("Family-Friendly").check();
      await main(page).getByRole("button", { name: "Save Changes" }).click();
      await expectToast(page, "Business Updated", "Your business information has been updated.");
      expect(((await managed(page.request, listing.id)) as unknown as { ageGroups: string[] }).ageGroups).toEqual([
        "kids",
        "family",
      ]);

      const q = encodeURIComponent(name);
      await visit(page, `/categories/entertainment?q=${q}&age=kids`);
      const card = page.getByTestId("entertainment-results-list").locator(":scope > li");
      await expect(card).toHaveCount(1);
      await expect(card.getByRole("list", { name: "Suitable for" }).getByRole("listitem")).toHaveText([
        "Kids (0-12)",
        "Family-Friendly",
      ]);
      await visit(page, `/categories/entertainment?q=${q}&age=adults`);
      await expect(page.getByText("No activities match those filters")).toBeVisible();
    } finally {
      await remove(page, listing.id);
    }
  });

  test("a bike shop picks Bike Shops from the tree; the Shopping filter keeps the spec's four", async ({ page }) => {
    const name = unique("Form Test Bicycles");
    const listing = await createListing(page.request, { name, category: "shopping", subcategory: "gifts" });
    try {
      await visit(page, `/business/edit/${listing.id}`);
      // The stored group and kind name the category the picker starts on.
      await expect(categoryBox(page)).toHaveValue("Gifts & Specialty");
      await pickCategory(page, "bike", "Bike Shops");
      await expect(main(page).getByText("In Shopping › Sports & Outdoors. Type to change it.")).toBeVisible();
      await main(page).getByRole("button", { name: "Save Changes" }).click();
      await expectToast(page, "Business Updated", "Your business information has been updated.");
      expect(await managed(page.request, listing.id)).toMatchObject({
        primaryCategory: "bike-shops",
        category: "shopping",
      });
      await expect(categoryBox(page)).toHaveValue("Bike Shops");

      await visit(page, `/categories/shopping?q=${encodeURIComponent(name)}`);
      const card = page.getByTestId("shopping-results-list").locator(":scope > li");
      await expect(card).toHaveCount(1);
      await expect(page.getByLabel("Category", { exact: true }).locator("option")).toHaveText([
        "All Categories",
        "Clothing & Apparel",
        "Jewelry & Accessories",
        "Gifts & Specialty",
        "Home & Decor",
      ]);
    } finally {
      await remove(page, listing.id);
    }
  });
});
