import type { Page } from "@playwright/test";
import { expect, expectNoA11yViolations, test } from "./fixtures";

const SITE = "Near Springfield, IL";

async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    const el = document.querySelector("header button");
    return !!el && Object.keys(el).some((k) => k.startsWith("__reactProps"));
  });
}

async function visit(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  await waitForHydration(page);
}

const h1 = (page: Page) => page.getByRole("heading", { level: 1 });
const main = (page: Page) => page.getByRole("main");
const toasts = (page: Page) => page.locator('[data-slot="toast"]');

async function optionLabels(page: Page, label: string) {
  return page.getByLabel(label, { exact: true }).locator("option").allTextContents();
}

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

test("about lists the eight city sites", async ({ page }) => {
  await visit(page, "/about");
  const network = page.getByRole("region", { name: "The Near network" });
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
    const plans = page.getByRole("region", { name: "Plans" }).getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3 }) });
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
    for (const text of ["10 images", "3 categories", "Social media links", "3 menu attachments", "5 testimonials", "3 videos", "5 coupons or events"]) {
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

    await plans.nth(1).getByRole("link", { name: /Get Started/ }).click();
    await expect(page).toHaveURL("/auth?mode=signup&type=business&plan=featured");
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

test.describe("blog", () => {
  test("categories, search, recent posts and the premium promo", async ({ page }) => {
    await visit(page, "/blog");
    const categories = page.getByRole("navigation", { name: "Blog categories" }).getByRole("link");
    await expect(categories).toHaveText(["All Posts", "Local Features", "Business Spotlights", "Marketing Tips"]);
    await expect(categories.first()).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("heading", { name: "Recent posts" })).toBeVisible();
    await expect(main(page).getByRole("article")).toHaveCount(7);

    await categories.filter({ hasText: "Marketing Tips" }).click();
    await expect(page).toHaveURL("/blog?category=marketing-tips");
    await expect(main(page).getByRole("article")).toHaveCount(3);
    await expect(categories.filter({ hasText: "Marketing Tips" })).toHaveAttribute("aria-current", "page");

    await categories.filter({ hasText: "All Posts" }).click();
    // The search form is keyed on the filters: type only once the navigation has landed, or the remount drops the text.
    await expect(page).toHaveURL("/blog");
    await expect(categories.first()).toHaveAttribute("aria-current", "page");
    await page.getByRole("searchbox", { name: "Search posts" }).fill("sourdough");
    await page.getByRole("searchbox", { name: "Search posts" }).press("Enter");
    await expect(page).toHaveURL("/blog?q=sourdough");
    await expect(main(page).getByRole("article")).toHaveCount(1);
    await expect(main(page).getByRole("article")).toContainText("Fifty years of sourdough");

    await page.getByRole("searchbox", { name: "Search posts" }).fill("zzzz");
    await page.getByRole("searchbox", { name: "Search posts" }).press("Enter");
    await expect(page.getByText("No posts found")).toBeVisible();

    await page.getByRole("link", { name: "Upgrade to Premium" }).click();
    await expect(page).toHaveURL("/pricing");
  });
});

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
    await page.getByRole("navigation", { name: "On this page" }).getByRole("link", { name: /Reviews/ }).click();
    await expect(page.getByRole("heading", { name: /Reviews/, level: 2 })).toBeInViewport();
  });

  test("privacy states data rights, the age limit and the card payment provider", async ({ page }) => {
    await visit(page, "/privacy");
    const text = await main(page).innerText();
    for (const rule of [/your data rights/i, /18/, /card payment provider/i, /one per person or entity/i, /renew automatically/i, /30 days' notice/i]) {
      expect(text).toMatch(rule);
    }
  });
});

test.describe("category pages", () => {
  test("shopping: search, category dropdown, six sample stores, load more", async ({ page }) => {
    await visit(page, "/categories/shopping");
    await expect(page.getByRole("searchbox", { name: "Search" })).toBeVisible();
    expect(await optionLabels(page, "Category")).toEqual([
      "All Categories",
      "Clothing & Apparel",
      "Jewelry & Accessories",
      "Gifts & Specialty",
      "Home & Decor",
    ]);
    const cards = main(page).getByRole("list", { name: /stores?$/ }).getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3 }) });
    await expect(cards).toHaveCount(6);
    await expect(main(page).getByRole("link", { name: /^View Store/ })).toHaveCount(6);

    await page.getByLabel("Category", { exact: true }).selectOption("jewelry");
    await page.getByRole("button", { name: "Apply Filters" }).click();
    await expect(page).toHaveURL("/categories/shopping?q=&category=jewelry");
    await expect(cards).toHaveCount(1);
    await expect(cards).toContainText("Jewelry & Accessories");
    await expect(page.getByLabel("Category", { exact: true })).toHaveValue("jewelry");

    await page.goto("/categories/shopping?q=nothing-like-this");
    await expect(page.getByText("No stores match those filters")).toBeVisible();
    await page.getByRole("link", { name: "Clear filters" }).click();
    await expect(cards).toHaveCount(6);

    await page.getByRole("button", { name: "Load More Stores" }).click();
    await expect(toasts(page)).toContainText("That's every store we have for now");
  });

  test("services: dropdown, six providers with the spec's facts, load more", async ({ page }) => {
    await visit(page, "/categories/services");
    expect(await optionLabels(page, "Service type")).toEqual(["All Services", "Plumbing", "Electrical", "Cleaning", "Landscaping"]);
    expect(await page.getByLabel("Service type").locator("option").evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))).toEqual([
      "all",
      "plumbing",
      "electrical",
      "cleaning",
      "landscaping",
    ]);
    const cards = main(page).getByRole("list", { name: /providers?$/ }).getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3 }) });
    await expect(cards).toHaveCount(6);
    for (let i = 0; i < 6; i++) {
      await expect(cards.nth(i)).toContainText("Licensed & Insured");
      await expect(cards.nth(i)).toContainText("Serves within 20 miles");
      await expect(cards.nth(i).getByRole("link", { name: /^Contact Now/ })).toBeVisible();
    }
    await page.getByLabel("Service type").selectOption("plumbing");
    await page.getByRole("button", { name: "Apply Filters" }).click();
    await expect(cards).toHaveCount(2);
    await expect(page.getByRole("button", { name: "Load More Services" })).toBeVisible();
  });

  test("entertainment: type and age dropdowns, six venues, load more", async ({ page }) => {
    await visit(page, "/categories/entertainment");
    expect(await optionLabels(page, "Type")).toEqual(["All Types", "Theater & Shows", "Arcade & Games", "Escape Rooms", "Attractions"]);
    expect(await optionLabels(page, "Age group")).toEqual([
      "All Ages",
      "Kids (0-12)",
      "Teens (13-17)",
      "Adults (18+)",
      "Family-Friendly",
    ]);
    const cards = main(page).getByRole("list", { name: /activit(y|ies)$/ }).getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3 }) });
    await expect(cards).toHaveCount(6);
    await page.getByLabel("Age group").selectOption("adults");
    await page.getByLabel("Type").selectOption("escape");
    await page.getByRole("button", { name: "Apply Filters" }).click();
    await expect(cards).toHaveCount(1);
    await expect(cards).toContainText("Lockbox Escape Rooms");
    await page.goto("/categories/entertainment");
    await expect(page.getByRole("button", { name: "Load More Activities" })).toBeVisible();
  });

  test("restaurants: the spec's controls", async ({ page }) => {
    await visit(page, "/categories/restaurants");
    await expect(main(page).getByText("Discover the best local restaurants, cafes, and eateries")).toBeVisible();
    await expect(page.getByRole("searchbox", { name: "Search" })).toHaveAttribute("placeholder", "Search restaurants...");
    expect(await optionLabels(page, "Cuisine")).toEqual(["All Cuisines", "Italian", "Chinese", "Mexican", "Indian"]);
    await expect(page.getByRole("checkbox", { name: "Open Now" })).not.toBeChecked();
    const more = page.getByRole("button", { name: "More Filters" });
    await expect(more).toHaveAttribute("aria-expanded", "false");
    await more.click();
    await expect(more).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByLabel("Price")).toBeVisible();
  });
});

test.describe("events", () => {
  test("filters, placeholder cards, RSVP, Submit Event and Load More", async ({ page }) => {
    await visit(page, "/events");
    expect(await optionLabels(page, "City")).toEqual(["All Cities", "Washington", "Baltimore", "Philadelphia"]);
    expect(await page.getByLabel("City").locator("option").evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))).toEqual([
      "all",
      "washington",
      "baltimore",
      "philadelphia",
    ]);
    expect(await page.getByLabel("Category").locator("option").evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))).toEqual([
      "all",
      "food",
      "music",
      "art",
      "business",
    ]);
    await expect(page.getByLabel("Date")).toHaveAttribute("type", "date");
    const cards = main(page).getByRole("list", { name: "Upcoming events" }).getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3 }) });
    await expect(cards).toHaveCount(6);
    await expect(main(page).getByRole("button", { name: /^RSVP/ })).toHaveCount(6);

    await page.getByLabel("City").selectOption("baltimore");
    await page.getByRole("button", { name: "Apply Filters" }).click();
    await expect(cards).toHaveCount(2);
    await page.getByLabel("Category").selectOption("music");
    await page.getByRole("button", { name: "Apply Filters" }).click();
    await expect(page.getByText("No events match those filters")).toBeVisible();
    await page.getByRole("link", { name: "Clear filters" }).click();
    await expect(cards).toHaveCount(6);

    await cards.first().getByRole("button", { name: /^RSVP/ }).click();
    await expect(toasts(page)).toContainText("RSVPs open soon");
    await page.getByRole("button", { name: "Load More" }).click();
    await expect(toasts(page)).toHaveCount(1);
    await expect(toasts(page)).toContainText("That's every event we have for now");

    await page.getByRole("link", { name: "Submit Event" }).click();
    await expect(page).toHaveURL("/contact");
  });
});

test.describe("contact, press and dashboard", () => {
  test("contact shows how to reach us and labels its form honestly", async ({ page }) => {
    await visit(page, "/contact");
    const reach = page.getByRole("region", { name: "Reach us directly" });
    await expect(reach.getByRole("link", { name: "hello@near.example" })).toHaveAttribute("href", "mailto:hello@near.example");
    await expect(reach.getByRole("link", { name: "(217) 555-0100" })).toHaveAttribute("href", "tel:+12175550100");
    await expect(reach).toContainText("Springfield, IL");

    const form = page.getByRole("region", { name: "Send us a message" });
    await expect(form).toContainText("This form isn't connected yet");
    await form.getByLabel("Name").fill("Ada");
    await form.getByLabel("Email").fill("ada@example.com");
    await form.getByLabel("Message").fill("Hello!");
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(toasts(page)).toContainText("Message not sent");
  });

  test("press kit has the boilerplate, facts, logo download and media contact", async ({ page }) => {
    await visit(page, "/press");
    await expect(page.getByRole("heading", { name: "About Near" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Key facts" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Download logo (SVG)" })).toHaveAttribute("href", "/favicon.svg");
    const logo = await page.request.get("/favicon.svg");
    expect(logo.status()).toBe(200);
    await expect(page.getByRole("heading", { name: "Media contact" })).toBeVisible();
  });

  test("the dashboard shows the customer view: favorites, reviews, settings", async ({ page }) => {
    await visit(page, "/portal");
    for (const name of ["Favorites", "My reviews", "Settings"]) {
      await expect(page.getByRole("heading", { name, level: 2 })).toBeVisible();
    }
  });
});
