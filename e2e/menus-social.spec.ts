import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import { BASE_URL, createListing, expect, expectToast, signUpWith, signIn, test, visit } from "./admin-support";
import { expectNoA11yViolations } from "./fixtures";
import { waitForHydration } from "./hydration";

/**
 * Social links and menus (issue 36): a Featured owner adds a social link in the listing form and a PDF menu on the
 * listing's Menus page; a visitor sees both on the business page; a Basic owner is told which plan includes them.
 * The rules (validation, content checks, allowances, downgrade, API) are the integration tests'
 * (tests/integration/social-links.test.ts, tests/integration/menus.test.ts).
 */

const MENU_PDF = path.resolve("tests/fixtures/menus/menu.pdf");
let seq = 0;
const unique = (name: string) => `${name} ${Date.now().toString(36)}${++seq}`;

/** A new business owner with a published listing on `plan` (set and approved by the demo admin). */
async function ownerWithListing(browser: Browser, page: Page, plan: "basic" | "featured") {
  const email = `social-${Date.now().toString(36)}-${++seq}@example.com`;
  await signUpWith(page.request, { name: "Social Owner", email, password: "secret-123", type: "business" });
  const listing = await createListing(page.request, {
    name: unique(plan === "basic" ? "Basic Bakery" : "Social Bakery"),
  });
  const admin = await browser.newContext({ baseURL: BASE_URL });
  await signIn(admin, "admin");
  const patched = await admin.request.patch(`/api/v1/businesses/${listing.id}`, {
    headers: { origin: BASE_URL },
    data: { plan },
  });
  expect(patched.status(), await patched.text()).toBe(200);
  const approved = await admin.request.post(`/api/v1/businesses/${listing.id}/moderation`, {
    headers: { origin: BASE_URL },
    data: { action: "approve" },
  });
  expect(approved.status(), await approved.text()).toBe(200);
  await admin.close();
  return listing;
}

test.describe("social links and menus", () => {
  test.describe.configure({ timeout: 120_000 });

  test("a Featured owner adds an Instagram link and a PDF menu; a visitor sees both on the business page", async ({
    page,
    browser,
  }) => {
    const listing = await ownerWithListing(browser, page, "featured");
    const handle = `https://instagram.com/social${Date.now().toString(36)}`;

    await visit(page, `/business/edit/${listing.id}`);
    await waitForHydration(page);
    const section = page.getByRole("region", { name: "Social links" });
    await expect(section.getByRole("heading", { name: "Social links" })).toBeVisible();
    await expectNoA11yViolations(page, { include: 'section[aria-labelledby="section-social"]' });
    // A link off its network is refused, naming the network.
    await section.getByLabel("Instagram").fill("https://facebook.com/not-instagram");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(section.getByText(/Enter your Instagram page's https address/)).toBeVisible();
    await section.getByLabel("Instagram").fill(handle);
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expectToast(page, "Business Updated", "Your business information has been updated.");

    // The menu: from the listing's edit page ("Menus").
    await visit(page, `/business/edit/${listing.id}`);
    await page.getByRole("main").getByRole("link", { name: "Menus", exact: true }).click();
    await expect(page).toHaveURL(`/business/edit/${listing.id}/menus`);
    // The listing's sections are one row of links, the current one marked.
    await expect(
      page.getByRole("navigation", { name: "Listing sections" }).getByRole("link", { name: "Menus" }),
    ).toHaveAttribute("aria-current", "page");
    await expect(page.getByTestId("menu-allowance")).toContainText("0 of 3 menus on the Featured plan");
    await expectNoA11yViolations(page);
    const main = page.getByRole("main");
    await main.getByLabel("Title").fill("Dinner");
    await main.getByLabel("File").setInputFiles(MENU_PDF);
    await main.getByRole("button", { name: "Add menu" }).click();
    await expect(page.getByRole("status").filter({ hasText: "added" })).toBeVisible();
    await expect(page.getByTestId("menu-allowance")).toContainText("1 of 3 menus on the Featured plan");
    await expect(page.getByTestId("managed-menu")).toContainText("PDF · 2 pages");

    const visitorContext = await browser.newContext({ baseURL: BASE_URL });
    const visitor = await visitorContext.newPage();
    await visit(visitor, `/business/${listing.id}`);
    const links = visitor.getByRole("region", { name: /online$/ });
    const instagram = links.getByRole("link", { name: /Instagram/ });
    await expect(instagram).toHaveAttribute("href", handle);
    await expect(instagram).toHaveAttribute("rel", "me noopener");
    await expectNoA11yViolations(visitor, { include: "#social-links" });
    const menu = visitor.getByRole("region", { name: "Menu", exact: true });
    await expect(menu.getByTestId("menu-card")).toContainText("Dinner");
    const download = visitor.waitForEvent("download");
    await menu.getByRole("link", { name: "Download Dinner" }).click();
    expect((await download).suggestedFilename()).toBe("Dinner.pdf");
    await expectNoA11yViolations(visitor, { include: "#menu" });
    await visitorContext.close();
  });

  test("a Basic owner is told which plan includes social links and menus", async ({ page, browser }) => {
    const listing = await ownerWithListing(browser, page, "basic");
    await visit(page, `/business/edit/${listing.id}`);
    const upsell = page.getByTestId("social-links-upsell");
    await expect(upsell).toContainText("The Basic plan doesn't include social links.");
    await expect(upsell.getByRole("link", { name: "Upgrade to Featured" })).toHaveAttribute("href", "/pricing");
    await expect(page.getByRole("region", { name: "Social links" }).getByLabel("Instagram")).toHaveCount(0);
    await visit(page, `/business/edit/${listing.id}/menus`);
    await expect(page.getByTestId("menu-refusal")).toContainText(
      "The Basic plan doesn't include menus. Upgrade to Featured for up to 3.",
    );
    await expect(page.getByRole("button", { name: "Add menu" })).toHaveCount(0);
  });
});
