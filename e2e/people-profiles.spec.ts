import { expect, setTheme, test, visit } from "./admin-support";
import { expectNoA11yViolations } from "./fixtures";
import { waitForHydration } from "./hydration";

/**
 * Reviewer profiles (issue 41): a visitor opens a reviewer's profile from their review on a business page and reads
 * their reviews. The demo reviewer Maria G. (server/seed/demo-people.ts) wrote the newest review of each of her
 * listings, so it is the first one their pages show. The page in both themes at both widths is scanned by
 * accessibility-routes-*.spec.ts too; here it is scanned as reached by the link.
 */

const PROFILE = "/people/maria-g";

test.describe("reviewer profiles", () => {
  test.describe.configure({ timeout: 90_000 });

  test("an event's date and hours read as one phrase: the comma right after the date", async ({ page }) => {
    // Issue 40, defect 20: "Monday, November 30 , 11:00 AM" — the comma was a flex item of its own, after a gap.
    await visit(page, PROFILE);
    const date = page.getByRole("region", { name: "Going to" }).locator("time").first();
    const gap = await date.evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el.nextSibling!);
      return range.getBoundingClientRect().left - el.getBoundingClientRect().right;
    });
    expect(Math.abs(gap)).toBeLessThan(1);
  });

  test("a visitor opens a profile from a review and sees the reviews", async ({ page }) => {
    // One of her listings, read from her profile's first review.
    await page.goto(PROFILE);
    const firstReview = page.getByTestId("person-review").first();
    const business = firstReview.getByRole("heading", { level: 3 });
    const businessName = (await business.innerText()).trim();
    const businessHref = (await business.getByRole("link").getAttribute("href"))!;

    await visit(page, businessHref);
    await waitForHydration(page, { parts: true });
    const author = page
      .getByTestId("review")
      .filter({ has: page.getByRole("link", { name: "Maria G.", exact: true }) })
      .getByRole("link", { name: "Maria G.", exact: true });
    await expect(author).toHaveAttribute("href", PROFILE);
    await author.click();

    await expect(page).toHaveURL(PROFILE);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Maria G.");
    await expect(page).toHaveTitle(/^Maria G\. — Reviews \| Near /);
    await expect(page.getByTestId("member-since")).toHaveText(/^Member since [A-Z][a-z]+ \d{4}$/);
    await expect(page.getByTestId("person-city")).not.toBeEmpty();
    const reviews = page.getByTestId("person-review");
    // Her eight (server/seed/demo-people.ts), unless another spec's moderation hid one.
    await expect(reviews.first()).toBeVisible();
    expect(await reviews.count()).toBeLessThanOrEqual(8);
    await expect(reviews.first().getByRole("heading", { level: 3 })).toHaveText(businessName);
    await expect(page.getByTestId("rating-distribution").getByRole("listitem")).toHaveCount(5);
    // She chose to show the events she's going to; nothing else of her account is on the page.
    await expect(page.getByTestId("person-rsvps").getByTestId("event-row").first()).toBeVisible();
    await expect(page.locator("body")).not.toContainText("reviewers.example.com");
    await expectNoA11yViolations(page);

    // At 390 px, in the dark theme: nothing scrolls sideways, and axe passes.
    await page.setViewportSize({ width: 390, height: 844 });
    await setTheme(page, "dark");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Maria G.");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoA11yViolations(page);
  });

  test("an unknown handle is a 404 page", async ({ page }) => {
    const res = await page.goto("/people/nobody-by-this-name");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Profile Not Found");
  });
});
