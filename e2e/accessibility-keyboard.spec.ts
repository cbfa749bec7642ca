import { signIn } from "./admin-support";
import { DESKTOP, tabTo } from "./accessibility-support";
import { expect, test } from "./fixtures";

/**
 * The main flows walked with the keyboard alone (issue #12): focus visible,
 * focus moving to the new page's heading on navigation; and reduced motion.
 */

test.describe("keyboard only", () => {
  test.use({ viewport: DESKTOP });

  test("the heading focused after a navigation has no focus ring (issue 40: a red box around the H1)", async ({
    page,
  }) => {
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    await tabTo(page, page.getByRole("main").getByRole("combobox", { name: "Search businesses" }));
    await page.keyboard.type("bakery");
    await page.keyboard.press("Enter");
    const heading = page.getByRole("heading", { level: 1, name: "Find Local Businesses" });
    await expect(heading).toBeFocused();
    // Focused for screen readers and the next Tab, not something to press: no ring after typing into a form.
    expect(await heading.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe("none");
  });

  test("search → business → write a review, focus on each new page's heading", async ({ page, context }) => {
    test.setTimeout(120_000);
    await signIn(context, "customer");
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    const box = page.getByRole("main").getByRole("combobox", { name: "Search businesses" });
    await tabTo(page, box);
    await page.keyboard.type("bakery");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/search\?q=bakery/);
    await expect(page.getByRole("heading", { level: 1, name: "Find Local Businesses" })).toBeFocused();

    const result = page.getByTestId("business-card").first().getByRole("link").first();
    await tabTo(page, result);
    // The link's text starts with its position for screen readers ("1. "): the heading is the name alone.
    const name = (await result.textContent())!.trim().replace(/^\d+\.\s*/, "");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/business\//);
    await expect(page.getByRole("heading", { level: 1, name })).toBeFocused();

    const write = page.getByTestId("business-actions").getByRole("link", { name: "Write a Review" });
    await tabTo(page, write);
    await page.keyboard.press("Enter");
    const form = page.locator("#write-review");
    const star = form.getByRole("radio", { name: "1 star" });
    const edit = page.getByRole("button", { name: "Edit Your Review" });
    // The demo customer may have reviewed this place already: then the form opens from "Edit Your Review".
    if (await edit.isVisible()) {
      await tabTo(page, edit);
      await page.keyboard.press("Enter");
    } else {
      await expect(star).toBeFocused();
    }
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect(form.getByRole("radio", { name: "5 stars" })).toBeChecked();
    await tabTo(page, form.getByRole("textbox", { name: "Your review" }));
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("Reached with the keyboard alone: warm bread, kind staff and a seat by the window.");
    await tabTo(page, form.getByRole("button", { name: /^(Post|Update) Review$/ }));
    await page.keyboard.press("Enter");
    await expect(
      page.locator('[data-slot="toast-title"]').filter({ hasText: /^Review (Added|Updated)$/ }),
    ).toBeVisible();
  });

  test("sign up, add a listing, and an admin approves it", async ({ page, context }) => {
    test.setTimeout(180_000);
    const email = `kb-owner-${Date.now()}@example.com`;
    await page.goto("/auth?mode=signup");
    await page.waitForLoadState("networkidle");
    const main = page.getByRole("main");
    // Tab reaches the group's checked radio; the arrow keys choose another.
    await tabTo(page, main.getByRole("radio", { checked: true }));
    const business = main.getByRole("radio", { name: /Business/ });
    for (let i = 0; i < 3 && !(await business.isChecked()); i++) await page.keyboard.press("ArrowRight");
    await expect(business).toBeChecked();
    await tabTo(page, main.getByLabel(/name/i).first());
    await page.keyboard.type("Kim Keyboard");
    await tabTo(page, main.getByLabel("Email"));
    await page.keyboard.type(email);
    await tabTo(page, main.getByLabel("Password", { exact: true }));
    await page.keyboard.type("correct-horse-1");
    await page.keyboard.press("Enter");
    await expect(page).not.toHaveURL(/\/auth/, { timeout: 15_000 });

    // The listing form, field by field.
    await page.goto("/business/new");
    await page.waitForLoadState("networkidle");
    const name = `Keyboard Cafe ${Date.now()}`;
    const field = (label: string) => main.getByLabel(label, { exact: false }).first();
    await tabTo(page, field("Business name"));
    await page.keyboard.type(name);
    // The category picker: type, ArrowDown to the first match, Enter.
    const category = main.getByRole("combobox", { name: /^Category/ });
    await tabTo(page, category);
    await page.keyboard.type("cafe");
    await page.keyboard.press("ArrowDown");
    await expect(category).toHaveAttribute("aria-activedescendant", /.+/);
    await page.keyboard.press("Enter");
    await expect(category).toHaveValue("Cafe & Coffee");
    await tabTo(page, field("Address"));
    await page.keyboard.type("9 Tab Street");
    await tabTo(page, field("ZIP code"));
    await page.keyboard.type("62701");
    await tabTo(page, main.getByRole("button", { name: "Add Business" }), 200);
    await page.keyboard.press("Enter");
    await expect(page.locator('[data-slot="toast-title"]').filter({ hasText: "Business Added" })).toBeVisible({
      timeout: 15_000,
    });

    // The admin approves it from the keyboard.
    await context.clearCookies();
    await signIn(context, "admin");
    await page.goto(`/admin?q=${encodeURIComponent(name)}`);
    await page.waitForLoadState("networkidle");
    const approve = page.getByRole("button", { name: `Approve ${name}` });
    await tabTo(page, approve, 120);
    await page.keyboard.press("Enter");
    await expect(page.locator('[data-slot="toast-title"]').filter({ hasText: "Listing Approved" })).toBeVisible();
  });
});

test("prefers-reduced-motion: no animations or transitions", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto("/");
  const durations = await page.evaluate(() => {
    const el = document.querySelector("header a, header button")!;
    const style = getComputedStyle(el);
    return { transition: style.transitionDuration, animation: style.animationDuration };
  });
  expect(parseFloat(durations.transition)).toBeLessThanOrEqual(0.001);
});
