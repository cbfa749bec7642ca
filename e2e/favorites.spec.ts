import type { APIRequestContext, Page } from "@playwright/test";
import { BASE_URL, expect, signInWith, signUpWith, test, visit } from "./admin-support";
import { expectNoA11yViolations } from "./fixtures";
import { fillSignIn } from "./reviews-support";

/**
 * Favorites (issue #16): Save on a business page — signed out it goes
 * through sign-in and comes back saved — and the dashboard's cards with
 * Remove. Each test signs up its own customer, so repeats never collide.
 */

const PASSWORD = "favorite-pass-1";
let n = 0;

async function newCustomer(request: APIRequestContext) {
  const email = `fav-${Date.now().toString(36)}-${++n}@example.com`;
  await signUpWith(request, { name: "Fran Favorite", email, password: PASSWORD, type: "customer" });
  return email;
}

/** A published demo business (its id and name). */
async function someBusiness(request: APIRequestContext, index = 0) {
  const res = await request.get("/api/v1/businesses?sort=rating");
  expect(res.status()).toBe(200);
  const { items } = (await res.json()) as { items: { id: string; slug: string; name: string }[] };
  return items[index]!;
}

const actions = (page: Page) => page.getByTestId("business-actions");
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** A card's Remove button: the verb, then (visually hidden) the business's name. */
const removeName = (name: string) => new RegExp(`^Remove ?: ${escape(name)}$`);
/** Exactly this path on the test server (no leftover query). */
const at = (path: string) => new RegExp(`^${escape(BASE_URL + path)}$`);

test.describe("favorites", () => {
  // Sign-ins, redirects and an axe run, on a shared two-core machine.
  test.describe.configure({ timeout: 120_000 });

  test("a visitor's Save goes through sign-in and comes back saved", async ({ page, request }) => {
    const email = await newCustomer(request);
    const business = await someBusiness(request, 0);
    await visit(page, `/business/${business.slug}`);
    await actions(page).getByRole("link", { name: "Save" }).click();
    await expect(page).toHaveURL(
      at(`/auth?${new URLSearchParams({ redirectTo: `/business/${business.slug}?save=1` })}`),
    );
    await fillSignIn(page, email, PASSWORD);
    // Back on the business page, at its clean address, saved.
    // Sign-in, the callback and the save are three redirects: give a loaded machine time.
    await expect(page).toHaveURL(at(`/business/${business.slug}`), { timeout: 15_000 });
    const saved = actions(page).getByRole("button", { name: "Saved" });
    await expect(saved).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(business.name);
  });

  test("Save toggles in place; the dashboard shows the card (axe-clean) and Remove removes it", async ({
    page,
    request,
  }) => {
    const email = await newCustomer(request);
    const business = await someBusiness(request, 1);
    await signInWith(page, email, PASSWORD);
    await visit(page, `/business/${business.slug}`);
    const save = actions(page).getByRole("button", { name: "Save", exact: true });
    await expect(save).toHaveAttribute("aria-pressed", "false");
    await save.click();
    const saved = actions(page).getByRole("button", { name: "Saved" });
    await expect(saved).toHaveAttribute("aria-pressed", "true");

    await visit(page, "/portal");
    const panel = page.getByTestId("favorites-panel");
    await expect(panel.getByTestId("favorites-count")).toHaveText("1");
    const card = panel.getByTestId("favorite-card");
    await expect(card).toHaveCount(1);
    await expect(card.getByRole("link", { name: business.name })).toHaveAttribute("href", `/business/${business.slug}`);
    await expect(card.getByTestId("open-status")).toBeVisible();
    await expectNoA11yViolations(page);

    await card.getByRole("button", { name: removeName(business.name) }).click();
    await expect(card).toHaveCount(0);
    await expect(panel.getByText("No favorites yet")).toBeVisible();
    await expect(panel.getByTestId("favorites-count")).toHaveText("0");
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("Save and Remove are plain forms that come back to their page", async ({ page, request }) => {
      const email = await newCustomer(request);
      const business = await someBusiness(request, 2);
      await signInWith(page, email, PASSWORD);
      await page.goto(`/business/${business.slug}`);
      await actions(page).getByRole("button", { name: "Save", exact: true }).click();
      await expect(page).toHaveURL(at(`/business/${business.slug}`));
      await expect(actions(page).getByRole("button", { name: "Saved" })).toHaveAttribute("aria-pressed", "true");
      await page.goto("/portal");
      const card = page.getByTestId("favorite-card");
      await expect(card.getByRole("link", { name: business.name })).toBeVisible();
      await card.getByRole("button", { name: removeName(business.name) }).click();
      await expect(page).toHaveURL(at("/portal"));
      await expect(page.getByTestId("favorites-panel").getByText("No favorites yet")).toBeVisible();
    });
  });
});
