import fs from "node:fs";
import path from "node:path";
import {
  expect,
  test as base,
  type APIRequestContext,
  type BrowserContext,
  type Cookie,
  type Page,
} from "@playwright/test";
import sharp from "sharp";
import { waitForHydration } from "./hydration";

/**
 * Shared pieces of the listing-management end-to-end tests (admin screen and
 * the add/edit forms). Demo accounts come from the e2e server's data
 * directory; ADMIN_EMAILS makes e2e-admin@example.com an admin once it signs up.
 */

/**
 * The layout's "no browser errors" fixture, except for the 4xx/5xx answers
 * the listing forms and the admin actions give on purpose (a refused save is
 * a 400 or 503 that Chromium logs as "Failed to load resource").
 */
export const test = base.extend<{ pageErrors: string[] }>({
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(`pageerror: ${e.message}`));
      page.on("console", (m) => {
        if (m.type() !== "error") return;
        const failed = /Failed to load resource: the server responded with a status of (\d{3})/.exec(m.text());
        const expected =
          failed &&
          (/^(404|500)$/.test(failed[1]!) ||
            /\/(business\/(new|edit\/[^/?]+)|admin|admin\/import)\.data/.test(m.location().url));
        if (!expected) errors.push(`console.error: ${m.text()}`);
      });
      await use(errors);
      expect(errors, "errors in the browser").toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

const PORT = process.env.E2E_PORT ?? "3210";
export const DATA_DIR = path.resolve(`.tmp/e2e-data-${PORT}`);
export const BASE_URL = `http://127.0.0.1:${PORT}`;
/** The header that gets Server-Timing's detail from the e2e server (scripts/e2e-server.mjs sets its secret). */
export const DEBUG_TIMING = { "x-debug-timing": "e2e-debug-timing-secret" };

export const ROLES = ["admin", "owner", "customer"] as const;
export type Role = (typeof ROLES)[number];

/** The storage state (cookies) of a demo role signed in once for this shard's run (e2e/global-setup.ts). */
export const roleState = (role: Role) => path.resolve(`.tmp/e2e-auth-${PORT}/${role}.json`);

export function demoAccount(role: Role) {
  const file = JSON.parse(fs.readFileSync(path.join(DATA_DIR, "demo-accounts.json"), "utf8")) as {
    accounts: { role: string; email: string; password: string }[];
  };
  const account = file.accounts.find((a) => a.role === role);
  if (!account) throw new Error(`No demo ${role} in ${DATA_DIR}`);
  return account;
}

/**
 * Makes the browser context a demo role: the session signed in once for the run (e2e/global-setup.ts), its cookies
 * added to the context's (after `clearCookies()` to switch roles). The /auth form has its own tests.
 */
export async function signIn(target: Page | BrowserContext, role: Role) {
  const context = "context" in target ? target.context() : target;
  const state = JSON.parse(fs.readFileSync(roleState(role), "utf8")) as { cookies: Cookie[] };
  await context.addCookies(state.cookies);
}

export async function signInWith(target: Page | BrowserContext, email: string, password: string) {
  const request = "request" in target ? target.request : (target as Page).request;
  const res = await request.post("/api/auth/sign-in/email", {
    data: { email, password },
    headers: { origin: BASE_URL },
  });
  expect(res.ok(), `sign-in as ${email}: ${res.status()}`).toBe(true);
}

export async function signUpWith(
  request: APIRequestContext,
  { name, email, password, type }: { name: string; email: string; password: string; type: "customer" | "business" },
) {
  const res = await request.post("/api/auth/sign-up/email", {
    data: { name, email, password, type },
    headers: { origin: BASE_URL },
  });
  expect(res.ok(), `sign-up as ${email}: ${res.status()}`).toBe(true);
}

export async function visit(page: Page, url: string) {
  await page.goto(url);
  await waitForHydration(page);
}

export async function expectToast(page: Page, title: string, description: string | RegExp) {
  const toast = page.locator('[data-slot="toast"]').filter({ hasText: title });
  await expect(toast.locator('[data-slot="toast-title"]')).toHaveText(title);
  await expect(toast.locator('[data-slot="toast-description"]')).toHaveText(description);
}

export async function setTheme(page: Page, theme: "light" | "dark") {
  await page.evaluate((t) => localStorage.setItem("theme", t), theme);
  await page.reload();
  await waitForHydration(page);
  await expect(page.locator("html")).toHaveClass(theme === "dark" ? /dark/ : /^(?!.*dark).*$/);
}

/** A real PNG made with sharp (solid colour with a stripe, so two are told apart by size). */
export async function pngFile(name: string, width = 1200, height = 800, color = { r: 220, g: 90, b: 60 }) {
  const buffer = await sharp({ create: { width, height, channels: 3, background: color } })
    .composite([
      {
        input: {
          create: { width: Math.round(width / 3), height, channels: 3, background: { r: 255, g: 255, b: 255 } },
        },
        left: 0,
        top: 0,
      },
    ])
    .png()
    .toBuffer();
  return { name, mimeType: "image/png", buffer };
}

export interface ApiBusiness {
  id: string;
  /** Its page is /business/<slug> (issue 40, defect 10). */
  slug: string;
  name: string;
  status: string;
  statusReason: string | null;
  ownerId: string | null;
  photos: { id: string; alt: string; src: string; srcSet: string; width: number; height: number }[];
  hours: { day: number; open: string | null; close: string | null; isClosed: boolean }[];
}

/** The management view of a listing (the signed-in context must be its owner or an admin). */
export async function managed(request: APIRequestContext, id: string): Promise<ApiBusiness> {
  const res = await request.get(`/api/v1/manage/businesses/${id}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as ApiBusiness;
}

/** Creates a published listing through the API as the signed-in admin (fast set-up for a test). */
export async function createListing(request: APIRequestContext, fields: Record<string, unknown>) {
  const res = await request.post("/api/v1/businesses", {
    headers: { origin: BASE_URL },
    data: {
      category: "shopping",
      subcategory: "gifts",
      address: "1 Test Lane",
      city: "Springfield",
      state: "IL",
      zip: "62701",
      description: "A listing made by the end-to-end tests.",
      ...fields,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as ApiBusiness;
}

export const listingCard = (page: Page, name: string) =>
  page.getByTestId("admin-listing").filter({ has: page.getByRole("heading", { name, exact: true }) });
