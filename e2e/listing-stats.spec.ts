import type { Page } from "@playwright/test";
import { expectNoA11yViolations } from "./fixtures";
import { expect, setTheme, signIn, test, visit } from "./admin-support";

/**
 * Listing stats (issue #16): the demo owner opens a listing's stats (half a year of demo data: a living chart); a
 * visitor in another browser opens the business page and clicks Website, Call and Directions; the owner reloads and
 * sees the page views and those clicks rise. The period switch, the per-day table, axe in light and dark.
 */

/** The demo owner's published listing (server/seed/demo-businesses.ts). */
const SLUG = "prairie-bean-coffee-roasters";
const NAME = "Prairie Bean Coffee Roasters";

async function value(page: Page, metric: string) {
  const text = await page.getByTestId(`stat-${metric}`).getByTestId("stat-value").innerText();
  return Number(text.replace(/[^\d]/g, ""));
}

async function numbers(page: Page) {
  return {
    views: await value(page, "views"),
    call: await value(page, "call"),
    website: await value(page, "website"),
    directions: await value(page, "directions"),
  };
}

test("an owner sees a listing's stats rise after a visitor's visit and clicks", async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signIn(page, "owner");
  await visit(page, "/portal#my-listings");
  await page.getByRole("link", { name: `Stats of ${NAME}` }).click();
  await expect(page).toHaveURL(/\/portal\/stats\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1, name: NAME })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`Stats: ${NAME}`));
  // The demo data: a chart with something in it, and 30 days by default.
  await expect(page.getByRole("link", { name: "30 days" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("img", { name: /Page views and clicks per day/ })).toBeVisible();
  const before = await numbers(page);
  expect(before.views).toBeGreaterThan(0);

  // A visitor, in a browser of their own, opens the business page and clicks three of its actions.
  // From an address of their own (the e2e server believes the browser's X-Forwarded-For): views and clicks are
  // counted up to a limit per address, which the rest of the suite, all from 127.0.0.1, can use up.
  const visitor = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": "198.51.100.61" } });
  const vpage = await visitor.newPage();
  // The clicks are counted, but the test stays on the page (no phone app, no new tab to the outside world).
  await vpage.addInitScript(() => {
    document.addEventListener("click", (event) => {
      if ((event.target as Element).closest('a[href^="tel:"], a[target="_blank"]')) event.preventDefault();
    });
  });
  const viewed = vpage.waitForResponse(
    (r) => r.url().endsWith("/api/v1/page-views") && r.request().method() === "POST",
  );
  await visit(vpage, `/business/${SLUG}`);
  expect((await viewed).status()).toBe(204);
  for (const target of [
    vpage.getByTestId("website-link"),
    vpage.getByTestId("call-now"),
    vpage.getByTestId("get-directions"),
  ]) {
    const sent = vpage.waitForResponse((r) => /\/api\/v1\/businesses\/[^/]+\/events$/.test(r.url()));
    await target.click();
    expect((await sent).status()).toBe(204);
  }
  await visitor.close();

  await expect(async () => {
    await page.reload();
    const after = await numbers(page);
    expect(after).toEqual({
      views: before.views + 1,
      call: before.call + 1,
      website: before.website + 1,
      directions: before.directions + 1,
    });
  }).toPass({ timeout: 20_000 });

  // Today's row of the per-day table has the visit.
  await page.getByText("The numbers per day").click();
  await expect(page.getByTestId("stats-table").locator("tbody tr").first()).toBeVisible();

  // Another period: 7 days, in the URL.
  await page.getByRole("link", { name: "7 days" }).click();
  await expect(page).toHaveURL(/\?days=7$/);
  await expect(page.getByRole("link", { name: "7 days" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("stats-table").locator("tbody tr")).toHaveCount(7);
  await expectNoA11yViolations(page);
  await setTheme(page, "dark");
  await expectNoA11yViolations(page);
});

test("someone else's listing's stats are not found; signed out goes to sign in", async ({ page }) => {
  await visit(page, "/portal/stats/00000000-0000-4000-8000-000000000000");
  await expect(page).toHaveURL(/\/auth\?redirectTo=/);
  await signIn(page, "customer");
  const res = await page.goto("/portal/stats/00000000-0000-4000-8000-000000000000");
  expect(res?.status()).toBe(404);
});

/** The chart's day labels shown at this width: their left, centre and right edges, in order. */
async function dayLabels(page: Page) {
  const figure = page.locator("figure").filter({ has: page.getByTestId("stats-chart") });
  const boxes = [];
  for (const label of await figure.locator("span.whitespace-nowrap").all()) {
    if (!(await label.isVisible())) continue;
    const box = (await label.boundingBox())!;
    boxes.push({ text: await label.innerText(), left: box.x, centre: box.x + box.width / 2, right: box.x + box.width });
  }
  return boxes.sort((a, b) => a.left - b.left);
}

test("the chart's day labels are evenly spaced and never overlap, on a phone and a desktop", async ({ page }) => {
  // Issue 40, defect 20: the labels skipped days unevenly (Oct 30, Nov 4, Nov 9, Nov 13, Nov 19 …).
  test.slow();
  await signIn(page, "owner");
  await visit(page, "/portal#my-listings");
  const stats = await page.getByRole("link", { name: `Stats of ${NAME}` }).getAttribute("href");
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const days of [7, 30, 90]) {
      await visit(page, `${stats}?days=${days}`);
      const labels = await dayLabels(page);
      const where = `${days} days at ${width}px: ${labels.map((l) => l.text).join(", ")}`;
      expect(labels.length, where).toBeGreaterThanOrEqual(3);
      const gaps = labels.slice(1).map((l, k) => l.centre - labels[k]!.centre);
      for (const gap of gaps) expect(Math.abs(gap - gaps[0]!), where).toBeLessThanOrEqual(1.5);
      for (let k = 1; k < labels.length; k++) {
        expect(labels[k]!.left - labels[k - 1]!.right, `${where}: room between labels`).toBeGreaterThanOrEqual(4);
      }
      // The last day (today) is always labelled, and nothing sticks out sideways.
      const today = page.getByTestId("stats-table").locator("tbody tr").first().locator("th");
      expect(labels.at(-1)!.text, where).toBe((await today.textContent())!.trim());
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
  }
});
