import type { Page } from "@playwright/test";
import { expectNoA11yViolations } from "./fixtures";
import { DEBUG_TIMING } from "./admin-support";
import {
  demoAccount,
  expect,
  expectToast,
  linkIn,
  PASSWORD,
  signIn,
  signOut,
  signUp,
  SITE,
  test,
  uniqueEmail,
  userMenu,
  visit,
  waitForMail,
} from "./auth-helpers";

/** /auth: sign-up as each type, sign-in, failures, every validation message, the admin rules. */

const main = (page: Page) => page.getByRole("main");

test.describe("sign-up", () => {
  test("as a customer: account created, signed in at once, the nav shows the user menu", async ({ page }) => {
    const email = uniqueEmail("customer");
    await signUp(page, { type: "customer", name: "Jordan Lee", email });
    await expect(page).toHaveURL("/");
    const menu = userMenu(page);
    await expect(menu).toContainText("Jordan Lee");
    await menu.click();
    await expect(page.getByRole("menuitem", { name: "Dashboard" })).toHaveAttribute("href", "/portal");
    await expect(page.getByRole("menuitem", { name: "Admin" })).toHaveCount(0);
    await page.getByRole("menuitem", { name: "Account settings" }).click();
    await expect(page).toHaveURL("/account/settings");
    await expect(main(page).getByText("Customer", { exact: true })).toBeVisible();
    await expect(main(page).getByText(email)).toBeVisible();
    await expect(main(page).getByText("Not verified")).toBeVisible();
  });

  test("as a business owner: the name is the Business Name and the type is stored", async ({ page }) => {
    await visit(page, "/auth?mode=signup");
    await expect(page).toHaveTitle(`Create Account | ${SITE}`);
    await expect(main(page).getByLabel("Full Name", { exact: true })).toBeVisible();
    await main(page)
      .getByRole("radio", { name: /Business Owner/ })
      .check({ force: true });
    await expect(main(page).getByLabel("Business Name", { exact: true })).toBeVisible();
    await expect(main(page).getByLabel("Full Name", { exact: true })).toHaveCount(0);

    await signUp(page, { type: "business", name: "Rosa's Bakery", email: uniqueEmail("owner") });
    await visit(page, "/account/settings");
    await expect(main(page).getByText("Business Owner", { exact: true })).toBeVisible();
    // The account's name (the public profile's settings below show it again, as a choice of how it reads).
    await expect(main(page).getByRole("definition").filter({ hasText: "Rosa's Bakery" })).toBeVisible();
  });

  test("an email that already has an account: no one is signed in, the form says to check the email, the owner is told", async ({
    page,
  }) => {
    const email = uniqueEmail("twice");
    await signUp(page, { name: "First", email });
    await signOut(page);
    await visit(page, "/auth?mode=signup");
    await main(page).getByLabel("Full Name", { exact: true }).fill("Second");
    await main(page).getByLabel("Email", { exact: true }).fill(email);
    await main(page).getByLabel("Password", { exact: true }).fill(PASSWORD);
    await main(page).getByRole("button", { name: "Create Account" }).click();
    await expectToast(page, "Check your email", "We've sent a message to that address with what to do next.");
    await expect(page).toHaveURL("/auth");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome Back");
    const mail = await waitForMail(email, /^Someone tried to create a Near account with your email$/);
    expect(mail.text).toContain("Hi First");
  });
});

test.describe("sign-in", () => {
  test("with the right password: “Success!”, then home; sign out clears the session", async ({ page }) => {
    const email = uniqueEmail("signin");
    await signUp(page, { name: "Sam Signin", email });
    await signOut(page);
    await expectToast(page, "Signed out", "See you soon.");

    await signIn(page, email);
    await expectToast(page, "Success!", "You have successfully signed in.");
    await expect(page).toHaveURL("/");
    await expect(userMenu(page)).toContainText("Sam Signin");

    const cookies = await page.context().cookies();
    const session = cookies.find((c) => c.name === "near.session_token");
    expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax" });

    await signOut(page);
    expect((await page.context().cookies()).some((c) => c.name === "near.session_token")).toBe(false);
    await visit(page, "/account/settings");
    await expect(page).toHaveURL("/auth?redirectTo=%2Faccount%2Fsettings");
  });

  test("a wrong password and an unknown email get the same generic message", async ({ page }) => {
    const email = uniqueEmail("wrong");
    await signUp(page, { name: "Wes Wrong", email });
    await signOut(page);

    await signIn(page, email, "not-my-password");
    await expectToast(page, "Error", "Invalid email or password.");
    await expect(main(page).getByText("Invalid email or password.")).toBeVisible();
    await expect(page).toHaveURL("/auth");

    await signIn(page, uniqueEmail("nobody"), "not-my-password");
    await expectToast(page, "Error", "Invalid email or password.");
  });

  test("redirectTo on another site is ignored", async ({ page }) => {
    const email = uniqueEmail("evil");
    await signUp(page, { name: "Eve Evil", email });
    await signOut(page);
    await signIn(page, email, PASSWORD, "/auth?redirectTo=https%3A%2F%2Fevil.example");
    await expectToast(page, "Success!", "You have successfully signed in.");
    await expect(page).toHaveURL("/");
  });
});

test.describe("validation", () => {
  test("sign-in: every message, inline, tied to its field and announced", async ({ page }) => {
    await visit(page, "/auth");
    await expect(page).toHaveTitle(`Sign In | ${SITE}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome Back");
    const email = main(page).getByLabel("Email", { exact: true });
    const password = main(page).getByLabel("Password", { exact: true });
    await main(page).getByRole("button", { name: "Sign In", exact: true }).click();

    await expect(main(page).getByRole("alert")).toHaveText(["Email is required.", "Password is required."]);
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(email).toHaveAccessibleDescription("Email is required.");
    await expect(password).toHaveAccessibleDescription("Password is required.");
    await expect(email).toBeFocused();

    await email.fill("not-an-email");
    await password.fill("12345");
    await expect(email).toHaveAccessibleDescription("Please enter a valid email address.");
    await expect(password).toHaveAccessibleDescription("Password must be at least 6 characters long.");

    await email.fill("ok@example.com");
    await password.fill("123456");
    await expect(main(page).getByRole("alert")).toHaveCount(0);
    await expect(email).not.toHaveAttribute("aria-invalid");
    await expectNoA11yViolations(page, { include: "main" });
  });

  test("sign-up: every message, with the name's message following the account type", async ({ page }) => {
    await visit(page, "/auth");
    await main(page).getByRole("link", { name: "Sign up" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Create Account");
    await main(page).getByRole("button", { name: "Create Account" }).click();
    await expect(main(page).getByRole("alert")).toHaveText([
      "Full name is required.",
      "Email is required.",
      "Password is required.",
    ]);

    await main(page)
      .getByRole("radio", { name: /Business Owner/ })
      .check({ force: true });
    await expect(main(page).getByLabel("Business Name", { exact: true })).toHaveAccessibleDescription(
      "Business name is required.",
    );

    await main(page).getByLabel("Email", { exact: true }).fill("someone@");
    await main(page).getByLabel("Password", { exact: true }).fill("abc");
    await expect(main(page).getByLabel("Email", { exact: true })).toHaveAccessibleDescription(
      "Please enter a valid email address.",
    );
    await expect(main(page).getByLabel("Password", { exact: true })).toHaveAccessibleDescription(
      "Password must be at least 6 characters long.",
    );
    await main(page).getByLabel("Password", { exact: true }).fill("x".repeat(129));
    await expect(main(page).getByLabel("Password", { exact: true })).toHaveAccessibleDescription(
      "Password must be at most 128 characters long.",
    );
    await expectNoA11yViolations(page, { include: "main" });

    await main(page).getByRole("link", { name: "Sign in" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome Back");
  });
});

test.describe("admins", () => {
  test("an admin signing in goes to /admin", async ({ page }) => {
    const admin = demoAccount("admin");
    await signIn(page, admin.email, admin.password);
    await expectToast(page, "Success!", "You have successfully signed in.");
    await expect(page).toHaveURL("/admin");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Business Listings Management");
    await userMenu(page).click();
    await expect(page.getByRole("menuitem", { name: "Admin" })).toHaveAttribute("href", "/admin");
  });

  test("ADMIN_EMAILS makes a new sign-up an admin only once the email is verified", async ({ page }) => {
    const email = "e2e-signup-admin@example.com";
    await signUp(page, { name: "Ada Admin", email });
    // Anyone can type a listed address: until its owner proves it, it gives nothing.
    await visit(page, "/admin");
    await expect(page).toHaveURL("/");
    await expectToast(page, "Access Denied", "You don't have permission to access this page.");

    const mail = await waitForMail(email, /^Verify your email for Near$/);
    await page.goto(linkIn(mail, "/api/auth/verify-email"));
    await expect(page).toHaveURL("/admin");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Business Listings Management");
  });

  test("a signed-in non-admin is sent home with “Access Denied”", async ({ page }) => {
    const customer = demoAccount("customer");
    await signIn(page, customer.email, customer.password);
    await expect(page).toHaveURL("/");
    await visit(page, "/admin");
    await expect(page).toHaveURL("/");
    const denied = page.locator('[data-slot="toast"][data-variant="destructive"]');
    await expect(denied.locator('[data-slot="toast-title"]')).toHaveText("Access Denied");
    await expect(denied.locator('[data-slot="toast-description"]')).toHaveText(
      "You don't have permission to access this page.",
    );
  });

  test("signed out, /admin goes to /auth and back to /admin after signing in", async ({ page }) => {
    await visit(page, "/admin");
    await expect(page).toHaveURL("/auth?redirectTo=%2Fadmin");
    const admin = demoAccount("admin");
    const mainArea = main(page);
    await mainArea.getByLabel("Email", { exact: true }).fill(admin.email);
    await mainArea.getByLabel("Password", { exact: true }).fill(admin.password);
    await mainArea.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL("/admin");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Business Listings Management");
  });
});

test.describe("signed-in pages", () => {
  test("are kept by no shared cache, and Server-Timing names their parts", async ({ page }) => {
    await signUp(page, { type: "customer", name: "Casey Timing", email: uniqueEmail("timing") });
    // Server-Timing's detail needs the debug secret (security finding 37.9).
    const res = await page.request.get("/search?q=coffee", { headers: DEBUG_TIMING });
    expect(res.status()).toBe(200);
    expect(res.headers()["cache-control"]).toBe("private, no-cache");
    // From the production build, where React Router's bundle and the server's each carry the timing module: render
    // is only there when both share one store (the session's per-request memo rests on the same).
    expect(res.headers()["server-timing"]).toMatch(/db;dur=[\d.]+;desc="\d+ queries", loaders;dur=[\d.]+, render;dur=/);
  });
});
