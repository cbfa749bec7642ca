import type { BrowserContext, Locator, Page } from "@playwright/test";
import { signIn } from "./admin-support";
import { expect, expectNoA11yViolations, test } from "./fixtures";
import { waitForHydration } from "./hydration";

/**
 * Accessibility everywhere (issue #12): axe (WCAG 2.1 A/AA) on every route, in
 * both themes, at 390 px and at desktop width, signed out and signed in as a
 * customer, an owner and an admin, with menus, dialogs and the lightbox open;
 * and the main flows walked with the keyboard alone, focus visible, focus
 * moving to the new page's heading on navigation and back to the trigger when
 * a dialog closes.
 *
 * Every route, and each role's own screens, is scanned in all four theme × width
 * combinations (describeRouteScans), one spec file per combination
 * (accessibility-routes-*.spec.ts), because CI's e2e shards share out whole
 * spec files, by their measured time.
 */

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };
export type Theme = "light" | "dark";
export type Combo = { theme: Theme; viewport: typeof PHONE };
export const LIGHT_PHONE: Combo = { theme: "light", viewport: PHONE };
export const DARK_DESKTOP: Combo = { theme: "dark", viewport: DESKTOP };
export const DARK_PHONE: Combo = { theme: "dark", viewport: PHONE };
export const LIGHT_DESKTOP: Combo = { theme: "light", viewport: DESKTOP };

export const PUBLIC_ROUTES = [
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

export async function useTheme(context: BrowserContext, theme: Theme) {
  await context.addInitScript((t) => localStorage.setItem("theme", t), theme);
}

export async function scan(page: Page, path: string, theme: Theme) {
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  // Callers go on to open menus and dialogs, which only work once hydrated (in CI a press before it did nothing).
  await waitForHydration(page);
  await expect(page.locator("html")).toHaveClass(theme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/);
  await test.step(`axe ${path} (${theme})`, () => expectNoA11yViolations(page));
}

export async function businessPath(page: Page) {
  const res = await page.request.get("/api/v1/businesses?sort=reviews");
  const body = (await res.json()) as { items: { id: string }[] };
  return `/business/${body.items[0]!.id}`;
}

/** Presses Tab until `target` has the focus (at most `max` times), and checks the focus is visible. */
export async function tabTo(page: Page, target: Locator, max = 80) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) break;
    await page.keyboard.press("Tab");
  }
  await expect(target).toBeFocused();
  await expectVisibleFocus(page);
}

/** The focused element (or, for a visually hidden input, its label) shows an outline or a ring. */
export async function expectVisibleFocus(page: Page) {
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

/**
 * axe on every route in one theme × width combination, signed out and as each role. Each combination calls it from
 * a spec file of its own (accessibility-routes-*.spec.ts): CI's shards share out whole spec files.
 */
export function describeRouteScans(combo: Combo) {
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
      for (const path of ["/", "/portal", "/account/settings", business]) await scan(page, path, combo.theme);
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
