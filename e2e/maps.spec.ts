import type { Locator, Page } from "@playwright/test";
import { expect, expectNoA11yViolations, test } from "./fixtures";
import { signIn, visit } from "./admin-support";

/**
 * Maps (docs/maps.md) against the local tile and geocoder stand-ins
 * (tests/support/map-stand-ins.mjs, wired by scripts/e2e-server.mjs).
 */
const isTile = (url: URL) => /^\/\d+\/\d+\/\d+\.png$/.test(url.pathname);

/**
 * Presses the map's zoom-in button and resolves when Leaflet's zoom animation has ended: Leaflet marks the map pane
 * `leaflet-zoom-anim` while it runs (from the next frame) and takes the mark off once the new zoom is set.
 */
async function zoomIn(map: Locator) {
  type Pane = HTMLElement & { zoomEnded?: Promise<void> };
  const pane = map.locator(".leaflet-map-pane");
  // Watching before the press, so the animation can't start (and end) unseen.
  await pane.evaluate((el: Pane) => {
    el.zoomEnded = new Promise<void>((resolve) => {
      new MutationObserver((_, observer) => {
        if (el.classList.contains("leaflet-zoom-anim")) return;
        observer.disconnect();
        resolve();
      }).observe(el, { attributes: true, attributeFilter: ["class"] });
    });
  });
  await map.locator(".leaflet-control-zoom-in").click();
  await pane.evaluate((el: Pane) => el.zoomEnded);
}

async function firstBusinessHref(page: Page) {
  await visit(page, "/search");
  const href = await page
    .locator('ol[aria-labelledby="results-heading"] a[href^="/business/"]')
    .first()
    .getAttribute("href");
  expect(href).toBeTruthy();
  return href!;
}

test("the business page shows its marker on real tiles, beside Get Directions", async ({ page }) => {
  const href = await firstBusinessHref(page);
  await visit(page, href);
  const map = page.getByTestId("map");
  await map.scrollIntoViewIfNeeded();
  await expect(map).toHaveAttribute("data-state", "ready");
  await expect(map.locator(".leaflet-tile-loaded").first()).toBeVisible();
  await expect(map.locator(".near-pin")).toHaveCount(1);
  await expect(map.getByText("© OpenStreetMap contributors")).toBeVisible();
  await expect(page.getByTestId("get-directions")).toBeVisible();
  await expectNoA11yViolations(page);
});

test("search ?view=map: markers with popups, and Search this area narrows the results", async ({ page }) => {
  await visit(page, "/search");
  // The toggle is a plain link.
  await page.getByTestId("view-map").click();
  await expect(page).toHaveURL(/view=map/);
  const map = page.getByTestId("results-map");
  await expect(map).toHaveAttribute("data-state", "ready");
  const before = await page.getByTestId("results-count").textContent();
  // Clustered or not, every result is on the map: open a single marker's popup (zoom in until one shows).
  await expect(map.locator(".near-pin, .near-cluster").first()).toBeVisible();
  for (let i = 0; i < 6 && (await map.locator(".near-pin").count()) === 0; i++) await zoomIn(map);
  await map.locator(".near-pin").first().click();
  const popupLink = map.locator(".leaflet-popup .near-popup__name");
  await expect(popupLink).toHaveAttribute("href", /^\/business\//);
  await expectNoA11yViolations(page);

  // Zoom in and pan: "Search this area" appears and filters on the server.
  // The popup's close button, as Leaflet listens for it: the popup can open under the map's "Search this area"
  // button, or have closed already when opening it panned the map (where the marker sits decides).
  await map
    .locator(".leaflet-popup-close-button")
    .evaluateAll((buttons) => buttons.forEach((b) => (b as HTMLElement).click()));
  await expect(map.locator(".leaflet-popup")).toHaveCount(0);
  await zoomIn(map);
  const box = (await map.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 60, box.y + box.height / 2 + 30, { steps: 5 });
  await page.mouse.up();
  await page.getByTestId("search-this-area").click();
  await expect(page).toHaveURL(/bbox=-?\d/);
  await expect(page).toHaveURL(/view=map/);
  await expect(page.getByTestId("results-count")).not.toHaveText(before ?? "");
  await expect(page.getByTestId("clear-area")).toBeVisible();
});

test("a bad bbox in the page URL is ignored, and the API answers 400", async ({ page, request }) => {
  await visit(page, "/search?bbox=1,2,3");
  await expect(page.getByText(/weren't valid and were ignored \(bbox\)/)).toBeVisible();
  const bad = await request.get("/api/v1/businesses?bbox=10,10,5,5");
  expect(bad.status()).toBe(400);
  const good = await request.get("/api/v1/businesses?bbox=-180,-90,180,90");
  expect(good.status()).toBe(200);
});

test("blocked tiles: the map says so, the address, directions and list stay", async ({ page, pageErrors }) => {
  await page.route(isTile, (route) => route.abort());
  const href = await firstBusinessHref(page);
  await visit(page, href);
  const map = page.getByTestId("map");
  await map.scrollIntoViewIfNeeded();
  await expect(page.getByTestId("map-unavailable")).toContainText("Map unavailable");
  await expect(page.getByTestId("get-directions")).toBeVisible();
  await expect(page.locator("#location address")).toBeVisible();

  await visit(page, "/search?view=map");
  await expect(page.getByTestId("results-map").getByTestId("map-unavailable")).toBeVisible();
  await expect(page.locator('ol[aria-labelledby="results-heading"] li').first()).toBeVisible();
  await expectNoA11yViolations(page);
  // The aborted tile requests are logged by the browser; they are the point of this test.
  const rest = pageErrors.filter((e) => !/ERR_FAILED|net::/.test(e));
  pageErrors.splice(0, pageErrors.length, ...rest);
});

test("the listing form: dragging the pin sets the coordinates; Find on map geocodes on the server", async ({
  page,
}) => {
  await signIn(page, "owner");
  await visit(page, "/business/new");
  const picker = page.getByTestId("location-picker");
  await picker.scrollIntoViewIfNeeded();
  await expect(picker).toHaveAttribute("data-state", "ready");
  const lat = page.locator('input[name="latitude"]');
  const lng = page.locator('input[name="longitude"]');
  const pin = picker.locator(".near-pin");
  const pinBox = (await pin.boundingBox())!;
  await page.mouse.move(pinBox.x + pinBox.width / 2, pinBox.y + pinBox.height / 2);
  await page.mouse.down();
  await page.mouse.move(pinBox.x + 80, pinBox.y + 40, { steps: 8 });
  await page.mouse.up();
  await expect(lat).toHaveValue(/^39\.\d{6}$/);
  await expect(lng).toHaveValue(/^-89\.\d{6}$/);
  const dragged = await lng.inputValue();
  expect(Number(dragged)).toBeGreaterThan(-89.6501);

  await page.locator('input[name="address"]').fill("200 S 6th St");
  await page.getByTestId("find-on-map").click();
  await expect(page.getByTestId("location-status")).toHaveText(/Pin placed at the address/);
  await expect(lat).toHaveValue(/^39\.79901[78]$/);
  await expect(lng).toHaveValue(/^-89\.64395[78]$/);
  await expectNoA11yViolations(page);
});
