import type { Page } from "@playwright/test";
import { expect, expectNoA11yViolations, test } from "./fixtures";
import { waitForHydration } from "./hydration";

const SITE = "Near Springfield, IL";

async function visit(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  await waitForHydration(page);
}

const h1 = (page: Page) => page.getByRole("heading", { level: 1 });
const main = (page: Page) => page.getByRole("main");

const PAGES = [
  { path: "/about", heading: "About Near", title: "About" },
  { path: "/blog", heading: "Blog", title: "Blog" },
  { path: "/terms", heading: "Terms of Service", title: "Terms of Service" },
  { path: "/privacy", heading: "Privacy Policy", title: "Privacy Policy" },
  { path: "/press", heading: "Press Kit", title: "Press" },
  { path: "/events", heading: "Local Events", title: "Events" },
  { path: "/pricing", heading: "List Your Business", title: "Pricing" },
  { path: "/contact", heading: "Contact Us", title: "Contact" },
  { path: "/portal", heading: "Dashboard", title: "Dashboard" },
  { path: "/categories/restaurants", heading: "Restaurants Near You", title: "Restaurants" },
  { path: "/categories/shopping", heading: "Shopping Near You", title: "Shopping" },
  { path: "/categories/services", heading: "Local Services", title: "Services" },
  { path: "/categories/entertainment", heading: "Entertainment & Activities", title: "Entertainment" },
] as const;

test.describe("every static page", () => {
  for (const p of PAGES) {
    test(`${p.path}: heading, title and no axe violations in light and dark`, async ({ page }) => {
      await visit(page, p.path);
      await expect(h1(page)).toHaveText(p.heading);
      await expect(page).toHaveTitle(`${p.title} | ${SITE}`);
      await expectNoA11yViolations(page);

      await page.getByRole("button", { name: "Switch to dark theme" }).click();
      await expect(page.locator("html")).toHaveClass(/\bdark\b/);
      await expectNoA11yViolations(page);
    });
  }
});

test("about lists the eight city sites, each a link to its site", async ({ page }) => {
  await visit(page, "/about");
  const network = page.getByRole("region", { name: "The Near network" });
  await expect(network.getByRole("link", { name: "Near Baltimore" })).toHaveAttribute(
    "href",
    "https://baltimore.near.example",
  );
  await expect(network.getByRole("link")).toHaveCount(8);
  await expect(network.getByRole("heading", { level: 3 })).toHaveText([
    "Near Washington",
    "Near Baltimore",
    "Near Philadelphia",
    "Near Richmond",
    "Near Annapolis",
    "Near Alexandria",
    "Near Wilmington",
    "Near Arlington",
  ]);
  await main(page).getByRole("link", { name: "Press kit" }).click();
  await expect(page).toHaveURL("/press");
  await expect(h1(page)).toHaveText("Press Kit");
});

test.describe("pricing", () => {
  test("monthly prices, Most Popular, and Get Started links", async ({ page }) => {
    await visit(page, "/pricing");
    const plans = page
      .getByRole("region", { name: "Plans" })
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { level: 3 }) });
    await expect(plans.getByRole("heading", { level: 3 })).toHaveText(["Basic", "Featured", "Premium"]);
    await expect(page.getByRole("button", { name: "Monthly" })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByTestId("price-basic")).toHaveText("$15");
    await expect(page.getByTestId("price-featured")).toHaveText("$25");
    await expect(page.getByTestId("price-premium")).toHaveText("$35");
    await expect(plans.nth(1)).toContainText("Most Popular");
    await expect(plans.nth(0)).not.toContainText("Most Popular");

    // The spec's plan contents.
    for (const text of ["1 image", "1 category", "Contact form", "Basic About section"]) {
      await expect(plans.nth(0)).toContainText(text);
    }
    for (const text of [
      "10 images",
      "3 categories",
      "Social media links",
      "3 menu attachments",
      "5 testimonials",
      "3 videos",
      "5 coupons or events",
    ]) {
      await expect(plans.nth(1)).toContainText(text);
    }
    for (const text of [
      "20 images",
      "5 categories",
      "20 menu attachments",
      "20 testimonials",
      "20 videos",
      "20 coupons or events",
      "Homepage exposure",
      "Priority listing",
      "monthly blog article",
    ]) {
      await expect(plans.nth(2)).toContainText(text);
    }

    await plans
      .nth(1)
      .getByRole("link", { name: /Get Started/ })
      .click();
    // A visitor signs up as a business owner, then continues to the plan (e2e/billing.spec.ts).
    await expect(page).toHaveURL(
      `/auth?mode=signup&type=business&redirectTo=${encodeURIComponent("/pricing/choose?plan=featured&billing=monthly")}`,
    );
  });

  test("the annual view shows annual prices and the yearly saving", async ({ page }) => {
    await visit(page, "/pricing");
    await page.getByRole("button", { name: /^Annual/ }).click();
    await expect(page.getByRole("button", { name: /^Annual/ })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByRole("button", { name: "Monthly" })).toHaveAttribute("aria-pressed", "false");
    await expect(page.getByTestId("price-basic")).toHaveText("$9");
    await expect(page.getByTestId("price-featured")).toHaveText("$19");
    await expect(page.getByTestId("price-premium")).toHaveText("$29");
    // (monthly − annual) × 12 = $72 for each plan.
    await expect(page.getByText("Save $72/year")).toHaveCount(3);
    await expectNoA11yViolations(page);

    await page.getByRole("button", { name: "Monthly" }).click();
    await expect(page.getByTestId("price-basic")).toHaveText("$15");
    await expect(page.getByText("Save $72/year")).toHaveCount(0);
  });
});

// Blog: e2e/blog.spec.ts.

test.describe("legal pages", () => {
  const REQUIRED = [
    /at least 18 years old/i,
    /one account per person or entity/i,
    /renew automatically/i,
    /pro-rated refund/i,
    /30 days' notice/i,
    /honest/i,
    /card payment provider/i,
  ];

  test("terms state the rules the spec lists", async ({ page }) => {
    await visit(page, "/terms");
    const text = await main(page).innerText();
    for (const rule of REQUIRED) expect(text).toMatch(rule);
    expect(text).toMatch(/data rights/i);
    // The table of contents jumps to a section.
    await page
      .getByRole("navigation", { name: "On this page" })
      .getByRole("link", { name: /Reviews/ })
      .click();
    await expect(page.getByRole("heading", { name: /Reviews/, level: 2 })).toBeInViewport();
  });

  test("privacy states data rights, the age limit and the card payment provider", async ({ page }) => {
    await visit(page, "/privacy");
    const text = await main(page).innerText();
    for (const rule of [
      /your data rights/i,
      /18/,
      /card payment provider/i,
      /one per person or entity/i,
      /renew automatically/i,
      /30 days' notice/i,
    ]) {
      expect(text).toMatch(rule);
    }
  });
});

// Category pages: e2e/categories-*.spec.ts.

// Events: e2e/events.spec.ts.

test.describe("contact, press and dashboard", () => {
  test("contact shows how to reach us", async ({ page }) => {
    await visit(page, "/contact");
    const reach = page.getByRole("region", { name: "Reach us directly" });
    await expect(reach.getByRole("link", { name: "hello@near.example" })).toHaveAttribute(
      "href",
      "mailto:hello@near.example",
    );
    await expect(reach.getByRole("link", { name: "(217) 555-0100" })).toHaveAttribute("href", "tel:+12175550100");
    await expect(reach).toContainText("Springfield, IL");

    // The form itself (validation, sending, the admin's inbox): e2e/contact-newsletter.spec.ts.
    await expect(
      page.getByRole("region", { name: "Send us a message" }).getByRole("button", { name: "Send Message" }),
    ).toBeVisible();
  });

  test("press kit has the boilerplate, facts, logo download and media contact", async ({ page }) => {
    await visit(page, "/press");
    await expect(page.getByRole("heading", { name: "About Near" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Key facts" })).toBeVisible();
    // Figures counted from the database (the demo city: 70+ listings in one city, reviews, upcoming events).
    await expect(page.getByRole("heading", { name: "By the numbers" })).toBeVisible();
    expect(Number(await page.getByTestId("figure-listings").textContent())).toBeGreaterThanOrEqual(60);
    expect(Number((await page.getByTestId("figure-reviews").textContent())!.replace(/,/g, ""))).toBeGreaterThan(100);
    await expect(page.getByTestId("figure-cities")).toHaveText("1");
    // Logo files we make (scripts/press-logos.mjs), SVG and PNG.
    const files = page.getByRole("list", { name: "Logo files" }).getByRole("link");
    await expect(files).toHaveCount(6);
    for (const [name, type] of [
      ["Logo on light (SVG)", "image/svg+xml"],
      ["Logo on light (PNG)", "image/png"],
      ["Mark only (PNG)", "image/png"],
    ]) {
      const href = await page.getByRole("link", { name: name! }).getAttribute("href");
      const res = await page.request.get(href!);
      expect(res.status(), name).toBe(200);
      expect(res.headers()["content-type"], name).toContain(type);
    }
    await expect(page.getByRole("heading", { name: "Media contact" })).toBeVisible();
  });

  test("the dashboard shows the customer view: favorites, reviews, settings", async ({ page }) => {
    await visit(page, "/portal");
    for (const name of ["Favorites", "My reviews", "Settings"]) {
      await expect(page.getByRole("heading", { name, level: 2 })).toBeVisible();
    }
  });
});
