import type { Page } from "@playwright/test";
import { expect, expectNoA11yViolations, test } from "./fixtures";
import { visit } from "./admin-support";

/**
 * "Near me" (issue 14, docs/maps.md) with a mocked browser position: the demo city's listings sit
 * around Springfield, IL (39.799, -89.644), so distances from there are a few miles at most.
 */
const HERE = { latitude: 39.8, longitude: -89.644 };

async function distances(page: Page) {
  const texts = await page.getByTestId("distance").allTextContents();
  return texts.map((t) => {
    expect(t).toMatch(/^\d+(\.\d)? mi$/);
    return Number.parseFloat(t);
  });
}

test.describe("with the location allowed", () => {
  test.use({ geolocation: HERE, permissions: ["geolocation"] });

  test("search: Use my location sorts nearest first with distances, and the radius narrows", async ({ page }) => {
    await visit(page, "/search");
    await expect(page.getByTestId("distance")).toHaveCount(0);
    await page.getByRole("button", { name: "Use my location" }).click();
    await expect(page).toHaveURL(/lat=39\.8&lng=-89\.644/);
    await expect(page).toHaveURL(/sort=distance/);
    await expect(page.getByTestId("near-me-origin")).toContainText("Distances from your location");
    await expect(page.locator("#search-sort")).toHaveValue("distance");
    const cards = page.getByTestId("business-card");
    // Storefronts carry their distance; a service-area business that serves this place shows its area instead
    // (its base is never shown, docs/maps.md "Service areas").
    const placed = cards.filter({ has: page.getByTestId("distance") });
    await expect(placed.first()).toBeVisible();
    const all = await distances(page);
    expect(all.length).toBe(await placed.count());
    for (const text of await cards.filter({ hasNot: page.getByTestId("distance") }).allTextContents())
      expect(text).toContain("Serves");
    expect([...all].sort((a, b) => a - b)).toEqual(all);
    const total = await page.getByTestId("results-count").textContent();
    await expectNoA11yViolations(page);

    await page.getByLabel("Within").selectOption("1");
    await expect(page).toHaveURL(/radius=1/);
    await expect(page.getByTestId("near-me-origin")).toContainText("within 1 mi");
    await expect(page.getByTestId("results-count")).not.toHaveText(total!);
    for (const d of await distances(page)) expect(d).toBeLessThanOrEqual(1);

    // Server-rendered: the same URL without JavaScript's help shows the same distances.
    const url = page.url();
    // React puts <!-- --> between adjacent text nodes: match the rendered text.
    const html = (await (await page.request.get(url)).text()).replaceAll("<!-- -->", "");
    expect(html).toContain("Distances from your location, within 1 mi");
    expect(html).toMatch(/data-testid="distance"[^>]*>0\.\d mi</);

    await page.getByTestId("near-me-origin").getByRole("link", { name: "Clear", exact: true }).click();
    await expect(page).not.toHaveURL(/lat=|radius=|sort=distance/);
    await expect(page.getByTestId("distance")).toHaveCount(0);
  });

  test("category page: Use my location shows distances, nearest first, kept by the filters", async ({ page }) => {
    await visit(page, "/categories/restaurants");
    await page.getByRole("button", { name: "Use my location" }).click();
    await expect(page).toHaveURL(/lat=39\.8&lng=-89\.644&sort=distance/);
    const list = page.getByTestId("restaurants-results-list");
    await expect(list.getByTestId("distance").first()).toBeVisible();
    const all = await distances(page);
    expect([...all].sort((a, b) => a - b)).toEqual(all);
    await expectNoA11yViolations(page);
    // Another filter keeps the position.
    await page.getByLabel("Open Now").check();
    await expect(page).toHaveURL(/open=1/);
    await expect(page).toHaveURL(/lat=39\.8/);
  });
});

test.describe("with the location refused", () => {
  test.use({ permissions: [] });

  test("says so clearly and offers the ZIP code field, which works", async ({ page, context }) => {
    await context.clearPermissions();
    await visit(page, "/search");
    await page.getByRole("button", { name: "Use my location" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Location access was refused" })).toBeVisible();
    await expect(page).not.toHaveURL(/lat=/);
    await expectNoA11yViolations(page);

    await page.getByLabel("Or a ZIP code, city or neighborhood").fill("62701");
    await page.getByRole("button", { name: "Go", exact: true }).click();
    await expect(page).toHaveURL(/near=62701/);
    await expect(page.getByTestId("near-me-origin")).toContainText("Distances from ZIP 62701");
    await expect(page.getByTestId("distance").first()).toBeVisible();
  });
});

test("a typed neighbourhood of the demo city centres the distances on it", async ({ page }) => {
  await visit(page, "/search");
  await page.getByLabel("Or a ZIP code, city or neighborhood").fill("  downtown ");
  await page.getByRole("button", { name: "Go", exact: true }).click();
  await expect(page).toHaveURL(/near=downtown/);
  await expect(page.getByTestId("near-me-origin")).toContainText("Distances from Downtown, Springfield");
  await expect(page.getByTestId("distance").first()).toBeVisible();
  const all = await distances(page);
  expect([...all].sort((a, b) => a - b)).toEqual(all);
});

test("an unknown place is said plainly, and the search still answers", async ({ page }) => {
  await visit(page, "/search?near=Atlantis");
  await expect(page.getByRole("alert").filter({ hasText: "We couldn't find “Atlantis”" })).toBeVisible();
  await expect(page.getByTestId("business-card").first()).toBeVisible();
  await expectNoA11yViolations(page);
});

test("category pages apply the map's area (?bbox=) and offer Search this area", async ({ page }) => {
  await visit(page, "/categories/restaurants");
  const heading = page.locator("#restaurants-results");
  const before = await heading.textContent();
  await visit(page, "/categories/restaurants?bbox=-89.65,39.79,-89.64,39.80");
  await expect(heading).not.toHaveText(before!);
  await expect(page.getByTestId("clear-area")).toBeVisible();
});
