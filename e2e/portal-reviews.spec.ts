import { BASE_URL, signIn, visit } from "./admin-support";
import { expect, expectNoA11yViolations, test } from "./fixtures";

/**
 * The dashboard's "My reviews": a review the customer writes is counted and
 * listed on /portal at once (from the database), and deleting it there takes
 * it off the dashboard and the business.
 */

// A demo business no other spec reviews as the demo customer.
const SLUG = "green-leaf-eco-cleaning";

test("a customer's review shows on the dashboard, and is deleted from there", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, "customer");
  const business = await page.request.get(`/api/v1/businesses/${SLUG}`);
  expect(business.ok(), `${SLUG} exists`).toBe(true);
  const { id, name } = (await business.json()) as { id: string; name: string };
  const text = `Booked a deep clean for moving day ${Date.now().toString(36)}; spotless, on time, fair price.`;
  const written = await page.request.put(`/api/v1/businesses/${id}/reviews/mine`, {
    data: { rating: 4, content: text },
    headers: { origin: BASE_URL },
  });
  expect(written.status(), await written.text()).toBeLessThan(300);

  await visit(page, "/portal");
  const panel = page.getByTestId("my-reviews-panel");
  const count = Number(await panel.getByTestId("my-reviews-count").innerText());
  expect(count).toBeGreaterThanOrEqual(1);
  const item = panel.getByTestId("my-review").filter({ hasText: text });
  await expect(item).toHaveCount(1);
  await expect(item.getByRole("link", { name, exact: true })).toHaveAttribute("href", `/business/${SLUG}`);
  await expect(item.getByRole("img", { name: "Rated 4.0 out of 5" })).toBeVisible();
  await expectNoA11yViolations(page);

  page.once("dialog", (dialog) => void dialog.accept());
  await item.getByRole("button", { name: `Delete your review of ${name}` }).click();
  await expect(item).toHaveCount(0);
  await expect(panel.getByTestId("my-reviews-count")).toHaveText(String(count - 1));
  const mine = await page.request.get(`/api/v1/businesses/${id}/reviews?sort=newest`);
  expect(JSON.stringify(await mine.json())).not.toContain(text);
});
