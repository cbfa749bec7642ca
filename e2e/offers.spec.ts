import type { Browser, Page } from "@playwright/test";
import { BASE_URL, createListing, expect, signIn, signUpWith, test, visit } from "./admin-support";
import { expectNoA11yViolations } from "./fixtures";

/**
 * Coupons and offers (issue 36): a Featured owner adds one from their listing, a visitor finds it on the business
 * page and on /deals; a Basic owner is told which plan includes them. The rules (allowances with events, expiry,
 * who may) are the integration tests' (tests/integration/offers.test.ts).
 */

let seq = 0;
const unique = (name: string) => `${name} ${Date.now().toString(36)}${++seq}`;

/** A new business owner with a published listing on `plan` (set and approved by the demo admin). */
async function ownerWithListing(browser: Browser, page: Page, plan: "basic" | "featured") {
  const email = `offers-${Date.now().toString(36)}-${++seq}@example.com`;
  await signUpWith(page.request, { name: "Offer Owner", email, password: "secret-123", type: "business" });
  const listing = await createListing(page.request, { name: unique(plan === "basic" ? "Basic Gifts" : "Deal Gifts") });
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

test.describe("coupons and offers", () => {
  test.describe.configure({ timeout: 120_000 });

  test("a Featured owner adds an offer; a visitor sees it on the business page and on /deals", async ({
    page,
    browser,
  }) => {
    const listing = await ownerWithListing(browser, page, "featured");
    const title = unique("Free gift wrap");

    // From the listing: the owner bar's "Offers".
    await visit(page, `/business/${listing.id}`);
    await page.getByRole("link", { name: "Offers", exact: true }).click();
    await expect(page).toHaveURL(`/business/edit/${listing.id}/offers`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Coupons & Offers");
    await expect(page.getByTestId("offer-allowance")).toContainText("0 of 5 coupons or events on the Featured plan");
    await expectNoA11yViolations(page);

    const main = page.getByRole("main");
    await main.getByLabel("Title").fill(title);
    await main.getByLabel("Terms").fill("On any purchase over $20. Ask at the register.");
    await main.getByLabel("Code (optional)").fill("wrapit");
    await main.getByLabel("First customers only (optional)").fill("30");
    await main.getByRole("button", { name: "Add offer" }).click();
    await expect(page.getByRole("status").filter({ hasText: "added" })).toBeVisible();
    await expect(page.getByTestId("offer-allowance")).toContainText("1 of 5 coupons or events on the Featured plan");
    await expect(page.getByTestId("managed-offer")).toContainText(title);
    await expect(page.getByTestId("managed-offer")).toContainText("Showing now");

    // A visitor: on the business page, and on /deals near the site's city.
    const visitorContext = await browser.newContext({ baseURL: BASE_URL });
    const visitor = await visitorContext.newPage();
    await visit(visitor, `/business/${listing.id}`);
    const offers = visitor.getByRole("region", { name: "Offers" });
    await expect(offers.getByTestId("offer-card")).toContainText(title);
    await expect(offers.getByTestId("offer-card")).toContainText("WRAPIT");
    await expect(offers.getByTestId("offer-card")).toContainText("First 30 customers");
    await expectNoA11yViolations(visitor, { include: "#offers" });

    await visit(visitor, "/deals");
    await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(/^Deals near /);
    await expectNoA11yViolations(visitor);
    await visit(visitor, `/deals?near=Springfield`);
    const card = visitor.getByTestId("offer-card").filter({ hasText: title });
    // Paged by 12: look through the pages for it.
    for (let i = 0; i < 10 && !(await card.count()); i++) {
      const next = visitor.getByRole("link", { name: "Next" });
      if (!(await next.count())) break;
      await next.click();
    }
    await expect(card).toContainText(listing.name);
    await card.getByRole("link", { name: listing.name }).click();
    await expect(visitor).toHaveURL(`/business/${listing.slug}`);
    await visitorContext.close();
  });

  test("a Basic owner is told which plan includes offers", async ({ page, browser }) => {
    const listing = await ownerWithListing(browser, page, "basic");
    await visit(page, `/business/edit/${listing.id}`);
    await page.getByRole("link", { name: "Coupons & offers" }).click();
    await expect(page).toHaveURL(`/business/edit/${listing.id}/offers`);
    await expect(page.getByTestId("offer-refusal")).toContainText(
      "The Basic plan doesn't include coupons or events. Upgrade to Featured for up to 5.",
    );
    await expect(page.getByRole("button", { name: "Add offer" })).toHaveCount(0);
    await expectNoA11yViolations(page);
  });
});
