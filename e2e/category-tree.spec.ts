import type { Page } from "@playwright/test";
import { createListing, expect, signIn, test, visit } from "./admin-support";
import { expectNoA11yViolations } from "./fixtures";

/**
 * The category tree in the browser (issue 34): from the home page through the Categories menu and the whole tree to
 * a leaf category, then to a city of another country through the page's place field. Axe on the menu open (the
 * pages' own scans are in accessibility-routes-*.spec.ts).
 */

const main = (page: Page) => page.getByRole("main");

test("from the home page to a leaf category in a Canadian city", async ({ page, browser }) => {
  // An orthodontist in Edmonton, made through the API by an admin (published at once).
  const admin = await browser.newContext();
  await signIn(admin, "admin");
  const adminPage = await admin.newPage();
  await adminPage.goto("/");
  const name = `Jasper Avenue Orthodontics ${Date.now().toString(36)}`;
  await createListing(adminPage.request, {
    name,
    category: undefined,
    subcategory: undefined,
    primaryCategory: "orthodontists",
    address: "10180 101 St NW",
    city: "Edmonton",
    state: "AB",
    zip: "T5J 0N3",
    country: "CA",
    phone: "+1 780 555 0199",
    latitude: 53.5444,
    longitude: -113.4909,
  });
  await admin.close();

  await visit(page, "/");
  await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Categories" }).click();
  const menu = page.getByRole("menu");
  await expect(menu.getByRole("menuitem", { name: "Health & Medical" })).toBeVisible();
  await expectNoA11yViolations(page);
  await menu.getByRole("menuitem", { name: "All categories" }).click();
  await expect(page).toHaveURL(/\/categories$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("All categories");

  await main(page).getByRole("link", { name: "Orthodontists", exact: true }).click();
  await expect(page).toHaveURL(/\/categories\/orthodontists$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Orthodontists");
  const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(crumbs.getByRole("listitem")).toHaveText([
    "Home",
    "Categories",
    "Health & Medical",
    "Dentists",
    "Orthodontists",
  ]);
  // In the site's city there is none; Edmonton has one.
  await expect(main(page).getByRole("link", { name: new RegExp(name) })).toHaveCount(0);
  await main(page)
    .getByLabel(/ZIP code, city or neighborhood/)
    .fill("Edmonton");
  await main(page).getByRole("button", { name: "Go" }).click();
  await expect(page).toHaveURL(/near=Edmonton/);
  await expect(main(page).getByText(name).first()).toBeVisible();

  // The business page links back to its category.
  await main(page).getByRole("link", { name: "View Details" }).first().click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  await page.getByTestId("about-categories").getByRole("link", { name: "Orthodontists" }).click();
  await expect(page).toHaveURL(/\/categories\/orthodontists$/);
});
