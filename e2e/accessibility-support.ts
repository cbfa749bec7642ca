import AxeBuilder from "@axe-core/playwright";
import type { BrowserContext, Locator, Page } from "@playwright/test";
import { BASE_URL, createListing, signIn, signUpWith } from "./admin-support";
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
 * Every route, and each role's own screens, is scanned in both themes at each
 * width (describeRouteScans), one spec file per width
 * (accessibility-routes-{desktop,phone}.spec.ts), because CI's e2e shards share
 * out whole spec files, by their measured time. At 390 px the same page loads
 * also check that nothing scrolls sideways.
 */

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };
export type Theme = "light" | "dark";
/**
 * One width's scans: each page is loaded once, in the `first` theme (the stored theme applied before paint, as for a
 * returning visitor), scanned, switched to the other theme in place and scanned again. The phone loads light first and
 * the desktop dark, so both first loads and both directions of the switch are scanned.
 */
export type Width = { name: string; viewport: typeof PHONE; first: Theme; sideways: boolean };
export const PHONE_WIDTH: Width = { name: "390 px", viewport: PHONE, first: "light", sideways: true };
export const DESKTOP_WIDTH: Width = { name: "1280 px", viewport: DESKTOP, first: "dark", sideways: false };

export const PUBLIC_ROUTES = [
  "/",
  "/search?q=pizza",
  "/search?q=zzzz-nothing",
  "/categories/restaurants",
  "/categories/shopping",
  "/categories/services",
  "/categories/entertainment",
  // The category tree (issue 34): the whole tree, a group beyond the spec's four, a category under one.
  "/categories",
  "/categories/health",
  "/categories/dentists",
  "/pricing",
  "/about",
  "/blog",
  "/events",
  // Coupons and offers near the site's city (issue 36).
  "/deals",
  "/contact",
  "/terms",
  "/privacy",
  "/press",
  // A demo reviewer's profile (issue 41): reviews, the rating spread, the events she's going to.
  "/people/maria-g",
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
 * Switches the theme in the page exactly as the header's switch does (theme-toggle.tsx's applyTheme): the `dark` class
 * on <html> with transitions off until two frames later. Nothing in the app reads the theme in JavaScript and the
 * markup never depends on it (root.tsx), so the page is the one a load in that theme gives; resolves once the switch
 * is over, so axe reads the settled colours.
 */
export async function switchTheme(page: Page, theme: Theme) {
  await page.evaluate(
    (dark) =>
      new Promise<void>((resolve) => {
        const root = document.documentElement;
        root.classList.add("theme-switching");
        root.classList.toggle("dark", dark);
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            root.classList.remove("theme-switching");
            resolve();
          }),
        );
      }),
    theme === "dark",
  );
}

/**
 * expectNoA11yViolations (fixtures.ts) run the cheaper way, with the same axe-core, the same WCAG 2.1 A/AA rules and
 * the same failure: axe.run in the page (AxeBuilder's legacy mode) instead of a run per frame finished in a new blank
 * page with axe injected a second time, and only the violations kept (axe otherwise builds a selector and an HTML
 * snippet for every node that passed). That was a second or two of every scan, half its time on CI's loaded cores.
 * Legacy mode reaches frames of the page's own origin only, so a page with another's fails here rather than passing
 * unscanned.
 */
export async function expectNoViolations(page: Page) {
  const origin = new URL(page.url()).origin;
  const foreign = page
    .frames()
    .map((frame) => frame.url())
    .filter((url) => url !== "about:blank" && new URL(url, page.url()).origin !== origin);
  expect(foreign, "frames from another origin, which this scan can't reach").toEqual([]);
  // As fixtures.ts: axe reads colours as they are, so every finite animation and transition ends first.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.playState === "running" && a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .setLegacyMode(true)
    .options({ resultTypes: ["violations"] })
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
  );
  expect(summary, "axe violations").toEqual([]);
}

async function axeIn(page: Page, path: string, theme: Theme) {
  await expect(page.locator("html")).toHaveClass(theme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/);
  await test.step(`axe ${path} (${theme})`, () => expectNoViolations(page));
}

/**
 * Loads a page and waits until it is settled: hydrated, and every deferred part's code in and hydrated (their HTML
 * stays as the server sent it, so nothing moves after that). Cheaper than `networkidle`, which waited half a second
 * after the last request of every load.
 */
async function load(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page, { parts: true });
}

/**
 * No sideways scrolling on a 390 px phone: the document is no wider than the screen. A failure names the innermost
 * elements that reach past the right edge (content scrolled inside its own container, a tab strip or a carousel,
 * doesn't widen the page).
 */
export async function expectNoSidewaysScroll(page: Page, path: string) {
  const { scrollWidth, clientWidth, culprits } = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const clipped = (el: Element) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement)
        if (getComputedStyle(p).overflowX !== "visible") return true;
      return false;
    };
    const wide = [...document.body.querySelectorAll<HTMLElement>("*")].filter(
      (el) =>
        el.getBoundingClientRect().right > width + 0.5 && getComputedStyle(el).position !== "fixed" && !clipped(el),
    );
    const innermost = wide.filter((el) => !wide.some((other) => other !== el && el.contains(other)));
    return {
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: width,
      culprits: innermost
        .slice(0, 5)
        .map((el) => `<${el.tagName.toLowerCase()} class="${el.className}"> ${(el.textContent ?? "").slice(0, 80)}`),
    };
  });
  expect(
    scrollWidth,
    `${path} is ${scrollWidth}px wide on a ${clientWidth}px screen; past the edge: ${culprits.join(" | ")}`,
  ).toBeLessThanOrEqual(clientWidth);
}

/** One load of `path`: at 390 px no sideways scroll, then axe in the width's first theme and, switched, the other. */
async function scanBothThemes(page: Page, path: string, width: Width) {
  await load(page, path);
  if (width.sideways) await expectNoSidewaysScroll(page, path);
  await axeIn(page, path, width.first);
  const second: Theme = width.first === "dark" ? "light" : "dark";
  await switchTheme(page, second);
  await axeIn(page, path, second);
}

/** Pages checked only for sideways scrolling at 390 px (no axe): more of what each role sees. */
async function noSidewaysScroll(page: Page, paths: string[]) {
  for (const path of paths) {
    await test.step(`no sideways scroll ${path}`, async () => {
      await load(page, path);
      await expectNoSidewaysScroll(page, path);
    });
  }
}

/** Businesses with every kind of action strip (booking, website, many photos), by their slug. */
async function businessSlugPaths(page: Page) {
  const res = await page.request.get("/api/v1/businesses?sort=reviews");
  const body = (await res.json()) as { items: { slug: string }[] };
  return body.items.slice(0, 4).map((b) => `/business/${b.slug}`);
}

/** Signed-in pages every role gets, checked for sideways scrolling at 390 px as an owner and as an admin. */
const SIGNED_IN_ROUTES = ["/", "/portal", "/portal/inbox", "/account/settings", "/business/new", "/search?q=pizza"];

/**
 * axe on every route at one width, in both themes, signed out and as each role; at 390 px the same loads check for
 * sideways scrolling, and a few more pages are loaded for that check alone. Each width calls it from a spec file of its
 * own (accessibility-routes-*.spec.ts): CI's shards share out whole spec files.
 */
export function describeRouteScans(width: Width) {
  const label = `light and dark, ${width.name}`;
  test.describe(`axe, ${width.name}`, () => {
    test.use({ viewport: width.viewport });
    test.beforeEach(async ({ context }) => {
      if (width.first === "dark") await useTheme(context, "dark");
    });

    const half = Math.ceil(PUBLIC_ROUTES.length / 2);
    for (const [part, routes] of [PUBLIC_ROUTES.slice(0, half), PUBLIC_ROUTES.slice(half)].entries()) {
      test(`public routes, signed out, part ${part + 1} (${label})`, async ({ page }) => {
        test.setTimeout(240_000);
        const extra = part === 0 ? [await businessPath(page)] : [];
        for (const path of [...routes, ...extra]) await scanBothThemes(page, path, width);
        if (width.sideways && part === 1)
          await noSidewaysScroll(page, ["/search?q=coffee&openNow=true", ...(await businessSlugPaths(page))]);
      });
    }

    test(`a customer's screens (${label})`, async ({ page, context }) => {
      test.setTimeout(240_000);
      const business = await businessPath(page);
      await signIn(context, "customer");
      for (const path of ["/", "/portal", "/account/settings", business]) await scanBothThemes(page, path, width);
    });

    test(`an owner's screens (${label})`, async ({ page, context }) => {
      test.setTimeout(240_000);
      await signIn(context, "owner");
      // The demo owner's pending claim (server/seed/demo-accounts.ts) shows on its claim page.
      for (const path of ["/portal", "/business/new", "/business/nest-home-goods/claim"])
        await scanBothThemes(page, path, width);
      if (width.sideways) {
        const scanned = ["/portal", "/business/new"];
        const more = SIGNED_IN_ROUTES.filter((path) => !scanned.includes(path));
        await noSidewaysScroll(page, [...more, ...(await businessSlugPaths(page))]);
      }
    });

    test(`an admin's screens (${label})`, async ({ page, context, browser }) => {
      test.setTimeout(240_000);
      // At 390 px: a listing whose owner has a long email address; the admin card truncates it rather than widening
      // the page.
      let longAddressListing: string | undefined;
      if (width.sideways) {
        const owner = await browser.newContext({ baseURL: BASE_URL });
        const stamp = Date.now().toString(36);
        await signUpWith(owner.request, {
          name: "Long Address Owner",
          email: `an-owner-with-a-remarkably-long-address-${stamp}@example.com`,
          password: "long-address-1",
          type: "business",
        });
        longAddressListing = (await createListing(owner.request, { name: `Long Address Listing ${stamp}` })).name;
        await owner.close();
      }
      await signIn(context, "admin");
      for (const path of ["/admin", "/admin/reviews", "/admin/claims"]) await scanBothThemes(page, path, width);
      if (longAddressListing)
        await noSidewaysScroll(page, [`/admin?q=${encodeURIComponent(longAddressListing)}`, ...SIGNED_IN_ROUTES]);
    });
  });
}
