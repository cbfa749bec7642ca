import type { Page } from "@playwright/test";
import { linkIn, waitForMail } from "./auth-helpers";
import { expect, signIn, test, visit } from "./admin-support";
import { expectNoA11yViolations } from "./fixtures";

/**
 * The contact form (validated, stored, read by an admin) and the footer's
 * newsletter, double opt-in through the email the SMTP server received:
 * confirm, the admin's count and CSV, unsubscribe.
 */

const footer = (page: Page) => page.getByRole("contentinfo");
const toast = (page: Page) => page.locator('[data-slot="toast"]');

test.describe("contact and newsletter", () => {
  test.describe.configure({ timeout: 90_000 });

  test("the contact form checks each field, sends, and the admin reads the message", async ({ page }) => {
    const subject = `Holiday hours ${Date.now().toString(36)}`;
    await visit(page, "/contact");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact Us");
    const form = page.getByRole("region", { name: "Send us a message" });
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(form.getByText("Name is required.")).toBeVisible();
    await form.getByLabel("Name").fill("Ada Lovelace");
    await form.getByLabel("Email").fill("ada@example");
    await form.getByLabel("Subject").fill(subject);
    await form.getByLabel("Message").fill("Too short");
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(form.getByText("Enter a valid email address.")).toBeVisible();
    await expect(form.getByText("Message must be at least 10 characters.")).toBeVisible();
    await form.getByLabel("Email").fill("ada@example.com");
    await form.getByLabel("Message").fill("How do I add <b>holiday</b> hours to my listing?");
    await expectNoA11yViolations(page);
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(form.getByRole("status")).toContainText("Thanks! Your message was sent.");

    await signIn(page, "admin");
    await visit(page, "/admin/messages");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact Messages");
    const message = page.getByTestId("contact-message").filter({ hasText: subject });
    await expect(message).toContainText("How do I add <b>holiday</b> hours to my listing?");
    await expect(message).toContainText("Ada Lovelace <ada@example.com>");
    await expect(message.getByText("New")).toBeVisible();
    await expectNoA11yViolations(page);
    await message.getByRole("button", { name: /^Mark read/ }).click();
    await expect(message.getByText("Read", { exact: true })).toBeVisible();

    // Delete asks first: Cancel keeps the message, OK deletes it.
    page.once("dialog", (dialog) => void dialog.dismiss());
    await message.getByRole("button", { name: `Delete: ${subject}` }).click();
    await expect(message).toHaveCount(1);
    page.once("dialog", (dialog) => {
      expect(dialog.message()).toBe(`Delete “${subject}”? This can't be undone.`);
      void dialog.accept();
    });
    await message.getByRole("button", { name: `Delete: ${subject}` }).click();
    await expect(page.getByRole("status").filter({ hasText: "Message deleted." })).toBeVisible();
    await expect(message).toHaveCount(0);
  });

  test("subscribe, confirm through the received email, counted and exported, then unsubscribe", async ({ page }) => {
    const email = `reader-${Date.now().toString(36)}@example.com`;
    await visit(page, "/about");
    const input = footer(page).getByRole("textbox", { name: "Email address" });
    await input.fill(email);
    await footer(page).getByRole("button", { name: "Subscribe" }).click();
    await expect(toast(page)).toContainText("Check your inbox");
    await expect(toast(page)).toContainText(`We sent a confirmation link to ${email}.`);
    await expect(input).toHaveValue("");

    const mail = await waitForMail(email, /Confirm your Near newsletter subscription/);
    const confirm = linkIn(mail, "/newsletter/confirm");
    const unsubscribe = linkIn(mail, "/newsletter/unsubscribe");

    // Not confirmed yet: the admin counts it as waiting, and the CSV leaves it out.
    await signIn(page, "admin");
    await visit(page, "/admin/newsletter");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Newsletter");
    const csv = async () => (await page.request.get("/admin/newsletter/export")).text();
    expect(await csv()).not.toContain(email);
    const confirmedBefore = Number(await page.getByTestId("count-confirmed").textContent());

    await visit(page, new URL(confirm).pathname + new URL(confirm).search);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Confirm your subscription");
    await expect(page.getByText(email)).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByRole("button", { name: "Confirm subscription" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("You're subscribed");

    await visit(page, "/admin/newsletter");
    await expect(page.getByTestId("count-confirmed")).toHaveText(String(confirmedBefore + 1));
    const exported = await page.request.get("/admin/newsletter/export");
    expect(exported.headers()["content-type"]).toBe("text/csv; charset=utf-8");
    // One CSV writer for every export (csv-stringify): a plain address needs no quotes.
    const addresses = (await exported.text()).split(/\r?\n/).map((line) => line.split(",")[0]);
    expect(addresses).toContain(email);
    await expectNoA11yViolations(page);

    await visit(page, new URL(unsubscribe).pathname + new URL(unsubscribe).search);
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("You're unsubscribed");
    expect(await csv()).not.toContain(email);
  });
});
