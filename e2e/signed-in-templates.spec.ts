import type { APIRequestContext, APIResponse } from "@playwright/test";
import { BASE_URL, DEBUG_TIMING, expect, signUpWith, test, visit } from "./admin-support";
import { waitForHydration } from "./hydration";

/**
 * Signed-in page templates (ADR 016) on the real app. The rest of the suite runs in headless Chromium, whose user
 * agent says "HeadlessChrome": the server treats it as a crawler and renders the whole page at once, never from a
 * template. Here the browser says it is Chrome, as a reader's does, so pages come from the render that readers in the
 * same situation share, with each reader's own strings put back in.
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
  const path = /href="(\/business\/[0-9a-f-]{36})"/.exec(html)?.[1];
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
    const outcomes: (string | undefined)[] = [];
    for (const { context, email } of readers) {
      const res = await context.request.get(path);
      expect(res.status(), path).toBe(200);
      outcomes.push(templateOf(res));
      const html = await body(res);
      expect(html, `${path} has the reader's own address`).toContain(email);
      // The same page rendered for this reader alone (a crawler's request is never served from a template).
      const alone = await body(await context.request.get(path, { headers: { "user-agent": CRAWLER } }));
      expect(html === alone, `${path} from a template is the page rendered for its reader`).toBe(true);
    }
    // The second reader's page came from the first reader's render (a write meanwhile would make it a miss).
    expect(["hit", "miss"], `${path}: ${outcomes.join(", ")}`).toContain(outcomes[1]);
    expect(outcomes[0], path).toMatch(/^(hit|miss)$/);
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
