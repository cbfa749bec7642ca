import type { Page } from "@playwright/test";
import { expect, expectToast, signIn, test, visit } from "./admin-support";
import { pickCategory } from "./category-picker-support";
import { expectNoA11yViolations } from "./fixtures";

/**
 * Every listing has a place (issue 40, docs/maps.md "Positions and precision"). A listing added through the form
 * without a pin, at an address the geocoder stand-in doesn't find ("nowhere"), is placed at its ZIP code's centre:
 * the form says the position is approximate and invites dragging the pin; the business page draws an area, not a
 * pin, with "Approximate location: ZIP code centre". A listing the gazetteer can't place either has no map at all —
 * never a drawn stand-in. Axe on each, at 390 px and on a desktop.
 */

let seq = 0;
const unique = (name: string) => `${name} ${Date.now().toString(36)}${++seq}`;
const main = (page: Page) => page.getByRole("main");
const field = (page: Page, label: string) => main(page).getByLabel(new RegExp(`^${label.replace(/[()]/g, "\\$&")}`));

async function addListing(page: Page, name: string, place: { address: string; city: string; zip: string }) {
  await visit(page, "/business/new");
  await field(page, "Business name").fill(name);
  await pickCategory(page, "coffee", "Cafe & Coffee");
  await field(page, "Address").fill(place.address);
  await field(page, "City").fill(place.city);
  await field(page, "State").fill("IL");
  await field(page, "ZIP code").fill(place.zip);
  await expect(page.getByTestId("location-precision")).toContainText("No position yet");
  await main(page).getByRole("button", { name: "Add Business" }).click();
  await expectToast(page, "Business Added", "Your business has been successfully listed.");
  await expect(page).toHaveURL(/\/business\/edit\/[0-9a-f-]{36}$/);
  return page.url().split("/").pop()!;
}

for (const width of [390, 1280]) {
  test(`a listing added without a pin gets its ZIP code's centre, said to be approximate (${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, "owner");
    const id = await addListing(page, unique("Nowhere Lane Coffee"), {
      address: "1 Nowhere Lane",
      city: "Springfield",
      zip: "62704",
    });
    // The form: the stored position is a ZIP code's centre, and the pin is there to be dragged.
    await expect(page.getByTestId("location-precision")).toHaveText(
      "Approximate location: ZIP code centre. Drag the pin to the door so visitors find it.",
    );
    await expect(field(page, "Latitude")).toHaveValue("39.7725");

    await visit(page, `/business/${id}`);
    const location = page.getByRole("region", { name: "Location" });
    await expect(location.getByTestId("approximate-location")).toHaveText("Approximate location: ZIP code centre");
    const map = location.getByTestId("map");
    await map.scrollIntoViewIfNeeded();
    await expect(map).toHaveAttribute("data-state", "ready");
    await expect(map).toHaveAccessibleName(/^Map of the area around 1 Nowhere Lane/);
    // An area, not a precise-looking pin.
    await expect(map.locator("path.near-area")).toHaveCount(1);
    await expect(map.locator(".near-pin")).toHaveCount(0);
    await expect(location.getByTestId("get-directions")).toBeVisible();
    await expectNoA11yViolations(page);
  });
}

test("a listing nothing can place has no map on its page, only its address", async ({ page }) => {
  await signIn(page, "owner");
  const id = await addListing(page, unique("Nowhere Road Tea"), {
    address: "2 Nowhere Road",
    city: "Nowhereville",
    zip: "00001",
  });
  await expect(page.getByTestId("location-precision")).toContainText("No position yet");
  await visit(page, `/business/${id}`);
  const location = page.getByRole("region", { name: "Location" });
  await expect(location.getByTestId("business-address")).toContainText("2 Nowhere Road");
  await expect(location.getByTestId("map")).toHaveCount(0);
  await expect(location.getByTestId("approximate-location")).toHaveCount(0);
  await expect(page.getByLabel(/^Map (of|placeholder for)/)).toHaveCount(0);
  await expectNoA11yViolations(page);
});
