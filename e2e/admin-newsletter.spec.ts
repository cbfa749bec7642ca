import { linkIn, waitForMail } from "./auth-helpers";
import { BASE_URL, demoAccount, expect, signIn, test, visit } from "./admin-support";
import { expectNoA11yViolations } from "./fixtures";

/**
 * The newsletter composer (issue 40) in the browser: an admin writes an issue, previews it, sends a test to
 * themselves, confirms the send, and a confirmed subscriber's email arrives with List-Unsubscribe headers whose
 * one-click POST unsubscribes. Who may compose, the safe Markdown, exactly-once delivery and the headers in detail:
 * tests/integration/newsletter-issues.test.ts.
 */

test("an admin writes, previews, tests and sends an issue; the subscriber can unsubscribe in one click", async ({
  page,
  playwright,
}) => {
  test.setTimeout(90_000);
  const stamp = Date.now().toString(36);
  const reader = `issue-reader-${stamp}@example.com`;
  const subject = `What's new this month ${stamp}`;

  // A confirmed subscriber, through the footer's double opt-in (no session: a separate client).
  const visitor = await playwright.request.newContext({ baseURL: BASE_URL });
  await visitor.post("/newsletter", { form: { email: reader }, headers: { origin: BASE_URL } });
  const confirm = new URL(linkIn(await waitForMail(reader, /Confirm your Near newsletter/), "/newsletter/confirm"));
  const confirmed = await visitor.post(`/newsletter/confirm${confirm.search}`, {
    form: { token: confirm.searchParams.get("token")! },
    headers: { origin: BASE_URL },
  });
  expect(confirmed.status()).toBe(200);

  await signIn(page, "admin");
  await visit(page, "/admin/newsletter");
  const count = Number(await page.getByTestId("count-confirmed").textContent());
  expect(count).toBeGreaterThanOrEqual(1);
  const recipients = `${count} ${count === 1 ? "subscriber" : "subscribers"}`;
  await page.getByRole("link", { name: "Write an issue" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("New issue");

  await page.getByLabel("Subject").fill(subject);
  await page
    .getByLabel("Body (Markdown)")
    .fill("## Fresh on the map\n\nA **new bakery** opened on Main Street.\n\n<script>alert(1)</script>");
  await page.getByRole("button", { name: "Preview" }).click();
  const preview = page.getByTestId("issue-preview");
  await expect(preview.getByRole("heading", { name: "Fresh on the map" })).toBeVisible();
  await expect(preview.locator("strong")).toHaveText("new bakery");
  await expect(preview).toContainText("<script>alert(1)</script>"); // shown as text, never run
  await expectNoA11yViolations(page);

  await page.getByRole("button", { name: "Send test to me" }).click();
  const admin = demoAccount("admin").email;
  await expect(page.getByRole("main").getByRole("status")).toHaveText(`Test sent to ${admin}.`);
  await waitForMail(admin, new RegExp(`^\\[Test\\] ${subject}$`));

  await page.getByRole("button", { name: `Send to ${recipients}` }).click();
  const ask = page.getByRole("region", { name: `Send “${subject}” to ${recipients}?` });
  await expect(ask).toBeVisible();
  await expectNoA11yViolations(page);
  await ask.getByRole("button", { name: `Yes, send to ${recipients}` }).click();
  await expect(page.getByRole("main").getByRole("status")).toContainText(
    "Sent: every confirmed subscriber's email is in the mail queue",
  );
  await expect(page.getByTestId("issue-recipients")).toHaveText(recipients);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(subject);

  const mail = await waitForMail(reader, new RegExp(`^${subject}$`));
  const head = mail.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n(?=[ \t])/g, "");
  const listUnsubscribe = /^List-Unsubscribe: <([^>]+)>$/m.exec(head)?.[1];
  expect(listUnsubscribe).toMatch(/\/newsletter\/unsubscribe\?token=/);
  expect(head).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);

  // What a mail program's Unsubscribe button sends (RFC 8058): a POST without cookies.
  const oneClick = await visitor.post(new URL(listUnsubscribe!).pathname + new URL(listUnsubscribe!).search, {
    form: { "List-Unsubscribe": "One-Click" },
  });
  expect(oneClick.status()).toBe(200);
  await visitor.dispose();

  await visit(page, "/admin/newsletter");
  await expect(page.getByTestId("newsletter-issue").filter({ hasText: subject })).toContainText(`to ${recipients}`);
  await expect(page.getByTestId("count-confirmed")).toHaveText(String(count - 1));
});
