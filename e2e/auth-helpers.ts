import fs from "node:fs";
import path from "node:path";
import { expect, test as base, type Page } from "@playwright/test";
import { parseMail, type ReceivedMail } from "../tests/support/auth-servers.mjs";
import { waitForHydration } from "./hydration";

/**
 * Shared pieces of the accounts end-to-end tests. The e2e server
 * (scripts/e2e-server.mjs) runs a real SMTP server that writes each message
 * to .tmp/e2e-mail-<port>/, and local OpenID servers standing in for Google
 * and GitHub.
 */

const PORT = process.env.E2E_PORT ?? "3210";
export const MAIL_DIR = path.resolve(`.tmp/e2e-mail-${PORT}`);
export const DATA_DIR = path.resolve(`.tmp/e2e-data-${PORT}`);
export const SITE = "Near Springfield, IL";
export const PASSWORD = "correct-horse-1";

/**
 * The layout's "no browser errors" fixture, except for the 4xx answers the
 * auth API and the settings action give on purpose (a wrong password is a
 * 401 or 400, which Chromium logs as "Failed to load resource").
 */
export const test = base.extend<{ pageErrors: string[] }>({
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(`pageerror: ${e.message}`));
      page.on("console", (m) => {
        if (m.type() !== "error") return;
        const expected =
          /Failed to load resource: the server responded with a status of (4\d\d)/.test(m.text()) &&
          /\/api\/auth\/|\/account\/settings\.data/.test(m.location().url);
        const notFound = /Failed to load resource: the server responded with a status of (404|500)/.test(m.text());
        if (!expected && !notFound) errors.push(`console.error: ${m.text()}`);
      });
      await use(errors);
      expect(errors, "errors in the browser").toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

let counter = 0;
export function uniqueEmail(label: string) {
  return `${label}-${Date.now().toString(36)}-${++counter}@example.com`;
}

export async function visit(page: Page, url: string) {
  await page.goto(url);
  await waitForHydration(page);
}

export const toast = (page: Page) => page.locator('[data-slot="toast"]');

export async function expectToast(page: Page, title: string, description: string) {
  const t = toast(page).filter({ hasText: title });
  await expect(t.locator('[data-slot="toast-title"]')).toHaveText(title);
  await expect(t.locator('[data-slot="toast-description"]')).toHaveText(description);
}

export const userMenu = (page: Page) => page.getByRole("banner").getByRole("button", { name: /^Account menu for / });

export async function signUp(
  page: Page,
  {
    type = "customer",
    name,
    email,
    password = PASSWORD,
  }: { type?: "customer" | "business"; name: string; email: string; password?: string },
) {
  await visit(page, "/auth?mode=signup");
  const main = page.getByRole("main");
  await main.getByRole("radio", { name: type === "business" ? /Business Owner/ : /Customer/ }).check({ force: true }); // the radio itself is visually hidden inside its card
  await main.getByLabel(type === "business" ? "Business Name" : "Full Name", { exact: true }).fill(name);
  await main.getByLabel("Email", { exact: true }).fill(email);
  await main.getByLabel("Password", { exact: true }).fill(password);
  await main.getByRole("button", { name: "Create Account" }).click();
  await expectToast(page, "Account created!", "Please check your email to verify your account.");
}

export async function signIn(page: Page, email: string, password = PASSWORD, from = "/auth") {
  await visit(page, from);
  const main = page.getByRole("main");
  await main.getByLabel("Email", { exact: true }).fill(email);
  await main.getByLabel("Password", { exact: true }).fill(password);
  await main.getByRole("button", { name: "Sign In", exact: true }).click();
}

export async function signOut(page: Page) {
  await userMenu(page).click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" })).toBeVisible();
}

/** The demo accounts the server created (their passwords are random per data directory). */
export function demoAccount(role: "admin" | "owner" | "customer") {
  const file = JSON.parse(fs.readFileSync(path.join(DATA_DIR, "demo-accounts.json"), "utf8")) as {
    accounts: { role: string; email: string; password: string }[];
  };
  const account = file.accounts.find((a) => a.role === role);
  if (!account) throw new Error(`No demo ${role} in ${DATA_DIR}`);
  return account;
}

/** The newest message in the SMTP server's mailbox to `to` whose subject matches, if there is one yet. */
function findMail(to: string, subject: RegExp): ReceivedMail | undefined {
  const files = fs.existsSync(MAIL_DIR) ? fs.readdirSync(MAIL_DIR).sort().reverse() : [];
  for (const file of files) {
    const raw = fs.readFileSync(path.join(MAIL_DIR, file), "utf8");
    const envelope =
      /^X-Envelope-To: (.*)$/m
        .exec(raw)?.[1]
        ?.split(",")
        .map((s) => s.trim()) ?? [];
    const mail = parseMail(raw, envelope);
    if (mail.to.includes(to.toLowerCase()) && subject.test(mail.subject)) return mail;
  }
  return undefined;
}

/** Waits for a message to `to` whose subject matches (the mail queue sends it moments after the answer). */
export async function waitForMail(to: string, subject: RegExp, timeoutMs = 10_000): Promise<ReceivedMail> {
  let mail: ReceivedMail | undefined;
  await expect
    .poll(() => (mail = findMail(to, subject)), {
      timeout: timeoutMs,
      message: `an email to ${to} matching ${subject} in ${MAIL_DIR}`,
    })
    .toBeDefined();
  return mail!;
}

export function linkIn(mail: ReceivedMail, pathPart: string) {
  const link = mail.links.find((l) => l.includes(pathPart));
  if (!link) throw new Error(`No link containing ${pathPart} in "${mail.subject}": ${mail.links.join(", ")}`);
  return link;
}
