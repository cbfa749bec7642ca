import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/**
 * "Now" comes from the clock service in the load context, not from each
 * loader's own `new Date()`: the end-to-end server pins it per request with
 * the x-near-test-now header, and the business page's open-now label follows.
 * A demo cleaner keeps the "services" hours (Mon–Fri 7 AM–6 PM, Sat 8 AM–2 PM,
 * closed Sunday) in the site's time zone, America/Chicago.
 */
const SLUG = "green-leaf-eco-cleaning";

async function openStatusAt(page: Page, instant: string) {
  await page.setExtraHTTPHeaders({ "x-near-test-now": instant });
  await page.goto(`/business/${SLUG}`);
  return page.getByTestId("open-status").first();
}

test("the business page's open-now label follows the clock service", async ({ page }) => {
  // Monday 2026-11-23, noon in Chicago (UTC−6 in November).
  const monday = await openStatusAt(page, "2026-11-23T18:00:00Z");
  await expect(monday).toHaveAttribute("data-open", "true");
  await expect(monday).toContainText("closes 6:00 PM");

  // Sunday 2026-11-22, noon: closed until tomorrow morning.
  const sunday = await openStatusAt(page, "2026-11-22T18:00:00Z");
  await expect(sunday).toHaveAttribute("data-open", "false");
  await expect(sunday).toContainText("opens tomorrow 7:00 AM");

  // Saturday 2026-11-21, 3 PM: closed since 2 PM, and Sunday is a closed day.
  const saturday = await openStatusAt(page, "2026-11-21T21:00:00Z");
  await expect(saturday).toHaveAttribute("data-open", "false");
  await expect(saturday).toContainText("opens Monday 7:00 AM");
});
