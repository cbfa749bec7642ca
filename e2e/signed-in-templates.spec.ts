import type { APIRequestContext, APIResponse } from "@playwright/test";
import { BASE_URL, DEBUG_TIMING, expect, signUpWith, test, visit } from "./admin-support";
import { waitForHydration } from "./hydration";

/**
 * Signed-in page templates (ADR 016) on the real app. The server renders the whole page for a crawler, never from a
 * template: app/entry.server.tsx asks `isbot` about the user agent, and `isbot` counts Chromium's own headless user
 * agent ("HeadlessChrome/…") as one. The rest of the suite doesn't send that: the project's "Desktop Chrome" preset
 * (playwright.config.ts) gives every page and request a plain Chrome user agent, so its signed-in pages come from
 * templates too; only a context made with `browser.newContext()` and no `userAgent` says "HeadlessChrome". Here the
 * user agent is set anyway, so that what these tests are about doesn't depend on the preset.
 */
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";
const CRAWLER = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const PASSWORD = "template-pass-1";
test.use({ userAgent: BROWSER, extraHTTPHeaders: DEBUG_TIMING });

const templateOf = (res: APIResponse) => /template;desc="([^"]*)"/.exec(res.headers()["server-timing"] ?? "")?.[1];
/** The body without its nonce (each answer has its own). */
async function body(res: APIResponse) {
  const html = await res.text();
  const nonce = /nonce="([^"]+)"/.exec(html)?.[1];
  return nonce ? html.replaceAll(nonce, "NONCE") : html;
}

async function businessPath(request: APIRequestContext) {
  const html = await (await request.get("/search?q=pizza")).text();
  const path = /href="(\/business\/(?!new")[a-z0-9-]+)"/.exec(html)?.[1];
  expect(path, "a business on the search page").toBeTruthy();
  return path!;
}

test("readers share a page's render, and each page is exactly the one rendered for them", async ({ browser }) => {
  const names = [`Zoë "O'Brien" <b>&amp; co</b>`, "Sam Lee"];
  const readers = await Promise.all(
    names.map(async (name, i) => {
      const context = await browser.newContext({
        baseURL: BASE_URL,
        userAgent: BROWSER,
        extraHTTPHeaders: DEBUG_TIMING,
      });
      const email = `template-${i}-${Date.now().toString(36)}@example.com`;
      await signUpWith(context.request, { name, email, password: PASSWORD, type: "customer" });
      return { context, email };
    }),
  );
  const paths = [
    "/",
    "/search?q=coffee",
    "/categories/restaurants",
    "/categories/services",
    await businessPath(readers[0]!.context.request),
    "/blog",
    "/events",
    "/pricing",
  ];
  for (const path of paths) {
    // The two readers back to back: nothing is written between them (every request of this test is a GET, and a
    // shard runs one test at a time; any write drops the templates), well within a template's 10 s
    // (PAGE_CACHE_SECONDS), and their pages' data is the same but for their own strings (two new customers). So the
    // second reader's page must come from the first one's render. (Only a change of what the page shows in that
    // moment, a business opening or closing, could make it a miss: a request can't pin "now" here, as the e2e
    // server's x-near-test-now renders a page for its reader alone.)
    const answers = [];
    for (const { context } of readers) answers.push(await context.request.get(path));
    const outcomes = answers.map(templateOf);
    expect(outcomes[0], `${path}: ${outcomes.join(", ")}`).toMatch(/^(hit|miss)$/);
    expect(outcomes[1], `${path}: ${outcomes.join(", ")}`).toBe("hit");
    for (const [i, { context, email }] of readers.entries()) {
      const res = answers[i]!;
      expect(res.status(), path).toBe(200);
      const html = await body(res);
      expect(html, `${path} has the reader's own address`).toContain(email);
      // The same page rendered for this reader alone (a crawler's request is never served from a template).
      const alone = await body(await context.request.get(path, { headers: { "user-agent": CRAWLER } }));
      expect(html === alone, `${path} from a template is the page rendered for its reader`).toBe(true);
    }
  }
  for (const { context } of readers) await context.close();
});

test("a page from a template hydrates and works: the account menu, saving a business", async ({ page }) => {
  const name = `Ana <b>"Template"</b> O'Neil`;
  const email = `template-ui-${Date.now().toString(36)}@example.com`;
  await signUpWith(page.request, { name, email, password: PASSWORD, type: "customer" });
  const path = await businessPath(page.request);
  // The first answer renders the template; the page below comes from it.
  await page.request.get(path);
  const response = await page.goto(path);
  expect(await response!.headerValue("server-timing")).toMatch(/template;desc="hit"/);
  await waitForHydration(page);
  const menu = page.getByRole("banner").getByRole("button", { name: `Account menu for ${name}` });
  await expect(menu).toBeVisible();
  await expect(menu).toContainText("AO");
  await menu.click();
  await expect(page.getByRole("menu")).toContainText(email);
  await page.keyboard.press("Escape");
  const save = page.getByTestId("save-favorite");
  await expect(save).toHaveAttribute("aria-pressed", "false");
  const posted = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes(path));
  await save.click();
  expect((await posted).ok()).toBe(true);
  await expect(save).toHaveAttribute("aria-pressed", "true");
  // Saved: a different situation, so a different render, still this reader's.
  await visit(page, path);
  await expect(page.getByTestId("save-favorite")).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("banner").getByRole("button", { name: `Account menu for ${name}` })).toBeVisible();
});
