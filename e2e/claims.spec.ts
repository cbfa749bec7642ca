import type { Page } from "@playwright/test";
import { BASE_URL, demoAccount, expect, signIn, signInWith, signUpWith, test, visit } from "./admin-support";
import { waitForMail } from "./auth-helpers";
import { expectNoA11yViolations } from "./fixtures";
import { fillSignIn } from "./reviews-support";

/**
 * Ownership claims (issue 16): a visitor's "Claim it" goes through sign-in
 * and comes back to the claim form; a new business owner files a claim; an
 * admin approves it in the Claims tab; the owner is emailed and finds the
 * listing in My listings. Axe on the claim form and the Claims tab; the
 * form without JavaScript.
 */

/** Demo listings nobody owns and no other spec uses; each run claims the first one still unclaimed. */
const CANDIDATES = [
  ["greenway-lawn-care", "Greenway Lawn Care"],
  ["stonepath-hardscapes", "Stonepath Hardscapes"],
  ["volt-brothers-electrical", "Volt Brothers Electrical"],
  ["current-solutions-electricians", "Current Solutions Electricians"],
  ["puzzle-box-adventures", "Puzzle Box Adventures"],
  ["clearwater-drain-specialists", "Clearwater Drain Specialists"],
] as const;

const PASSWORD = "claim-pass-123";

/** The first candidate whose page still says "Own this business? Claim it" to a visitor. */
async function unclaimedListing(page: Page) {
  for (const [slug, name] of CANDIDATES) {
    await visit(page, `/business/${slug}`);
    if ((await page.getByTestId("claim-prompt").filter({ hasText: "Own this business? Claim it" }).count()) > 0)
      return { slug, name };
  }
  throw new Error("No unclaimed candidate listing left in this data directory");
}

test("an owner claims an unowned listing, an admin approves it in the Claims tab, the owner then sees it in My listings", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const email = `claimant-${Date.now().toString(36)}@example.com`;
  await signUpWith(page.request, { name: "Clara Claimant", email, password: PASSWORD, type: "business" });
  await page.context().clearCookies();

  // A visitor: the prompt's link goes to sign-in, which comes back to the claim form.
  const listing = await unclaimedListing(page);
  const prompt = page.getByTestId("claim-prompt");
  await expect(prompt).toHaveText("Own this business? Claim it");
  await prompt.getByRole("link", { name: "Claim it" }).click();
  await expect(page).toHaveURL(/\/auth\?redirectTo=/);
  await fillSignIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/business\/[^/]+\/claim$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Claim ${listing.name}`);

  const form = page.getByRole("form", { name: `Claim ${listing.name}` });
  await expect(form).toBeVisible();
  await expectNoA11yViolations(page);

  // Checked in the browser first: a short note and a phone that isn't one.
  await form.getByRole("radio", { name: "Business phone number" }).check();
  await form.getByLabel("Business email address or phone number").fill("call me");
  await form.getByRole("button", { name: "Send claim" }).click();
  await expect(form.getByText(/20 to 1000 characters/)).toBeVisible();
  await expect(form.getByText(/7 to 20 digits/)).toBeVisible();

  await form
    .getByLabel(`How are you connected to ${listing.name}?`)
    .fill("I founded the company in 2012 and still run it.");
  await form.getByLabel("Business email address or phone number").fill("(217) 555-0199");
  await form.getByRole("button", { name: "Send claim" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Thanks! Your claim was sent." })).toBeVisible();
  const mine = page.getByTestId("my-claim");
  await expect(mine).toContainText("Pending review");
  await expect(mine).toContainText("(217) 555-0199");
  // The business page now says the claim is waiting.
  await visit(page, `/business/${listing.slug}`);
  await expect(page.getByTestId("claim-prompt")).toContainText("Your claim for this listing is waiting for review.");

  // The admin approves it in the Claims tab (the demo owner's seeded claim waits there too).
  const adminContext = await browser.newContext({ baseURL: BASE_URL });
  const admin = await adminContext.newPage();
  await signIn(adminContext, "admin");
  await visit(admin, "/admin");
  await admin.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Claims" }).click();
  await expect(admin).toHaveURL(/\/admin\/claims$/);
  await expect(admin.getByRole("heading", { level: 1, name: "Claims" })).toBeVisible();
  await expect(admin.getByRole("button", { name: "Approve claim: Nest Home Goods" })).toBeVisible();
  await expectNoA11yViolations(admin);
  const card = admin.getByTestId("admin-claim").filter({ hasText: email });
  await expect(card).toContainText(listing.name);
  await expect(card).toContainText("I founded the company in 2012");
  // Refusing needs a reason.
  await card.getByRole("button", { name: `Refuse claim: ${listing.name}` }).click();
  await expect(card.getByText("Give a reason (3 to 500 characters).")).toBeVisible();
  await card.getByRole("button", { name: `Approve claim: ${listing.name}` }).click();
  await expect(admin.getByRole("status").filter({ hasText: "Claim approved" })).toBeVisible();
  await expect(card).toContainText("Approved");
  await expect(card.getByRole("button", { name: `Approve claim: ${listing.name}` })).toHaveCount(0);
  await adminContext.close();

  // The claimant is emailed, and the listing is theirs.
  const mail = await waitForMail(email, new RegExp(`^Your claim for ${listing.name} was approved`));
  expect(mail.subject).toContain(listing.name);
  await visit(page, "/portal#my-listings");
  await expect(page.getByRole("region", { name: "My listings", exact: true })).toContainText(listing.name);
  await visit(page, `/business/${listing.slug}`);
  await expect(page.getByTestId("claim-prompt")).toHaveCount(0);
});

test("without JavaScript the claim form posts and answers inline; a customer is told how to become an owner", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: BASE_URL });
  const page = await context.newPage();
  const email = `nojs-claimant-${Date.now().toString(36)}@example.com`;
  await signUpWith(page.request, { name: "Nils NoScript", email, password: PASSWORD, type: "business" });
  let listing: { slug: string; name: string } | null = null;
  for (const [slug, name] of [...CANDIDATES].reverse()) {
    await page.goto(`/business/${slug}`);
    if ((await page.getByTestId("claim-prompt").filter({ hasText: "Own this business? Claim it" }).count()) > 0) {
      listing = { slug, name };
      break;
    }
  }
  expect(listing).not.toBeNull();
  await page.goto(`/business/${listing!.slug}/claim`);
  const form = page.getByRole("form", { name: `Claim ${listing!.name}` });
  // Nothing typed: the server names each field.
  await form.getByRole("button", { name: "Send claim" }).click();
  await expect(form.getByText(/20 to 1000 characters/)).toBeVisible();
  await form
    .getByLabel(`How are you connected to ${listing!.name}?`)
    .fill("My family has owned this business for years.");
  await form.getByRole("radio", { name: "Business email address" }).check();
  await form.getByLabel("Business email address or phone number").fill("nils@example.org");
  await form.getByRole("button", { name: "Send claim" }).click();
  await expect(page.getByText("Thanks! Your claim was sent.")).toBeVisible();
  await expect(page.getByTestId("my-claim")).toContainText("Pending review");
  await context.close();

  // A customer gets no form, but the way to become an owner.
  const customer = await browser.newContext({ baseURL: BASE_URL });
  const customerPage = await customer.newPage();
  const { email: customerEmail, password: customerPassword } = demoAccount("customer");
  await signInWith(customerPage, customerEmail, customerPassword);
  await visit(customerPage, `/business/${listing!.slug}/claim`);
  await expect(customerPage.getByText("Only business owner accounts can claim a listing.")).toBeVisible();
  await expect(customerPage.getByRole("link", { name: "Account Settings" })).toHaveAttribute(
    "href",
    "/account/settings",
  );
  await expect(customerPage.getByRole("form", { name: /^Claim / })).toHaveCount(0);
  await customer.close();
});
