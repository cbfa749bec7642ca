import type { Page } from "@playwright/test";
import { expect, signIn, test, visit } from "./admin-support";
import { expectNoA11yViolations } from "./fixtures";

/**
 * /blog (issue #11): posts from the database (the demo city's eight published), the
 * spec's categories, search, post pages with reading time, the premium promo,
 * and an admin writing a Markdown post whose <script> is shown, never run.
 */

/** A button's name: its visible verb, then (visually hidden) what it acts on, as one phrase. */
const labelled = (verb: string, what: string) =>
  new RegExp(`^${verb}: ${what.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`);

const main = (page: Page) => page.getByRole("main");
const articles = (page: Page) => main(page).getByRole("article");

test.describe("blog", () => {
  test.describe.configure({ timeout: 90_000 });

  test("categories, search, recent posts, a post page and the premium promo", async ({ page }) => {
    await visit(page, "/blog");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Blog");
    const categories = page.getByRole("navigation", { name: "Blog categories" }).getByRole("link");
    await expect(categories).toHaveText(["All Posts", "Local Features", "Business Spotlights", "Marketing Tips"]);
    await expect(categories.first()).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("heading", { name: "Recent posts" })).toBeVisible();
    await expect(articles(page)).toHaveCount(7);
    await expectNoA11yViolations(page);

    await categories.filter({ hasText: "Marketing Tips" }).click();
    await expect(page).toHaveURL("/blog?category=marketing-tips");
    await expect(articles(page)).toHaveCount(2);
    await expect(categories.filter({ hasText: "Marketing Tips" })).toHaveAttribute("aria-current", "page");

    await categories.filter({ hasText: "All Posts" }).click();
    // The search form is keyed on the filters: type only once the navigation has landed.
    await expect(page).toHaveURL("/blog");
    await expect(categories.first()).toHaveAttribute("aria-current", "page");
    await page.getByRole("searchbox", { name: "Search posts" }).fill("croissants");
    await page.getByRole("searchbox", { name: "Search posts" }).press("Enter");
    await expect(page).toHaveURL("/blog?q=croissants");
    await expect(articles(page)).toHaveCount(1);
    await expect(page.getByRole("status")).toHaveText("1 post matching “croissants”");

    await articles(page).getByRole("link").click();
    await expect(page).toHaveURL("/blog/breakfast-spots-worth-getting-up-for");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/breakfast spots in Springfield/);
    await expect(page.getByTestId("post-meta")).toContainText(/\d+ min read/);
    await expect(main(page).getByRole("heading", { name: "Bakeries first", level: 2 })).toBeVisible();
    await expect(main(page).getByRole("link", { name: "Flour & Field Bakery" })).toHaveAttribute(
      "href",
      /^\/business\/flour-and-field-bakery/,
    );
    await expectNoA11yViolations(page);

    await page.getByRole("link", { name: "Upgrade to Premium" }).click();
    await expect(page).toHaveURL("/pricing");

    const missing = await page.goto("/blog/no-such-post");
    expect(missing?.status()).toBe(404);
  });

  test("an admin writes a Markdown post with a <script>: previewed and published as harmless text", async ({
    page,
  }) => {
    let dialogs = 0;
    page.on("dialog", async (d) => {
      dialogs += 1;
      await d.dismiss();
    });
    const title = `Winter markets ${Date.now().toString(36)}`;
    await signIn(page, "admin");
    await visit(page, "/admin/blog");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Blog Posts");
    await expect(page.getByTestId("admin-post")).toHaveCount(9);
    await page.getByRole("link", { name: "New post" }).click();
    await expect(page).toHaveURL("/admin/blog/new");
    // The address changes before the new page is drawn.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("New post");
    await page.getByLabel("Title").fill(title);
    await page.getByLabel("Category").selectOption("local-features");
    await page.getByLabel("Excerpt").fill("Where to find mulled cider and handmade gifts this winter.");
    await page
      .getByLabel("Body (Markdown)")
      .fill('## Where to go\n\nBring **mittens**.\n\n<script>alert("pwned")</script>\n\n<img src=x onerror=alert(2)>');
    await page.getByRole("button", { name: "Preview" }).click();
    const preview = page.getByTestId("post-preview");
    await expect(preview.getByRole("heading", { name: "Where to go" })).toBeVisible();
    await expect(preview).toContainText('<script>alert("pwned")</script>');
    await expect(preview.locator("script, img")).toHaveCount(0);
    await expectNoA11yViolations(page);

    await page.getByRole("button", { name: "Publish" }).click();
    await expect(page).toHaveURL(/\/admin\/blog\/[0-9a-f-]{36}\?saved=published$/);
    await expect(page.getByRole("status").filter({ hasText: "Post published." })).toBeVisible();
    await page.getByRole("link", { name: "View on the blog" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    const article = main(page).getByRole("article");
    await expect(article).toContainText('<script>alert("pwned")</script>');
    await expect(article.locator("script")).toHaveCount(0);
    await expect(article.locator("strong")).toHaveText("mittens");
    const url = page.url();

    // Unpublish: the post leaves the blog.
    await visit(page, "/admin/blog?status=published");
    await page.getByRole("button", { name: labelled("Unpublish", title) }).click();
    await expect(page.getByRole("status").filter({ hasText: "Post unpublished" })).toBeVisible();
    expect((await page.goto(url))?.status()).toBe(404);
    expect(dialogs).toBe(0);
  });
});
