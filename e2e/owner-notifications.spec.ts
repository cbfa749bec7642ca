import { expectNoA11yViolations } from "./fixtures";
import { BASE_URL, demoAccount, expect, signIn, signUpWith, test, visit } from "./admin-support";
import { linkIn, waitForMail } from "./auth-helpers";

/**
 * Owner notifications (issue 16, docs/notifications.md): a message from the
 * business page emails the demo owner (read from the e2e mailbox); the
 * email's one-click unsubscribe link works signed out (GET shows, the button
 * unsubscribes); the owner sees and changes the setting on /account/settings;
 * a new review emails the owner, who replies to it from "Recent reviews" on
 * /portal. Axe on the unsubscribe page, the settings and the dashboard.
 */

const SLUG = "prairie-bean-coffee-roasters";
const NAME = "Prairie Bean Coffee Roasters";

test("a message emails the owner; the email's unsubscribe link turns that email off; settings turn it back on", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const owner = demoAccount("owner");
  const sender = `Notify Visitor ${Date.now().toString(36)}`;

  const visitor = await browser.newContext({ baseURL: BASE_URL });
  const visitorPage = await visitor.newPage();
  await visit(visitorPage, `/business/${SLUG}`);
  const form = visitorPage.getByRole("form", { name: `Send a message to ${NAME}` });
  await form.getByLabel("Name", { exact: true }).fill(sender);
  await form.getByLabel("Email", { exact: true }).fill("notify.visitor@example.org");
  await form.getByLabel("Message", { exact: true }).fill("Do you sell gift cards for the holidays?");
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(form.getByLabel("Name", { exact: true })).toHaveValue("", { timeout: 15_000 });

  const mail = await waitForMail(owner.email, new RegExp(`New message for ${NAME}`), 20_000);
  expect(mail.text).toContain(sender);
  expect(mail.text).toContain("Do you sell gift cards for the holidays?");
  expect(linkIn(mail, "/portal/inbox")).toBe(`${BASE_URL}/portal/inbox`);

  // The unsubscribe link, signed out: GET asks, the button unsubscribes.
  const link = linkIn(mail, "/notifications/unsubscribe");
  await visit(visitorPage, link.replace(BASE_URL, ""));
  await expect(visitorPage.getByRole("heading", { name: "Stop emails about new messages" })).toBeVisible();
  await expectNoA11yViolations(visitorPage);
  await visitorPage.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(visitorPage.getByRole("heading", { name: "You're unsubscribed" })).toBeVisible();
  await expect(visitorPage.getByRole("status")).toContainText(owner.email);
  await visitor.close();

  // The owner's settings say so; turning it back on sticks.
  await signIn(page, "owner");
  await visit(page, "/account/settings");
  const section = page.getByRole("region", { name: "Email Notifications" });
  const messages = section.getByRole("checkbox", { name: "Email me about new messages" });
  const reviews = section.getByRole("checkbox", { name: "Email me about new reviews" });
  await expect(messages).not.toBeChecked();
  await expect(reviews).toBeChecked();
  await expectNoA11yViolations(page);
  await messages.check();
  await section.getByRole("button", { name: "Save email settings" }).click();
  await expect(section.getByRole("status")).toHaveText("Email settings saved.");
  await page.reload();
  await expect(page.getByRole("checkbox", { name: "Email me about new messages" })).toBeChecked();
});

test("a new review emails the owner, who replies from Recent reviews on the dashboard", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const owner = demoAccount("owner");
  const customer = await browser.newContext({ baseURL: BASE_URL });
  await signIn(customer, "customer");
  const content = `Great cortado and friendly baristas, visit ${Date.now().toString(36)}.`;
  const res = await customer.request.put(`/api/v1/businesses/${SLUG}/reviews/mine`, {
    data: { rating: 5, content },
    headers: { origin: BASE_URL },
  });
  expect(res.status()).toBe(201);
  await customer.close();

  const mail = await waitForMail(owner.email, new RegExp(`New 5-star review of ${NAME}`), 20_000);
  expect(mail.text).toContain(content);
  expect(linkIn(mail, "/portal")).toBe(`${BASE_URL}/portal#recent-reviews`);

  await signIn(page, "owner");
  await visit(page, "/portal#recent-reviews");
  const panel = page.getByTestId("recent-reviews-panel");
  const review = panel.getByTestId("recent-review").filter({ hasText: content });
  await expect(review).toBeVisible();
  await expect(review).toContainText(NAME);
  await expectNoA11yViolations(page);
  await review.getByRole("button", { name: /^Reply/ }).click();
  await review.getByLabel(/^Reply to/).fill("Thank you! See you at the next cupping.");
  await review.getByRole("button", { name: "Post Reply" }).click();
  await expect(review.getByTestId("owner-reply")).toContainText("Thank you! See you at the next cupping.");
  // The reply is public on the business page.
  await visit(page, `/business/${SLUG}/reviews`);
  await expect(page.getByText("Thank you! See you at the next cupping.")).toBeVisible();
});

test("an admin's dashboard shows the moderation queue counts, each linking to its admin tab", async ({ page }) => {
  await signIn(page, "admin");
  await visit(page, "/portal");
  const queue = page.getByRole("region", { name: "Moderation queue" });
  // The demo owner's open claim on Nest Home Goods is waiting.
  await expect(queue.getByTestId("queue-openClaims")).toContainText(/[1-9]\d*\s*Open claims/);
  await expect(queue.getByTestId("queue-pendingListings")).toHaveAttribute("href", "/admin?status=pending");
  await expect(queue.getByTestId("queue-reportedReviews")).toHaveAttribute("href", "/admin/reviews");
  await expect(queue.getByTestId("queue-upgradeRequests")).toHaveAttribute("href", "/admin/plans");
  await expectNoA11yViolations(page);
  await queue.getByTestId("queue-openClaims").click();
  await expect(page).toHaveURL(`${BASE_URL}/admin/claims`);
});

test("changing the email: a link goes to the new address and the email changes only when it is opened", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const email = `change.${stamp}@example.com`;
  const next = `changed.${stamp}@example.com`;
  await signUpWith(page.request, { name: "Chris Change", email, password: "change-pass-1", type: "customer" });
  await visit(page, "/account/settings");
  const form = page.getByRole("form", { name: "Change email" });
  await form.getByLabel("Change email").fill(next);
  await form.getByRole("button", { name: "Send link" }).click();
  await expect(form.getByRole("status")).toContainText(`We sent a link to ${next}`);
  await page.reload();
  const profile = page.getByRole("region", { name: "Profile" });
  await expect(profile.getByText(email, { exact: true })).toBeVisible();

  const mail = await waitForMail(next, /Confirm your new email address/, 20_000);
  await page.goto(linkIn(mail, "/api/auth/verify-email").replace(BASE_URL, ""));
  await expect(page).toHaveURL(`${BASE_URL}/account/settings`);
  await expect(page.getByRole("region", { name: "Profile" }).getByText(next, { exact: true })).toBeVisible();
  await expect(page.getByText("Thanks! Your email address is confirmed.", { exact: true })).toBeVisible();
});
