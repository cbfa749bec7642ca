import type { BrowserContext, Locator, Page } from "@playwright/test";
import { signIn } from "./admin-support";
import { expect, expectNoA11yViolations, test } from "./fixtures";

/**
 * Accessibility everywhere (issue #12): axe (WCAG 2.1 A/AA) on every route, in
 * both themes, at 390 px and at desktop width, signed out and signed in as a
 * customer, an owner and an admin, with menus, dialogs and the lightbox open;
 * and the main flows walked with the keyboard alone, focus visible, focus
 * moving to the new page's heading on navigation and back to the trigger when
 * a dialog closes.
 *
 * To keep the suite's time modest every route is scanned in two of the four
 * theme × width combinations (light phone, dark desktop) and the busiest pages
 * in all four; each role's own screens likewise.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
type Theme = "light" | "dark";
type Combo = { theme: Theme; viewport: typeof PHONE };
const LIGHT_PHONE: Combo = { theme: "light", viewport: PHONE };
const DARK_DESKTOP: Combo = { theme: "dark", viewport: DESKTOP };
const DARK_PHONE: Combo = { theme: "dark", viewport: PHONE };
const LIGHT_DESKTOP: Combo = { theme: "light", viewport: DESKTOP };

const PUBLIC_ROUTES = [
  "/",
  "/search?q=pizza",
  "/search?q=zzzz-nothing",
  "/categories/restaurants",
  "/categories/shopping",
  "/categories/services",
  "/categories/entertainment",
  "/pricing",
  "/about",
  "/blog",
  "/events",
  "/contact",
  "/terms",
  "/privacy",
  "/press",
  "/auth",
  "/auth?mode=signup",
  "/auth/forgot-password",
  "/no-such-page",
];
const BUSIEST = ["/", "/search?q=pizza", "/categories/restaurants"];

async function useTheme(context: BrowserContext, theme: Theme) {
  await context.addInitScript((t) => localStorage.setItem("theme", t), theme);
}

async function scan(page: Page, path: string, theme: Theme) {
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  await expect(page.locator("html")).toHaveClass(theme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/);
  await test.step(`axe ${path} (${theme})`, () => expectNoA11yViolations(page));
}

async function businessPath(page: Page) {
  const res = await page.request.get("/api/v1/businesses?sort=reviews");
  const body = (await res.json()) as { items: { id: string }[] };
  return `/business/${body.items[0]!.id}`;
}

for (const combo of [LIGHT_PHONE, DARK_DESKTOP]) {
  const label = `${combo.theme}, ${combo.viewport.width} px`;
  test.describe(`axe, ${label}`, () => {
    test.use({ viewport: combo.viewport });

    const half = Math.ceil(PUBLIC_ROUTES.length / 2);
    for (const [part, routes] of [PUBLIC_ROUTES.slice(0, half), PUBLIC_ROUTES.slice(half)].entries()) {
      test(`public routes, signed out, part ${part + 1} (${label})`, async ({ page, context }) => {
        test.setTimeout(240_000);
        await useTheme(context, combo.theme);
        const extra = part === 0 ? [await businessPath(page)] : [];
        for (const path of [...routes, ...extra]) await scan(page, path, combo.theme);
      });
    }

    test(`a customer's, an owner's and an admin's screens (${label})`, async ({ page, context }) => {
      test.setTimeout(240_000);
      await useTheme(context, combo.theme);
      const business = await businessPath(page);
      await signIn(context, "customer");
      for (const path of ["/", "/account/settings", business]) await scan(page, path, combo.theme);
      await context.clearCookies();
      await signIn(context, "owner");
      // The demo owner's pending claim (server/seed/demo-accounts.ts) shows on its claim page.
      for (const path of ["/portal", "/business/new", "/business/nest-home-goods/claim"])
        await scan(page, path, combo.theme);
      await context.clearCookies();
      await signIn(context, "admin");
      for (const path of ["/admin", "/admin/reviews", "/admin/claims"]) await scan(page, path, combo.theme);
    });
  });
}

for (const combo of [DARK_PHONE, LIGHT_DESKTOP]) {
  const label = `${combo.theme}, ${combo.viewport.width} px`;
  test(`axe on the busiest pages (${label})`, async ({ page, context }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(combo.viewport);
    await useTheme(context, combo.theme);
    for (const path of [...BUSIEST, await businessPath(page)]) await scan(page, path, combo.theme);
  });
}

test.describe("axe with menus, dialogs and the lightbox open", () => {
  for (const theme of ["light", "dark"] as const) {
    test(`header menus, the lightbox and the admin's dialog (${theme})`, async ({ page, context }) => {
      test.setTimeout(240_000);
      await useTheme(context, theme);
      await signIn(context, "admin");

      // Desktop: the Categories menu and the account menu.
      await page.setViewportSize(DESKTOP);
      await scan(page, "/", theme);
      await page.getByRole("banner").getByRole("button", { name: "Categories" }).click();
      await expect(page.getByRole("menu")).toBeVisible();
      await expectNoA11yViolations(page);
      await page.keyboard.press("Escape");
      await page
        .getByRole("banner")
        .getByRole("button", { name: /^Account menu for / })
        .click();
      await expect(page.getByRole("menu")).toBeVisible();
      await expectNoA11yViolations(page);
      await page.keyboard.press("Escape");

      // The lightbox.
      await page.goto(await businessPath(page));
      const photo = page.getByRole("button", { name: /^Open photo 1 of / });
      await photo.click();
      const lightbox = page.getByRole("dialog", { name: /^Photos of / });
      await expect(lightbox).toBeVisible();
      await expectNoA11yViolations(page);
      await page.keyboard.press("Escape");
      await expect(lightbox).toBeHidden();
      await expect(photo).toBeFocused();

      // The admin's moderation dialog.
      await page.goto("/admin");
      const reject = page.getByRole("button", { name: /^(Reject|Suspend) / }).first();
      await reject.click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await expectNoA11yViolations(page);
      await page.keyboard.press("Escape");
      await expect(reject).toBeFocused();

      // Phone: the navigation menu.
      await page.setViewportSize(PHONE);
      await page.goto("/");
      await page.getByRole("button", { name: "Open menu" }).click();
      await expect(page.getByRole("button", { name: "Close menu" })).toHaveAttribute("aria-expanded", "true");
      await expectNoA11yViolations(page);
    });
  }
});

/** Presses Tab until `target` has the focus (at most `max` times), and checks the focus is visible. */
async function tabTo(page: Page, target: Locator, max = 80) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) break;
    await page.keyboard.press("Tab");
  }
  await expect(target).toBeFocused();
  await expectVisibleFocus(page);
}

/** The focused element (or, for a visually hidden input, its label) shows an outline or a ring. */
async function expectVisibleFocus(page: Page) {
  const visible = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return false;
    const shows = (node: Element) => {
      const style = getComputedStyle(node);
      return (
        (style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0) ||
        (style.boxShadow !== "none" && style.boxShadow !== "")
      );
    };
    // A stretched link inside a card: the card marks it (focus-within:border/ring classes).
    const card = el.closest('[class*="focus-within:"]');
    return shows(el) || (!!el.closest("label") && shows(el.closest("label")!)) || !!card;
  });
  expect(visible, "the focused element shows where the focus is").toBe(true);
}

test.describe("keyboard only", () => {
  test.use({ viewport: DESKTOP });

  test("search → business → write a review, focus on each new page's heading", async ({ page, context }) => {
    test.setTimeout(120_000);
    await signIn(context, "customer");
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    const box = page.getByRole("main").getByRole("searchbox", { name: "Search businesses" });
    await tabTo(page, box);
    await page.keyboard.type("bakery");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/search\?q=bakery/);
    await expect(page.getByRole("heading", { level: 1, name: "Find Local Businesses" })).toBeFocused();

    const result = page.getByTestId("business-card").first().getByRole("link").first();
    await tabTo(page, result);
    // The link's text starts with its position for screen readers ("1. "): the heading is the name alone.
    const name = (await result.textContent())!.trim().replace(/^\d+\.\s*/, "");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/business\//);
    await expect(page.getByRole("heading", { level: 1, name })).toBeFocused();

    const write = page.getByTestId("business-actions").getByRole("link", { name: "Write a Review" });
    await tabTo(page, write);
    await page.keyboard.press("Enter");
    const form = page.locator("#write-review");
    const star = form.getByRole("radio", { name: "1 star" });
    const edit = page.getByRole("button", { name: "Edit Your Review" });
    // The demo customer may have reviewed this place already: then the form opens from "Edit Your Review".
    if (await edit.isVisible()) {
      await tabTo(page, edit);
      await page.keyboard.press("Enter");
    } else {
      await expect(star).toBeFocused();
    }
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect(form.getByRole("radio", { name: "5 stars" })).toBeChecked();
    await tabTo(page, form.getByRole("textbox", { name: "Your review" }));
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("Reached with the keyboard alone: warm bread, kind staff and a seat by the window.");
    await tabTo(page, form.getByRole("button", { name: /^(Post|Update) Review$/ }));
    await page.keyboard.press("Enter");
    await expect(
      page.locator('[data-slot="toast-title"]').filter({ hasText: /^Review (Added|Updated)$/ }),
    ).toBeVisible();
  });

  test("sign up, add a listing, and an admin approves it", async ({ page, context }) => {
    test.setTimeout(180_000);
    const email = `kb-owner-${Date.now()}@example.com`;
    await page.goto("/auth?mode=signup");
    await page.waitForLoadState("networkidle");
    const main = page.getByRole("main");
    // Tab reaches the group's checked radio; the arrow keys choose another.
    await tabTo(page, main.getByRole("radio", { checked: true }));
    const business = main.getByRole("radio", { name: /Business/ });
    for (let i = 0; i < 3 && !(await business.isChecked()); i++) await page.keyboard.press("ArrowRight");
    await expect(business).toBeChecked();
    await tabTo(page, main.getByLabel(/name/i).first());
    await page.keyboard.type("Kim Keyboard");
    await tabTo(page, main.getByLabel("Email"));
    await page.keyboard.type(email);
    await tabTo(page, main.getByLabel("Password", { exact: true }));
    await page.keyboard.type("correct-horse-1");
    await page.keyboard.press("Enter");
    await expect(page).not.toHaveURL(/\/auth/, { timeout: 15_000 });

    // The listing form, field by field.
    await page.goto("/business/new");
    await page.waitForLoadState("networkidle");
    const name = `Keyboard Cafe ${Date.now()}`;
    const field = (label: string) => main.getByLabel(label, { exact: false }).first();
    await tabTo(page, field("Business name"));
    await page.keyboard.type(name);
    await tabTo(page, field("Category"));
    await field("Category").selectOption("restaurants"); // a native select: arrow keys would do the same
    await tabTo(page, field("Cuisine"));
    await field("Cuisine").selectOption("cafe");
    await tabTo(page, field("Address"));
    await page.keyboard.type("9 Tab Street");
    await tabTo(page, field("ZIP code"));
    await page.keyboard.type("62701");
    await tabTo(page, main.getByRole("button", { name: "Add Business" }), 200);
    await page.keyboard.press("Enter");
    await expect(page.locator('[data-slot="toast-title"]').filter({ hasText: "Business Added" })).toBeVisible({
      timeout: 15_000,
    });

    // The admin approves it from the keyboard.
    await context.clearCookies();
    await signIn(context, "admin");
    await page.goto(`/admin?q=${encodeURIComponent(name)}`);
    await page.waitForLoadState("networkidle");
    const approve = page.getByRole("button", { name: `Approve ${name}` });
    await tabTo(page, approve, 120);
    await page.keyboard.press("Enter");
    await expect(page.locator('[data-slot="toast-title"]').filter({ hasText: "Listing Approved" })).toBeVisible();
  });
});

test("prefers-reduced-motion: no animations or transitions", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto("/");
  const durations = await page.evaluate(() => {
    const el = document.querySelector("header a, header button")!;
    const style = getComputedStyle(el);
    return { transition: style.transitionDuration, animation: style.animationDuration };
  });
  expect(parseFloat(durations.transition)).toBeLessThanOrEqual(0.001);
});
