import type { Page } from "@playwright/test";
import { expect, expectToast, signOut, test, userMenu, visit } from "./auth-helpers";

/**
 * Google and GitHub buttons through local OpenID servers standing in for the
 * providers (scripts/e2e-server.mjs): real redirects to the provider, back to
 * /api/auth/callback/<provider>, then /auth/callback, which routes like a
 * password sign-in.
 */

const main = (page: Page) => page.getByRole("main");

test("Google: the sign-up tab's Business Owner choice is kept, and signing in again returns to the account", async ({
  page,
}) => {
  await visit(page, "/auth?mode=signup");
  await main(page)
    .getByRole("radio", { name: /Business Owner/ })
    .check({ force: true });
  const providerRequests: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/authorize")) providerRequests.push(r.url());
  });
  await main(page).getByRole("button", { name: "Google" }).click();
  await expect(page).toHaveURL("/");
  await expectToast(page, "Account created!", "You're signed in and ready to go.");
  await expect(userMenu(page)).toContainText("Grace Google");
  expect(providerRequests).toHaveLength(1);
  const authorize = new URL(providerRequests[0]!);
  expect(authorize.searchParams.get("redirect_uri")).toMatch(/\/api\/auth\/callback\/google$/);

  await visit(page, "/account/settings");
  await expect(main(page).getByText("Business Owner", { exact: true })).toBeVisible();
  await expect(main(page).getByText("Verified", { exact: true })).toBeVisible();
  await expect(main(page).getByText("Google", { exact: true })).toBeVisible();

  // Signed in, /auth sends the visitor away: wait for the sign-out to finish.
  await signOut(page);
  await visit(page, "/auth");
  await main(page).getByRole("button", { name: "Google" }).click();
  await expectToast(page, "Success!", "You have successfully signed in.");
  await expect(userMenu(page)).toContainText("Grace Google");
});

test("GitHub: signs in and goes back to the page that asked for it", async ({ page }) => {
  await visit(page, "/account/settings");
  await expect(page).toHaveURL("/auth?redirectTo=%2Faccount%2Fsettings");
  await main(page).getByRole("button", { name: "GitHub" }).click();
  await expect(page).toHaveURL("/account/settings");
  await expectToast(page, "Account created!", "You're signed in and ready to go.");
  await expect(userMenu(page)).toContainText("Gus GitHub");
  await expect(main(page).getByText("Customer", { exact: true })).toBeVisible();
});
