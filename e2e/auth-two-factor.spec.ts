import type { Page } from "@playwright/test";
import { secretFromTotpUri, totp } from "../tests/support/auth-http";
import { expectNoA11yViolations } from "./fixtures";
import {
  expect,
  expectToast,
  PASSWORD,
  signIn,
  signOut,
  signUp,
  test,
  uniqueEmail,
  userMenu,
  visit,
} from "./auth-helpers";

/** TOTP two-factor: enrolment in account settings (QR code, backup codes, first code), then sign-in asks for a code. */

const main = (page: Page) => page.getByRole("main");

test("enrol with the QR code's key, then sign in with a code (and with a backup code)", async ({ page }) => {
  test.setTimeout(180_000);
  const email = uniqueEmail("twofa");
  await signUp(page, { name: "Tess Two", email });
  await visit(page, "/account/settings");
  const section = main(page).getByRole("region", { name: "Two-Factor Authentication" });
  await expect(section.getByText("Off", { exact: true })).toBeVisible();

  await section.getByRole("button", { name: "Set up two-factor authentication" }).click();
  await section.getByLabel("Password", { exact: true }).fill("wrong-password");
  await section.getByRole("button", { name: "Continue" }).click();
  await expectToast(page, "Error", "That password is not correct.");
  await section.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await section.getByRole("button", { name: "Continue" }).click();

  const qr = section.getByRole("img", { name: "QR code for adding this account to an authenticator app" });
  await expect(qr).toBeVisible();
  expect(await qr.getAttribute("src")).toMatch(/^data:image\/svg\+xml;base64,/);
  const key = (await section.getByTestId("totp-secret").textContent())!.replace(/\s+/g, "");
  const secret = secretFromTotpUri(`otpauth://totp/x?secret=${key}`);
  const backupCodes = await section.getByRole("list", { name: "Backup codes" }).getByRole("listitem").allTextContents();
  expect(backupCodes).toHaveLength(10);
  await expectNoA11yViolations(page, { include: "main" });

  await section.getByLabel("Authentication code", { exact: true }).fill("12");
  await section.getByRole("button", { name: "Verify and turn on" }).click();
  await expect(section.getByLabel("Authentication code", { exact: true })).toHaveAccessibleDescription(
    "Enter the 6-digit code from your authenticator app.",
  );
  await section.getByLabel("Authentication code", { exact: true }).fill(totp(secret));
  await section.getByRole("button", { name: "Verify and turn on" }).click();
  await expectToast(page, "Two-factor authentication on", "You'll be asked for a code from your app when you sign in.");
  await expect(section.getByText("On", { exact: true })).toBeVisible();

  await signOut(page);
  await signIn(page, email);
  await expect(main(page).getByRole("heading", { name: "Two-factor authentication" })).toBeVisible();
  await expect(userMenu(page)).toHaveCount(0);
  const code = main(page).getByLabel("Authentication code", { exact: true });
  const wrong = String((Number(totp(secret)) + 500_000) % 1_000_000).padStart(6, "0");
  await code.fill(wrong);
  await main(page).getByRole("button", { name: "Verify" }).click();
  await expect(main(page).getByText("Invalid code")).toBeVisible();
  await code.fill(totp(secret));
  await main(page).getByRole("button", { name: "Verify" }).click();
  await expectToast(page, "Success!", "You have successfully signed in.");
  await expect(page).toHaveURL("/");
  await expect(userMenu(page)).toContainText("Tess Two");

  await signOut(page);
  await signIn(page, email);
  await main(page).getByRole("button", { name: "Use a backup code instead" }).click();
  await main(page).getByLabel("Backup code", { exact: true }).fill(backupCodes[0]!);
  await main(page).getByRole("button", { name: "Verify" }).click();
  await expectToast(page, "Success!", "You have successfully signed in.");
  await expect(userMenu(page)).toBeVisible();
});
