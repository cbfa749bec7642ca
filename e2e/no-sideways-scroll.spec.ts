import type { Page } from "@playwright/test";
import { BASE_URL, createListing, demoAccount, signIn, signUpWith } from "./admin-support";
import { expect, test } from "./fixtures";

/**
 * No page may scroll sideways on a 390 px phone: every route, signed out and
 * signed in (an owner and an admin see their own screens and controls).
 */

const PUBLIC_ROUTES = [
  "/",
  "/search?q=pizza",
  "/search?q=coffee&openNow=true",
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
const SIGNED_IN_ROUTES = ["/", "/portal", "/portal/inbox", "/account/settings", "/business/new", "/search?q=pizza"];
const ADMIN_ROUTES = ["/admin", "/admin/reviews"];

test.use({ viewport: { width: 390, height: 844 } });

async function businessPaths(page: Page) {
  // Businesses with every kind of action strip: booking, website, many photos.
  const res = await page.request.get("/api/v1/businesses?sort=reviews");
  const body = (await res.json()) as { items: { slug: string }[] };
  return body.items.slice(0, 4).map((b) => `/business/${b.slug}`);
}

async function expectNoSidewaysScroll(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  const { scrollWidth, clientWidth, culprits } = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    // The innermost elements reaching past the right edge (their wrappers only follow them): what a failure names.
    // Content scrolled inside its own container (a tab strip, a carousel) doesn't widen the page.
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

test("signed out, no page scrolls sideways at 390 px", async ({ page }) => {
  test.setTimeout(240_000);
  for (const path of [...PUBLIC_ROUTES, ...(await businessPaths(page))]) await expectNoSidewaysScroll(page, path);
});

test("signed in as an owner, no page scrolls sideways at 390 px", async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, "owner");
  for (const path of [...SIGNED_IN_ROUTES, ...(await businessPaths(page))]) await expectNoSidewaysScroll(page, path);
});

test("signed in as an admin, no page scrolls sideways at 390 px", async ({ page, browser }) => {
  test.setTimeout(240_000);
  expect(demoAccount("admin").email).toBeTruthy();
  // A listing whose owner has a long email address: the admin card truncates it rather than widening the page.
  const owner = await browser.newContext({ baseURL: BASE_URL });
  const stamp = Date.now().toString(36);
  await signUpWith(owner.request, {
    name: "Long Address Owner",
    email: `an-owner-with-a-remarkably-long-address-${stamp}@example.com`,
    password: "long-address-1",
    type: "business",
  });
  const listing = await createListing(owner.request, { name: `Long Address Listing ${stamp}` });
  await owner.close();
  await signIn(page, "admin");
  const adminRoutes = [...ADMIN_ROUTES, `/admin?q=${encodeURIComponent(listing.name)}`];
  for (const path of [...adminRoutes, ...SIGNED_IN_ROUTES]) await expectNoSidewaysScroll(page, path);
});
