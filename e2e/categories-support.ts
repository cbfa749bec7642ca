import fs from "node:fs";
import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/**
 * Shared pieces of the category pages' end-to-end tests
 * (e2e/categories-*.spec.ts). Expected results come from our API; the pages
 * put Premium listings first among equal matches, which the API's default
 * order does not, so `pageOrder` applies that to an API answer without text.
 */

export interface ApiCard {
  id: string;
  /** Its page is /business/<slug> (issue 40, defect 10). */
  slug: string;
  name: string;
  category: string;
  cuisine: string | null;
  subcategory: string | null;
  rating: number;
  reviewCount: number;
  priceRange: string | null;
  address: string;
  features: string[];
  plan: "basic" | "featured" | "premium";
  ageGroups: string[];
  image: unknown;
}

/** Every published business of a category matching the query (the demo city has fewer than 50 per category). */
export async function api(page: Page, category: string, query = "") {
  const res = await page.request.get(`/api/v1/businesses?category=${category}&pageSize=50${query}`);
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { items: ApiCard[]; total: number };
  expect(body.total).toBeLessThanOrEqual(50);
  return body;
}

/** The page's order for a search without text: Premium first, then the API's (best rated first). */
export function pageOrder(items: ApiCard[]) {
  return [...items.filter((b) => b.plan === "premium"), ...items.filter((b) => b.plan !== "premium")];
}

/** Opens a category page and waits until it is hydrated (its page view is recorded then). */
export async function open(page: Page, url: string) {
  const viewed = page.waitForRequest((r) => r.method() === "POST" && r.url().endsWith("/api/v1/page-views"));
  await page.goto(url);
  await viewed;
}

/** The cards of a page's result list (data-testid `${id}-list`). */
export const cardsOf = (page: Page, id: string) => page.getByTestId(`${id}-list`).locator(":scope > li");
// textContent, not innerText: cards below the fold skip rendering (content-visibility), and innerText is "" there.
export const namesOf = (page: Page, id: string) => cardsOf(page, id).locator("h3").allTextContents();
export const expectNames = (page: Page, id: string, expected: readonly { name: string }[]) =>
  expect.poll(() => namesOf(page, id)).toEqual(expected.map((b) => b.name));

export async function optionLabels(page: Page, label: string) {
  return page.getByLabel(label, { exact: true }).locator("option").allTextContents();
}

/** The spec's mark of a paid plan on each card: "Premium", "Featured" or nothing. */
export async function expectPlanBadges(page: Page, id: string, expected: readonly ApiCard[]) {
  for (const [i, b] of expected.entries()) {
    const badge = cardsOf(page, id).nth(i).getByTestId("plan-badge");
    if (b.plan === "basic") await expect(badge).toHaveCount(0);
    else await expect(badge).toHaveText(b.plan === "premium" ? "Premium" : "Featured");
  }
}

/**
 * At 390 px the page does not scroll sideways, the first screen shows the first result (issue 40, defect 19: the
 * filters sat above it), and a screenshot of it is kept (reports/screenshots/) for a person to look at.
 */
export async function expectPhoneLayout(page: Page, path: string, name: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, path);
  await page.waitForLoadState("networkidle");
  const first = page.locator("ul[data-testid$='-results-list'] > li").first();
  const box = await first.boundingBox();
  expect(box, "a first result").not.toBeNull();
  // Its photo and name at least (200–380 px on a phone, tags included; it was 480).
  expect(box!.y + 120, `the first result starts at ${box!.y}px`).toBeLessThanOrEqual(844);
  expect(box!.height, "a phone's result card").toBeLessThan(400);
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `${path} is ${scrollWidth}px wide on a ${clientWidth}px screen`).toBeLessThanOrEqual(clientWidth);
  fs.mkdirSync("reports/screenshots", { recursive: true });
  await page.screenshot({ path: `reports/screenshots/${name}-390.png`, fullPage: true });
}

/** Opens the phone's filter sheet from "Filters", which counts the filters in use; returns the sheet. */
export async function openFilterSheet(page: Page, inUse: number) {
  const button = page.getByRole("button", { name: /^Filters/ });
  await expect(button).toHaveAccessibleName(inUse ? new RegExp(`^Filters\\s*\\(\\s*${inUse} in use\\)$`) : "Filters");
  await button.click();
  const sheet = page.getByRole("dialog", { name: "Filters" });
  await expect(sheet).toBeVisible();
  return sheet;
}

/** At desktop width the cards fill whole rows of the grid (issue 40, defect 19: 20 cards in rows of three). */
export async function expectFullRows(page: Page, id: string) {
  const list = page.getByTestId(`${id}-list`);
  const columns = await list.evaluate((ul) => getComputedStyle(ul).gridTemplateColumns.split(" ").length);
  expect(columns).toBe(3);
  expect((await list.locator(":scope > li").count()) % columns).toBe(0);
}
