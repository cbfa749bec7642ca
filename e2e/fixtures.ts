import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Locator, type Page } from "@playwright/test";

/** Runs axe on the page (WCAG 2.1 A/AA) and fails on any violation. */
export async function expectNoA11yViolations(page: Page, options: { include?: string; disableRules?: string[] } = {}) {
  let builder = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]);
  if (options.include) builder = builder.include(options.include);
  if (options.disableRules) builder = builder.disableRules(options.disableRules);
  // axe reads colours as they are at that moment: mid fade-in (a dialog's overlay at half opacity) text fails a
  // contrast it passes a few frames later. Wait for every finite animation and transition to end first.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.playState === "running" && a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const results = await builder.analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
  );
  expect(summary, "axe violations").toEqual([]);
}

/** Fails a test when the page logs an error or throws: a broken page must not pass quietly. */
export const test = base.extend<{ pageErrors: string[] }>({
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(`pageerror: ${e.message}`));
      page.on("console", (m) => {
        if (
          m.type() === "error" &&
          !/Failed to load resource: the server responded with a status of (404|500)/.test(m.text())
        ) {
          errors.push(`console.error: ${m.text()}`);
        }
      });
      await use(errors);
      expect(errors, "errors in the browser").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Follows a link at the bottom of a page loaded without JavaScript (the search's Next, a category's Load More),
 * pressing it again if a press missed: the cards above it only render as they come into view (content-visibility),
 * so the link can still move just after the scroll to it (seen on a loaded CI machine).
 */
export async function followBottomLink(page: Page, link: Locator, address: RegExp) {
  await expect(async () => {
    await link.click();
    await expect(page).toHaveURL(address, { timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
}
