import type { Page } from "@playwright/test";
import { expectNoA11yViolations } from "./fixtures";
import {
  expect,
  expectToast,
  linkIn,
  PASSWORD,
  signIn,
  signOut,
  signUp,
  test,
  uniqueEmail,
  userMenu,
  visit,
  waitForMail,
} from "./auth-helpers";

/** Email verification and password reset through the messages the SMTP server received; change password. */

const main = (page: Page) => page.getByRole("main");

test("the verification email's link verifies the address and signs in", async ({ page, browser }) => {
  const email = uniqueEmail("verify");
  await signUp(page, { name: "Vera Verify", email });
  const mail = await waitForMail(email, /^Verify your email for Near$/);
  expect(mail.text).toContain("Hi Vera Verify");
  const link = linkIn(mail, "/api/auth/verify-email");

  // Opened on another device, where nobody is signed in.
  const other = await browser.newContext();
  const phone = await other.newPage();
  await phone.goto(link);
  await expect(phone).toHaveURL("/");
  await expectToast(phone, "Email verified", "Thanks! Your email address is confirmed.");
  await expect(userMenu(phone)).toContainText("Vera Verify");
  await visit(phone, "/account/settings");
  await expect(main(phone).getByText("Verified", { exact: true })).toBeVisible();
  await other.close();
});

test("forgot password answers the same way for any email; the emailed link resets it and signs out every session", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const email = uniqueEmail("reset");
  await signUp(page, { name: "Reese Reset", email });
  // A second signed-in device, which the reset must sign out.
  const laptop = await browser.newContext();
  const laptopPage = await laptop.newPage();
  await signIn(laptopPage, email);
  await expect(userMenu(laptopPage)).toBeVisible();

  await signOut(page);
  await visit(page, "/auth");
  await main(page).getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL("/auth/forgot-password");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Forgot your password?");

  await main(page).getByRole("button", { name: "Send reset link" }).click();
  await expect(main(page).getByLabel("Email", { exact: true })).toHaveAccessibleDescription("Email is required.");

  const answer = "If an account exists for that email, we've sent a link to reset its password. It works for one hour.";
  await main(page).getByLabel("Email", { exact: true }).fill(uniqueEmail("stranger"));
  await main(page).getByRole("button", { name: "Send reset link" }).click();
  await expect(main(page).getByRole("status")).toContainText(answer);
  await main(page).getByRole("button", { name: "try another email" }).click();
  await main(page).getByLabel("Email", { exact: true }).fill(email);
  await main(page).getByRole("button", { name: "Send reset link" }).click();
  await expect(main(page).getByRole("status")).toContainText(answer);
  await expectNoA11yViolations(page, { include: "main" });

  const mail = await waitForMail(email, /^Reset your Near password$/);
  await page.goto(linkIn(mail, "/api/auth/reset-password/"));
  await expect(page).toHaveURL(/\/auth\/reset-password\?token=/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Choose a new password");

  const newPassword = main(page).getByLabel("New Password", { exact: true });
  const confirm = main(page).getByLabel("Confirm Password", { exact: true });
  await newPassword.fill("fresh-pass-1");
  await confirm.fill("fresh-pass-2");
  await main(page).getByRole("button", { name: "Reset Password" }).click();
  await expect(confirm).toHaveAccessibleDescription("Passwords do not match.");
  await expectToast(page, "Error", "Passwords do not match.");
  await newPassword.fill("abc");
  await confirm.fill("abc");
  await main(page).getByRole("button", { name: "Reset Password" }).click();
  await expect(newPassword).toHaveAccessibleDescription("Password must be at least 6 characters long.");

  await newPassword.fill("fresh-pass-1");
  await confirm.fill("fresh-pass-1");
  await main(page).getByRole("button", { name: "Reset Password" }).click();
  await expect(page).toHaveURL("/auth");
  await expectToast(page, "Password updated", "Your password has been reset. Sign in with your new password.");

  await laptopPage.reload();
  await expect(laptopPage.getByRole("banner").getByRole("link", { name: "Sign In" })).toBeVisible();
  await laptop.close();

  await signIn(page, email, PASSWORD);
  await expectToast(page, "Error", "Invalid email or password.");
  await signIn(page, email, "fresh-pass-1");
  await expectToast(page, "Success!", "You have successfully signed in.");

  // The link worked once.
  await page.goto(linkIn(mail, "/api/auth/reset-password/"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This link has expired");
});

test("change password: the spec's messages, and other sessions are signed out", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const email = uniqueEmail("change");
  await signUp(page, { name: "Cam Change", email });
  const tablet = await browser.newContext();
  const tabletPage = await tablet.newPage();
  await signIn(tabletPage, email);
  await expect(userMenu(tabletPage)).toBeVisible();

  await visit(page, "/account/settings");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Account Settings");
  const form = main(page).getByRole("region", { name: "Change Password" });
  const current = form.getByLabel("Current Password", { exact: true });
  const next = form.getByLabel("New Password", { exact: true });
  const confirm = form.getByLabel("Confirm Password", { exact: true });
  const update = form.getByRole("button", { name: "Update Password" });

  await current.fill(PASSWORD);
  await next.fill("abc");
  await confirm.fill("abd");
  await update.click();
  await expectToast(page, "Error", "Passwords do not match.");
  await expect(confirm).toHaveAccessibleDescription("Passwords do not match.");

  await confirm.fill("abc");
  await update.click();
  await expectToast(page, "Error", "Password must be at least 6 characters long.");
  await expect(next).toHaveAccessibleDescription("Password must be at least 6 characters long.");

  await current.fill("not-my-password");
  await next.fill("changed-pass-1");
  await confirm.fill("changed-pass-1");
  await update.click();
  await expectToast(page, "Error", "Your current password is not correct.");

  await current.fill(PASSWORD);
  await update.click();
  await expectToast(page, "Success", "Your password has been updated successfully.");
  await expect(current).toHaveValue("");
  await expect(next).toHaveValue("");
  await expectNoA11yViolations(page, { include: "main" });

  // Still signed in here; signed out on the other device.
  await page.reload();
  await expect(userMenu(page)).toBeVisible();
  await tabletPage.reload();
  await expect(tabletPage.getByRole("banner").getByRole("link", { name: "Sign In" })).toBeVisible();
  await tablet.close();

  await signOut(page);
  await signIn(page, email, "changed-pass-1");
  await expectToast(page, "Success!", "You have successfully signed in.");
});
