import type { Page } from "@playwright/test";
import { BASE_URL, expect, expectToast, pngFile, signIn, test, visit } from "./admin-support";
import { PASSWORD } from "./auth-helpers";
import { pickCategory } from "./category-picker-support";
import { expectNoA11yViolations } from "./fixtures";

/**
 * Plans and payments without Stripe (issue 10): the pricing toggle (also
 * without JavaScript) with the spec's numbers, "Get Started" as a new visitor
 * through sign-up to a listing with the chosen plan requested, an admin
 * granting it on the Plans tab, and the Featured plan refusing an eleventh photo.
 */

const main = (page: Page) => page.getByRole("main");
const plans = (page: Page) =>
  page
    .getByRole("region", { name: "Plans" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { level: 3 }) });

test("the billing toggle shows annual prices and the yearly saving, with and without JavaScript", async ({
  page,
  browser,
}) => {
  await visit(page, "/pricing");
  await expect(page.getByTestId("price-featured")).toHaveText("$25");
  await page.getByRole("button", { name: /^Annual/ }).click();
  await expect(page).toHaveURL("/pricing?billing=annual");
  await expect(page.getByRole("button", { name: /^Annual/ })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("price-basic")).toHaveText("$9");
  await expect(page.getByTestId("price-featured")).toHaveText("$19");
  await expect(page.getByTestId("price-premium")).toHaveText("$29");
  // (monthly − annual) × 12: (15 − 9), (25 − 19), (35 − 29) → $72 a year each.
  await expect(page.getByText("Save $72/year")).toHaveCount(3);
  await expect(page.getByText("$228 a year")).toBeVisible();
  await expect(page.getByRole("button", { name: "Monthly" })).toHaveAttribute("aria-pressed", "false");
  await expectNoA11yViolations(page);
  await page.getByRole("button", { name: "Monthly" }).click();
  await expect(page.getByTestId("price-basic")).toHaveText("$15");
  await expect(page.getByText("Save $72/year")).toHaveCount(0);

  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: BASE_URL });
  const plain = await context.newPage();
  await plain.goto("/pricing");
  await plain.getByRole("button", { name: /^Annual/ }).click();
  await expect(plain).toHaveURL(/\/pricing\?billing=annual$/);
  await expect(plain.getByTestId("price-premium")).toHaveText("$29");
  await plain.getByRole("button", { name: "Monthly" }).click();
  await expect(plain.getByTestId("price-premium")).toHaveText("$35");
  await context.close();
});

test("Get Started: a visitor signs up, adds a listing with Featured requested, an admin grants it, an eleventh photo is refused", async ({
  page,
  browser,
}) => {
  // Sign-up, a listing, an admin and eleven photos: a long walk on a shared machine.
  test.slow();
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const name = `Plan Bistro ${stamp}`;
  const email = `plan-${stamp}@example.com`;

  await visit(page, "/pricing?billing=annual");
  await plans(page)
    .nth(1)
    .getByRole("link", { name: /Get Started/ })
    .click();
  await expect(page).toHaveURL(/\/auth\?mode=signup&type=business&redirectTo=/);
  await expect(main(page).getByRole("radio", { name: /Business Owner/ })).toBeChecked();
  await main(page).getByLabel("Business Name", { exact: true }).fill(name);
  await main(page).getByLabel("Email", { exact: true }).fill(email);
  await main(page).getByLabel("Password", { exact: true }).fill(PASSWORD);
  await main(page).getByRole("button", { name: "Create Account" }).click();

  // On to the chooser: no listings yet, so "A new listing".
  await expect(page).toHaveURL("/pricing/choose?plan=featured&billing=annual");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("The Featured plan");
  await expect(main(page).getByRole("radio", { name: "A new listing" })).toBeChecked();
  await main(page).getByRole("button", { name: "Continue with Featured" }).click();

  await expect(page).toHaveURL("/business/new?plan=featured&billing=annual");
  await expect(main(page).getByRole("note")).toContainText("You chose the Featured plan.");
  const field = (label: string) => main(page).getByLabel(label, { exact: false });
  await field("Business name").fill(name);
  await pickCategory(page, "Italian");
  await field("Address").fill("9 Plan Street");
  await field("ZIP code").fill("62704");
  await main(page).getByRole("button", { name: "Add Business" }).click();
  await expectToast(page, "Business Added", "Your business has been successfully listed.");
  await expect(page).toHaveURL(/\/pricing\/choose\?plan=featured&billing=annual&requested=[0-9a-f-]{36}$/);
  const id = new URL(page.url()).searchParams.get("requested")!;
  // The chooser's own content, not the form's live regions (the category picker's among them) while it leaves.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("The Featured plan");
  await expect(main(page).getByRole("status").filter({ hasText: "Your request to move" })).toHaveText(
    `Your request to move ${name} to the Featured plan is waiting for an admin. Your listing keeps its current plan until then; nothing is charged.`,
  );
  await expect(main(page).getByRole("radio", { name: new RegExp(name) })).toBeVisible();
  await expect(main(page).getByText("Featured requested")).toBeVisible();

  // The admin grants it on the Plans tab.
  const adminContext = await browser.newContext({ baseURL: BASE_URL });
  await signIn(adminContext, "admin");
  const admin = await adminContext.newPage();
  await visit(admin, "/admin/plans");
  await expect(
    admin.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Plans" }),
  ).toHaveAttribute("aria-current", "page");
  const request = admin.getByTestId("plan-request").filter({ hasText: name });
  await expect(request).toContainText("Basic → Featured, billed annually");
  await request.getByRole("button", { name: `Grant: ${name}` }).click();
  await expect(admin.getByRole("status")).toHaveText("Granted: the listing is now on the Featured plan.");
  await expect(request).toContainText("Granted");
  await adminContext.close();

  // The business page carries the Featured badge (the owner sees their listing while it waits for review).
  await visit(page, `/business/${id}`);
  await expect(page.locator("section[aria-labelledby=business-name]").getByTestId("plan-badge")).toHaveText("Featured");

  // Featured: ten photos, not an eleventh.
  const ten = await Promise.all(Array.from({ length: 10 }, (_, i) => pngFile(`p${i}.png`, 120, 80)));
  const form = (files: typeof ten) => {
    const fd = new FormData();
    for (const f of files) fd.append("photos", new Blob([new Uint8Array(f.buffer)], { type: f.mimeType }), f.name);
    return fd;
  };
  const first = await page.request.post(`/api/v1/businesses/${id}/photos`, {
    multipart: form(ten),
    headers: { origin: BASE_URL },
  });
  expect(first.status(), await first.text()).toBe(201);
  const eleventh = await page.request.post(`/api/v1/businesses/${id}/photos`, {
    multipart: form([await pngFile("eleven.png", 120, 80)]),
    headers: { origin: BASE_URL },
  });
  expect(eleventh.status()).toBe(400);
  expect(((await eleventh.json()) as { error: { message: string } }).error.message).toBe(
    "The Featured plan includes 10 photos. Upgrade to Premium for up to 20.",
  );
});
