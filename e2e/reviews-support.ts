import fs from "node:fs";
import path from "node:path";
import { expect, test as base, type Locator, type Page } from "@playwright/test";
import { signIn, type Role } from "./admin-support";
import { waitForHydration } from "./hydration";

/**
 * Helpers for the reviews end-to-end tests (e2e/reviews*.spec.ts). The e2e
 * server (scripts/e2e-server.mjs) seeds the demo city and the demo accounts,
 * whose passwords are in its data directory.
 */

const PORT = process.env.E2E_PORT ?? "3210";
const DATA_DIR = path.resolve(`.tmp/e2e-data-${PORT}`);
export const PASSWORD = "correct-horse-1";

/** Demo businesses: two without reviews, one with one, two with twelve, and the one the demo owner should own. */
export const SLUGS = {
  empty: "moonstone-beads-and-gems",
  emptyToo: "current-solutions-electricians",
  twelve: "osteria-lupo",
  twelveToo: "heirloom-and-co-jewelers",
  one: "sweet-memories-candy-and-gifts",
  owned: "prairie-bean-coffee-roasters",
} as const;

/**
 * No errors in the browser, except the 4xx answers the auth API gives on
 * purpose (Chromium logs them as "Failed to load resource").
 */
export const test = base.extend<{ pageErrors: string[] }>({
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(`pageerror: ${e.message}`));
      page.on("dialog", (d) => {
        errors.push(`dialog: ${d.message()}`);
        void d.dismiss();
      });
      page.on("console", (m) => {
        if (m.type() !== "error") return;
        const authApi = /status of 4\d\d/.test(m.text()) && m.location().url.includes("/api/auth/");
        if (!authApi) errors.push(`console.error: ${m.text()}`);
      });
      await use(errors);
      expect(errors, "errors in the browser").toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

export function demoAccount(role: "admin" | "owner" | "customer") {
  const file = JSON.parse(fs.readFileSync(path.join(DATA_DIR, "demo-accounts.json"), "utf8")) as {
    accounts: { role: string; email: string; password: string }[];
  };
  const account = file.accounts.find((a) => a.role === role);
  if (!account) throw new Error(`No demo ${role} in ${DATA_DIR}`);
  return account;
}

let counter = 0;
export function uniqueEmail(label: string) {
  return `${label}-${Date.now().toString(36)}-${++counter}@example.com`;
}

export async function visit(page: Page, url: string) {
  await page.goto(url);
  // The reviews are in the business page's deferred lower part: tests type into the forms its buttons open.
  await waitForHydration(page, { parts: true });
}

/** Fills the sign-in form of the /auth page the browser is on. */
export async function fillSignIn(page: Page, email: string, password: string) {
  // After a client navigation the address changes before the new page is drawn: on a business page "Email" is
  // the message form's field until then.
  await expect(page.getByRole("heading", { level: 1, name: "Welcome Back" })).toBeVisible();
  await waitForHydration(page);
  const main = page.getByRole("main");
  await main.getByLabel("Email", { exact: true }).fill(email);
  await main.getByLabel("Password", { exact: true }).fill(password);
  await main.getByRole("button", { name: "Sign In", exact: true }).click();
}

/** Switches the page to a demo role's session (signed in once for the run: e2e/global-setup.ts). */
export async function signInAs(page: Page, role: Role) {
  await page.context().clearCookies();
  await signIn(page, role);
  // The page in view is the previous role's: leave it, so that a visit to it again (say with a #hash, which alone
  // would be a same-document navigation) loads it as the new role.
  await page.goto("about:blank");
}

/** A new customer account: signed in, email not verified. */
export async function signUpCustomer(page: Page, name: string) {
  await visit(page, "/auth?mode=signup");
  const main = page.getByRole("main");
  await main.getByRole("radio", { name: /Customer/ }).check({ force: true });
  await main.getByLabel("Full Name", { exact: true }).fill(name);
  await main.getByLabel("Email", { exact: true }).fill(uniqueEmail("reviewer"));
  await main.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await main.getByRole("button", { name: "Create Account" }).click();
  await expectToast(page, "Account created!", "Please check your email to verify your account.");
}

export async function expectToast(page: Page, title: string, description: string) {
  const toast = page.locator('[data-slot="toast"]').filter({ hasText: title });
  await expect(toast.locator('[data-slot="toast-title"]')).toHaveText(title);
  await expect(toast.locator('[data-slot="toast-description"]')).toHaveText(description);
}

/**
 * The slug of a published business the signed-in demo owner owns (the seed's
 * DEMO_OWNED_BUSINESS_SLUG, else the first one the listings API lets them manage).
 */
export async function ownedBusinessSlug(page: Page): Promise<string> {
  const all: { id: string; slug: string }[] = [];
  for (let p = 1; ; p++) {
    const res = await page.request.get(`/api/v1/businesses?pageSize=50&page=${p}`);
    const body = (await res.json()) as { items: { id: string; slug: string }[]; pageCount: number };
    all.push(...body.items);
    if (p >= body.pageCount) break;
  }
  all.sort((a, b) => Number(b.slug === SLUGS.owned) - Number(a.slug === SLUGS.owned));
  for (const b of all) {
    if ((await page.request.get(`/api/v1/manage/businesses/${b.id}`)).ok()) return b.slug;
  }
  throw new Error("The demo owner owns no published business");
}

export const reviewsSection = (page: Page) => page.locator("#reviews");
export const reviews = (page: Page) => reviewsSection(page).getByTestId("review");
export const reviewBy = (page: Page, author: string | RegExp) =>
  reviews(page).filter({
    has: page.getByTestId("review-author").getByText(author, { exact: typeof author === "string" }),
  });

/** The id of a business, from its page. */
export async function businessId(page: Page) {
  return (await page.locator("article[data-business-id]").getAttribute("data-business-id"))!;
}

/** The visible summary: "4.5" and "12 reviews". */
export async function summaryOf(page: Page) {
  const section = reviewsSection(page);
  return {
    average: (await section.getByTestId("reviews-average").textContent())?.trim(),
    count: (await section.getByTestId("reviews-count").textContent())?.trim(),
  };
}

export function starsOf(review: Locator) {
  return review.getByRole("img", { name: /^Rated \d\.\d out of 5$/ }).first();
}
