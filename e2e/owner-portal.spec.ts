import http from "node:http";
import type { Page } from "@playwright/test";
import { expectNoA11yViolations } from "./fixtures";
import { BASE_URL, expect, signIn, test, visit } from "./admin-support";

/**
 * The owner's side of /portal (issue #16): a visitor's message reaches the
 * demo owner's inbox (unread badge in the user menu, open = read, mark read,
 * archive), My listings with status and Edit, the business page's "Edit
 * listing", and an accessibility scan of the owner's dashboard and inbox.
 */

/** The demo owner's published listing (server/seed/demo-businesses.ts, DEMO_OWNED_BUSINESS_SLUG). */
const SLUG = "prairie-bean-coffee-roasters";
const NAME = "Prairie Bean Coffee Roasters";

/**
 * The Send Message form allows five messages per sender address per ten
 * minutes, and business.spec.ts spends them all from 127.0.0.1. The visitor's
 * page posts from a loopback address of its own: its POSTs are replayed from
 * this process with that source address and the answers handed back to the page.
 */
const HOP_BY_HOP = new Set(["connection", "keep-alive", "transfer-encoding", "content-length"]);

async function postFromOwnAddress(page: Page) {
  const localAddress = `127.0.${1 + Math.floor(Math.random() * 250)}.${2 + Math.floor(Math.random() * 250)}`;
  await page.route(
    (url) => url.pathname.startsWith("/business/"),
    async (route) => {
      const request = route.request();
      if (request.method() !== "POST") return route.continue();
      const url = new URL(request.url());
      const body = request.postDataBuffer() ?? Buffer.alloc(0);
      const answer = await new Promise<{ status: number; headers: Record<string, string>; body: Buffer }>(
        (resolve, reject) => {
          const req = http.request(
            {
              host: url.hostname,
              port: url.port,
              path: `${url.pathname}${url.search}`,
              method: "POST",
              localAddress,
              headers: { ...request.headers(), "content-length": String(body.length) },
            },
            (res) => {
              const chunks: Buffer[] = [];
              res.on("data", (c: Buffer) => chunks.push(c));
              res.on("end", () => {
                const headers: Record<string, string> = {};
                for (const [k, v] of Object.entries(res.headers)) {
                  if (v !== undefined && !HOP_BY_HOP.has(k)) headers[k] = String(v);
                }
                resolve({ status: res.statusCode ?? 500, headers, body: Buffer.concat(chunks) });
              });
            },
          );
          req.on("error", reject);
          req.end(body);
        },
      );
      await route.fulfill(answer);
    },
  );
}

test("a visitor's message reaches the owner: unread badge, the inbox, open to read, mark read, archive", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000); // two browser contexts and a dozen round trips; the shared CI machine is slow
  const sender = `Portal Visitor ${Date.now().toString(36)}`;
  const text = `Do you roast decaf beans?\n\n  Thanks, ${sender}`;

  const visitor = await browser.newContext({ baseURL: BASE_URL });
  const visitorPage = await visitor.newPage();
  await postFromOwnAddress(visitorPage);
  await visit(visitorPage, `/business/${SLUG}`);
  const form = visitorPage.getByRole("form", { name: `Send a message to ${NAME}` });
  await form.getByLabel("Name", { exact: true }).fill(sender);
  await form.getByLabel("Email", { exact: true }).fill("visitor@example.org");
  await form.getByLabel("Message", { exact: true }).fill(text);
  const answered = visitorPage.waitForResponse(
    (r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith(`/business/${SLUG}`),
  );
  await form.getByRole("button", { name: "Send Message" }).click();
  expect((await answered).status()).toBe(200);
  // Sent: the form clears.
  await expect(form.getByLabel("Name", { exact: true })).toHaveValue("", { timeout: 15_000 });
  await visitor.close();

  await signIn(page, "owner");
  await visit(page, "/portal");
  await page.getByRole("button", { name: /^Account menu for/ }).click();
  const menuItem = page.getByRole("menuitem", { name: /My businesses/ });
  await expect(menuItem).toHaveAttribute("href", "/portal#my-listings");
  const badge = menuItem.getByTestId("unread-messages-badge");
  await expect(badge).toContainText(/unread messages?/);
  const unread = Number((await badge.innerText()).match(/\d+/)![0]);
  expect(unread).toBeGreaterThanOrEqual(1);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("region", { name: "Inbox" })).toContainText(sender);

  await visit(page, "/portal/inbox");
  const message = page.getByTestId("inbox-message").filter({ hasText: sender });
  await expect(message).toHaveAttribute("data-read", "false");
  await expect(message.getByText("New", { exact: true })).toBeVisible();
  // Opening it shows the whole text (line breaks and spaces kept) and marks it read.
  await message.locator("summary").click();
  await expect(message.getByTestId("inbox-message-body")).toHaveText(text, { useInnerText: true });
  await expect(message).toHaveAttribute("data-read", "true");
  const reply = message.getByRole("link", { name: /^Reply by email/ });
  const href = (await reply.getAttribute("href"))!;
  expect(href.startsWith("mailto:visitor@example.org?subject=")).toBe(true);
  expect(decodeURIComponent(href)).toContain(`Re: your message to ${NAME}`);
  expect(decodeURIComponent(href)).toContain("> Do you roast decaf beans?");

  // Mark unread, then read with the button; the menu's count follows.
  await message.getByRole("button", { name: /^Mark unread/ }).click();
  await expect(message).toHaveAttribute("data-read", "false");
  await message.getByRole("button", { name: /^Mark read/ }).click();
  await expect(message).toHaveAttribute("data-read", "true");
  await page.getByRole("button", { name: /^Account menu for/ }).click();
  if (unread > 1) await expect(menuItem.getByTestId("unread-messages-badge")).toContainText(String(unread - 1));
  else await expect(menuItem.getByTestId("unread-messages-badge")).toHaveCount(0);
  await page.keyboard.press("Escape");

  // Archive: gone from the inbox, kept under Archived.
  await message.getByRole("button", { name: /^Archive/ }).click();
  await expect(message).toHaveCount(0);
  await page.getByRole("link", { name: /^Archived/ }).click();
  await expect(page).toHaveURL(/filter=archived/);
  await expect(page.getByTestId("inbox-message").filter({ hasText: sender })).toBeVisible();
});

test("the owner's listings show their status and Edit; their business page has Edit listing", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, "owner");
  await visit(page, "/portal#my-listings");
  const listings = page.getByRole("region", { name: "My listings", exact: true });
  await expect(listings.getByRole("link", { name: "Add New Business" })).toHaveAttribute("href", "/business/new");
  const row = listings.getByTestId("my-listing").filter({ hasText: NAME });
  await expect(row.getByTestId("status-badge")).toHaveText("Published");
  await expect(row.getByRole("link", { name: /^Edit/ })).toHaveAttribute("href", /^\/business\/edit\/[0-9a-f-]{36}$/);
  // Change plan opens the plan choice with this listing picked.
  await row.getByRole("link", { name: /^Change plan/ }).click();
  await expect(page).toHaveURL(/\/pricing\/choose\?plan=featured&billing=monthly&listing=[0-9a-f-]{36}$/);
  await expect(page.getByRole("radio", { name: NAME })).toBeChecked();
  await visit(page, "/portal#my-listings");
  await row.getByRole("link", { name: /^View/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: NAME })).toBeVisible();
  const edit = page.getByRole("link", { name: "Edit listing" });
  await expect(edit).toHaveAttribute("href", /^\/business\/edit\/[0-9a-f-]{36}$/);
  // An owner can't review their own business: the hero has no Write a Review for them.
  await expect(page.getByTestId("business-actions").getByRole("link", { name: "Write a Review" })).toHaveCount(0);
});

test("the owner's dashboard and inbox pass an accessibility scan", async ({ page }) => {
  test.setTimeout(120_000); // two axe scans
  await signIn(page, "owner");
  await visit(page, "/portal");
  await expect(page.getByRole("region", { name: "My listings", exact: true })).toBeVisible();
  await expectNoA11yViolations(page);
  await visit(page, "/portal/inbox?filter=archived");
  await expect(page.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();
  await expectNoA11yViolations(page);
});
