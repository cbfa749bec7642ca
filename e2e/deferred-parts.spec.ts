import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { waitForHydration } from "./hydration";
import { SLUGS } from "./reviews-support";

/**
 * Parts of a page whose code comes after the first load (lib/deferred-component: the business page below its
 * actions, the search results, the footer, the small-screen menu…). The server renders them; a press on them before
 * their code is in must not be lost: it is held and replayed once the part is live. Each test holds that part's
 * chunk back until it has pressed, so the press always lands before the code.
 */

/** Holds back the chunk whose URL matches until `release()`; `requested` settles once the page asked for it. */
function holdChunk(page: Page, pattern: RegExp) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let markRequested!: () => void;
  const requested = new Promise<void>((resolve) => (markRequested = resolve));
  void page.route(pattern, async (route) => {
    markRequested();
    await released;
    await route.continue();
  });
  return { requested, release };
}

/** A flag on the window: still there after a client-side navigation, gone after a page load. */
async function markWindow(page: Page) {
  await page.evaluate(() => ((window as unknown as { nearMarker: boolean }).nearMarker = true));
}
const windowMarked = (page: Page) =>
  page.evaluate(() => (window as unknown as { nearMarker?: boolean }).nearMarker === true);

async function businessId(page: Page, name: string) {
  const res = await page.request.get(`/api/v1/businesses?q=${encodeURIComponent(name)}`);
  const { items } = (await res.json()) as { items: { id: string; name: string }[] };
  const hit = items.find((b) => b.name === name);
  expect(hit, name).toBeTruthy();
  return hit!.id;
}

test.describe("a press before a part's code is in", () => {
  test("on a photo of a business opens the lightbox once the code arrives", async ({ page }) => {
    const id = await businessId(page, "Bella Notte Trattoria");
    const body = holdChunk(page, /\/assets\/business-body-[\w-]+\.js$/);
    await page.goto(`/business/${id}`);
    await waitForHydration(page, { parts: false });
    await body.requested;

    await page.getByRole("button", { name: /^Open photo 2 of / }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    body.release();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("Photo 2 of 3");
  });

  test("on the reviews' sort order shows the new order, in place", async ({ page }) => {
    const body = holdChunk(page, /\/assets\/business-body-[\w-]+\.js$/);
    await page.goto(`/business/${SLUGS.twelve}`);
    await waitForHydration(page, { parts: false });
    await body.requested;
    await markWindow(page);

    const reviews = page.locator("#reviews");
    await reviews.getByLabel("Sort by").selectOption({ label: "Lowest rated" });
    body.release();
    await expect(page).toHaveURL(/reviewSort=lowest/);
    await expect(reviews.getByLabel("Sort by")).toHaveValue("lowest");
    await expect(reviews.getByRole("button", { name: "Apply" })).toHaveCount(0);
    expect(await windowMarked(page), "no page load").toBe(true);
  });

  test("on an in-app link of the business page follows it without loading a new page", async ({ page }) => {
    const body = holdChunk(page, /\/assets\/business-body-[\w-]+\.js$/);
    await page.goto(`/business/${SLUGS.twelve}`);
    await waitForHydration(page, { parts: false });
    await body.requested;
    await markWindow(page);

    await page.locator("#reviews").getByRole("link", { name: "Show more reviews" }).click();
    // Held: not followed as a page load in the meantime.
    await expect(page).not.toHaveURL(/reviewPage=2/);
    body.release();
    await expect(page).toHaveURL(/reviewPage=2/);
    await expect(page.locator("#reviews").getByTestId("review")).toHaveCount(12);
    expect(await windowMarked(page), "no page load").toBe(true);
  });

  test("on a search result opens the business in place", async ({ page }) => {
    const list = holdChunk(page, /\/assets\/search-result-list-[\w-]+\.js$/);
    await page.goto("/search?q=pizza");
    await waitForHydration(page, { parts: false });
    await list.requested;
    await markWindow(page);

    const first = page.getByTestId("results-count");
    await expect(first).toContainText("result");
    const link = page.locator("ol[aria-labelledby='results-heading'] h3 a").first();
    // The link reads "1. Name" (its position, for screen readers).
    const name = (await link.textContent())!.replace(/^\d+\.\s*/, "").trim();
    await link.click();
    await expect(page).toHaveURL(/\/search\?q=pizza$/);
    list.release();
    await expect(page).toHaveURL(/\/business\//);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    // The page's lower part came with the navigation (its clientLoader preloads it).
    await expect(page.getByRole("heading", { name: "About", level: 2 })).toBeVisible();
    expect(await windowMarked(page), "no page load").toBe(true);
  });

  test("on the small-screen menu's button opens the menu", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const menu = holdChunk(page, /\/assets\/mobile-menu-[\w-]+\.js$/);
    await page.goto("/about");
    await waitForHydration(page, { parts: false });
    await menu.requested;

    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByRole("navigation", { name: "Mobile" })).toBeHidden();
    menu.release();
    await expect(page.getByRole("navigation", { name: "Mobile" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Close menu" })).toHaveAttribute("aria-expanded", "true");
  });
});
