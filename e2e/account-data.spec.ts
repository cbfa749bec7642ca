import fs from "node:fs/promises";
import { BASE_URL, expectToast, signUpWith, visit } from "./admin-support";
import { expect, expectNoA11yViolations, test } from "./fixtures";

/**
 * The privacy policy's data rights, from Account Settings: a customer
 * downloads their data as JSON, then deletes their account by typing its
 * email; afterwards the account can't sign in.
 */

const PASSWORD = "data-rights-1";

test("a customer downloads their data, then deletes their account", async ({ page }) => {
  test.setTimeout(120_000);
  const email = `leaving-${Date.now().toString(36)}@example.com`;
  await signUpWith(page.request, { name: "Lee Leaving", email, password: PASSWORD, type: "customer" });
  await visit(page, "/account/settings");
  const yourData = page.getByRole("region", { name: "Your Data" });
  await expect(yourData).toBeVisible();
  await expectNoA11yViolations(page);

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    yourData.getByRole("link", { name: "Download my data" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^near-account-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(await fs.readFile(await download.path(), "utf8")) as {
    account: { email: string; name: string };
    reviews: unknown[];
  };
  expect(exported.account).toMatchObject({ email, name: "Lee Leaving" });
  expect(exported.reviews).toEqual([]);

  // The typed email must be the account's own.
  const confirm = yourData.getByLabel("Type your email address to confirm");
  await confirm.fill("someone-else@example.com");
  await yourData.getByRole("button", { name: "Delete my account" }).click();
  await expect(yourData.getByText("That isn't this account's email address.")).toBeVisible();
  await expect(confirm).toHaveAttribute("aria-invalid", "true");

  await confirm.fill(email.toUpperCase());
  await yourData.getByRole("button", { name: "Delete my account" }).click();
  await expect(page).toHaveURL(`${BASE_URL}/`);
  await expectToast(page, "Account deleted", /Your account and your data are gone/);
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" })).toBeVisible();

  const again = await page.request.post("/api/auth/sign-in/email", {
    data: { email, password: PASSWORD },
    headers: { origin: BASE_URL },
  });
  expect(again.status()).toBe(401);
});
