import type { Page } from "@playwright/test";
import { DESKTOP, PHONE, switchTheme } from "./accessibility-support";
import { expect, linkIn, signUp, test, uniqueEmail, visit, waitForMail } from "./auth-helpers";
import { expectNoA11yViolations } from "./fixtures";

/**
 * The reminder to verify an email address (issue 40, defect 6): a banner under the header for a signed-in reader
 * whose address is unverified, "Resend email", a dismiss that lasts the visit, nothing once verified. Screenshots of
 * the banner at 390 px and 1280 px, light and dark, go to the test's output folder.
 */

const banner = (page: Page) => page.getByTestId("verify-email-banner");

test("an unverified reader: the banner, Resend email, dismissed for the visit, gone once verified", async ({
  page,
}) => {
  const email = uniqueEmail("verify");
  await signUp(page, { name: "Vera Unverified", email });
  await waitForMail(email, /^Verify your email/);

  await visit(page, "/");
  await expect(banner(page)).toBeVisible();
  await expect(banner(page)).toContainText(`Please verify your email address: we sent a link to ${email}.`);
  // Under the header, before the page.
  const headerBottom = (await page.getByRole("banner").boundingBox())!;
  const bannerBox = (await banner(page).boundingBox())!;
  expect(bannerBox.y).toBeGreaterThanOrEqual(headerBottom.y + headerBottom.height - 1);

  for (const [width, viewport] of [
    ["390", PHONE],
    ["1280", DESKTOP],
  ] as const) {
    await page.setViewportSize(viewport);
    for (const theme of ["light", "dark"] as const) {
      await switchTheme(page, theme);
      await expectNoA11yViolations(page, { include: '[data-testid="verify-email-banner"]' });
      await page.screenshot({ path: test.info().outputPath(`verify-banner-${width}-${theme}.png`) });
    }
  }
  await switchTheme(page, "light");

  // Resend email: a new link, and the banner says so.
  await banner(page).getByRole("button", { name: "Resend email" }).click();
  await expect(banner(page).getByRole("status")).toHaveText("Email sent. Check your inbox for the new link.");
  const mail = await waitForMail(email, /^Verify your email/);

  // Dismissed: gone now and on the next pages of this visit.
  await banner(page).getByRole("button", { name: "Dismiss" }).click();
  await expect(banner(page)).toHaveCount(0);
  await visit(page, "/search");
  await expect(banner(page)).toHaveCount(0);

  // A new visit (the session cookie gone): back while the address is unverified.
  const cookies = await page.context().cookies();
  await page.context().clearCookies();
  await page.context().addCookies(cookies.filter((c) => c.name !== "near_verify_dismissed"));
  await visit(page, "/");
  await expect(banner(page)).toBeVisible();

  // Verified (the emailed link): no banner.
  await page.goto(linkIn(mail, "/api/auth/verify-email"));
  await visit(page, "/");
  await expect(page.getByRole("banner").getByRole("button", { name: /^Account menu for / })).toBeVisible();
  await expect(banner(page)).toHaveCount(0);
});

test("an unverified owner's dashboard says why emails are held", async ({ page }) => {
  const email = uniqueEmail("held");
  await signUp(page, { type: "business", name: "Held Mail Bakery", email });
  await visit(page, "/account/settings");
  const notice = page.getByTestId("held-emails-notice");
  await expect(notice).toContainText("Emails about messages and reviews are held until you verify your email address.");
  await expectNoA11yViolations(page, { include: '[data-testid="held-emails-notice"]' });
  await notice.getByRole("button", { name: "Resend email" }).click();
  await expect(notice.getByRole("status")).toHaveText("Email sent. Check your inbox for the new link.");
});
