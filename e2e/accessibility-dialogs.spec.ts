import { signIn, visit } from "./admin-support";
import { DESKTOP, PHONE, businessPath, scan, useTheme } from "./accessibility-support";
import { expect, expectNoA11yViolations, test } from "./fixtures";

/** axe with menus, dialogs and the lightbox open (issue #12); every route, in each theme and width: accessibility-routes-*.spec.ts. */

test.describe("axe with menus, dialogs and the lightbox open", () => {
  for (const theme of ["light", "dark"] as const) {
    test(`header menus, the lightbox and the admin's dialog (${theme})`, async ({ page, context }) => {
      test.setTimeout(240_000);
      await useTheme(context, theme);
      await signIn(context, "admin");

      // Desktop: the Categories menu and the account menu.
      await page.setViewportSize(DESKTOP);
      await scan(page, "/", theme);
      await page.getByRole("banner").getByRole("button", { name: "Categories" }).click();
      await expect(page.getByRole("menu", { name: "Categories" })).toBeVisible();
      await expectNoA11yViolations(page);
      await page.keyboard.press("Escape");
      // It fades out for 100 ms: scan the next menu alone (a fast click used to find both).
      await expect(page.getByRole("menu")).toHaveCount(0);
      await page
        .getByRole("banner")
        .getByRole("button", { name: /^Account menu for / })
        .click();
      await expect(page.getByRole("menu", { name: /^Account menu for / })).toBeVisible();
      await expectNoA11yViolations(page);
      await page.keyboard.press("Escape");

      // The lightbox.
      // Hydrated first: the route JavaScript starts after the first paint, and a press before it does nothing.
      await visit(page, await businessPath(page));
      const photo = page.getByRole("button", { name: /^Open photo 1 of / });
      await photo.click();
      const lightbox = page.getByRole("dialog", { name: /^Photos of / });
      await expect(lightbox).toBeVisible();
      await expectNoA11yViolations(page);
      await page.keyboard.press("Escape");
      await expect(lightbox).toBeHidden();
      await expect(photo).toBeFocused();

      // The admin's moderation dialog.
      await visit(page, "/admin");
      const reject = page.getByRole("button", { name: /^(Reject|Suspend) / }).first();
      await reject.click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await expectNoA11yViolations(page);
      await page.keyboard.press("Escape");
      await expect(reject).toBeFocused();

      // Phone: the navigation menu.
      await page.setViewportSize(PHONE);
      await visit(page, "/");
      await page.getByRole("button", { name: "Open menu" }).click();
      await expect(page.getByRole("button", { name: "Close menu" })).toHaveAttribute("aria-expanded", "true");
      await expectNoA11yViolations(page);
    });
  }
});
