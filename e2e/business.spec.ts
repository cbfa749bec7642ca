import { parsePhoneNumber } from "libphonenumber-js";
import type { APIRequestContext, Page } from "@playwright/test";
import { DAY_NAMES, formatDayHours } from "../app/features/directory/hours";
import { expect, expectNoA11yViolations, test } from "./fixtures";
import { waitForHydration } from "./hydration";

/**
 * /business/:id — the spec's sections with the demo data, the buttons the
 * issue wires (Call Now, Website, Share, Get Directions, Message, Book Now,
 * Save and Write a Review for a signed-out visitor), the photo lightbox by
 * keyboard, the Send Message form (client and server validation, success,
 * honeypot, rate limit). What the server's HTML alone shows (the title, the link preview, schema.org data, the
 * 404 page, Send Message without JavaScript) is tests/integration/business-page-html.test.ts's.
 */

interface Detail {
  id: string;
  /** The page's one address, /business/<slug> (issue 40, defect 10). */
  slug: string;
  name: string;
  description: string | null;
  address: string;
  city: string;
  state: string;
  zip: string;
  phone: string | null;
  website: string | null;
  bookingUrl: string | null;
  rating: number;
  reviewCount: number;
  categories: string[];
  /** The categories by name, the primary first, each a link to its page (issue 34). */
  categoryLinks: { slug: string; name: string }[];
  features: string[];
  priceRange: string | null;
  images: { src: string; alt: string }[];
  hours: { day: number; open: string | null; close: string | null; isClosed: boolean }[];
  reviews: { author: string; content: string; rating: number; date: string }[];
  openStatus: { isOpen: boolean; label: string };
  today: number;
}

async function findBusiness(request: APIRequestContext, name: string): Promise<Detail> {
  const search = await request.get(`/api/v1/businesses?q=${encodeURIComponent(name)}`);
  const { items } = (await search.json()) as { items: { id: string; name: string }[] };
  const hit = items.find((b) => b.name === name);
  expect(hit, `demo business "${name}"`).toBeTruthy();
  const res = await request.get(`/api/v1/businesses/${hit!.id}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as Detail;
}

/** Opens a page and waits until React has hydrated it (its page view is recorded from an effect). */
async function open(page: Page, url: string) {
  const viewed = page.waitForRequest((r) => r.method() === "POST" && r.url().endsWith("/api/v1/page-views"));
  await page.goto(url);
  await viewed;
}

async function expectToast(
  page: Page,
  title: string,
  description: string | RegExp,
  variant: "default" | "destructive",
) {
  const toast = page.locator('[data-slot="toast"]');
  await expect(toast).toHaveCount(1);
  await expect(toast.locator('[data-slot="toast-title"]')).toHaveText(title);
  await expect(toast.locator('[data-slot="toast-description"]')).toHaveText(description);
  await expect(toast).toHaveAttribute("data-variant", variant);
}

const BELLA = "Bella Notte Trattoria"; // premium: three photos, booking link, reviews
const NONNA = "Nonna Rosa's Kitchen"; // no booking link
const MOONSTONE = "Moonstone Beads & Gems"; // no reviews yet

test.describe("business page", () => {
  test("hero, About, Photos, Hours, Location and Reviews from the business's data", async ({ page, request }) => {
    const b = await findBusiness(request, BELLA);
    const viewed = page.waitForRequest((r) => r.method() === "POST" && r.url().endsWith("/api/v1/page-views"));
    await page.goto(`/business/${b.slug}`);
    // Records a page view for this business.
    const view = (await viewed).postDataJSON() as { name: string; businessId: string; path: string };
    expect(view).toMatchObject({ name: "Business", businessId: b.id, path: `/business/${b.slug}` });

    // Hero: name, address, five stars filled up to the rating, review count, open-now badge.
    await expect(page.getByRole("heading", { level: 1, name: b.name })).toBeVisible();
    await expect(page.getByTestId("hero-address")).toHaveText(`${b.address}, ${b.city}, ${b.state} ${b.zip}`);
    const heroStars = page.locator("section[aria-labelledby=business-name]").getByRole("img", { name: /^Rated/ });
    await expect(heroStars).toHaveAccessibleName(`Rated ${b.rating.toFixed(1)} out of 5`);
    // Drawn by CSS: whole stars, then the part of the next (.rating-stars in app.css).
    await expect(heroStars).toHaveCSS("--stars-full", String(Math.floor(b.rating)));
    await expect(heroStars).toHaveCSS("--stars-part", (b.rating - Math.floor(b.rating)).toFixed(2));
    await expect(page.getByTestId("hero-review-count")).toHaveText(`(${b.reviewCount} reviews)`);
    await expect(page.locator("section[aria-labelledby=business-name]").getByTestId("open-status")).toHaveText(
      b.openStatus.label,
    );
    expect(b.openStatus.label).toMatch(/^(Open now|Closed)/);

    // About: description, categories, features, price range.
    const about = page.getByRole("region", { name: "About" });
    await expect(about.getByTestId("about-description")).toHaveText(b.description!);
    await expect(about.getByTestId("about-categories").getByRole("listitem")).toHaveText(
      b.categoryLinks.map((c) => c.name),
    );
    await expect(about.getByTestId("about-categories").getByRole("link").first()).toHaveAttribute(
      "href",
      `/categories/${b.categoryLinks[0]!.slug}`,
    );
    await expect(about.getByTestId("about-features").getByRole("listitem")).toHaveText(b.features);
    await expect(about.getByTestId("about-price")).toContainText(b.priceRange!);

    // Photos: the business's own, responsive, lazy below the fold.
    const photos = page.getByRole("region", { name: "Photos" });
    await expect(photos.getByRole("button", { name: /^Open photo \d+ of \d+/ })).toHaveCount(b.images.length);
    for (const img of await photos.locator("img").all()) {
      await expect(img).toHaveAttribute("srcset", /\d+w/);
      await expect(img).toHaveAttribute("sizes", /.+/);
      await expect(img).toHaveAttribute("width", /^\d+$/);
      await expect(img).toHaveAttribute("height", /^\d+$/);
      await expect(img).toHaveAttribute("loading", "lazy");
    }
    await expect(page.getByTestId("photo-placeholders")).toHaveCount(0);

    // Business Hours: every day "open - close" or "Closed", today highlighted.
    const rows = page.getByTestId("hours-table").locator("tbody tr");
    await expect(rows).toHaveCount(7);
    for (const row of await rows.all()) {
      // textContent, not innerText: the section may still be unrendered below the fold (content-visibility), and
      // innerText reads nothing there (more sections above it since issue 36).
      const dayName = ((await row.locator("th").textContent()) ?? "").replace(/\s*Today$/, "").trim();
      const day = DAY_NAMES.indexOf(dayName as (typeof DAY_NAMES)[number]);
      expect(day).toBeGreaterThanOrEqual(0);
      await expect(row.locator("td")).toHaveText(formatDayHours(b.hours.find((h) => h.day === day)));
    }
    const today = page.getByTestId("hours-table").locator("tr[aria-current=date]");
    await expect(today).toHaveCount(1);
    await expect(today.locator("th")).toContainText(DAY_NAMES[b.today]!);
    await expect(page.getByTestId("hours-table")).toContainText(/\d{1,2}:\d{2} (AM|PM) - \d{1,2}:\d{2} (AM|PM)/);

    // Location: the address, the listing's map (tiles from the e2e server's local stand-in) and Get Directions.
    const location = page.getByRole("region", { name: "Location" });
    await expect(location.getByTestId("map")).toBeVisible();
    await expect(location.getByTestId("map-placeholder")).toHaveCount(0);
    await expect(location.locator("address")).toContainText(b.address);
    const directions = location.getByRole("link", { name: /Get Directions/ });
    const destination = encodeURIComponent(`${b.address}, ${b.city}, ${b.state} ${b.zip}`);
    await expect(directions).toHaveAttribute(
      "href",
      `https://www.google.com/maps/dir/?api=1&destination=${destination}`,
    );
    await expect(directions).toHaveAttribute("target", "_blank");
    await expect(directions).toHaveAttribute("rel", /noopener/);

    // Reviews: author initial, author, date, stars, content.
    const reviews = page.getByTestId("review");
    await expect(reviews).toHaveCount(Math.min(b.reviews.length, 10)); // ten, then "Show more reviews"
    const first = reviews.first();
    const r = b.reviews[0]!;
    await expect(first.getByTestId("review-avatar")).toHaveText(r.author.charAt(0).toUpperCase());
    await expect(first).toContainText(r.author);
    await expect(first.locator("time")).toHaveAttribute("datetime", r.date);
    await expect(first.locator("time")).toHaveText(
      new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(new Date(r.date)),
    );
    await expect(first.getByRole("img", { name: `Rated ${r.rating.toFixed(1)} out of 5` })).toBeVisible();
    await expect(first).toContainText(r.content);
  });

  test("schema.org data after a client-side navigation is the business's own, not the list's", async ({
    page,
    request,
  }) => {
    // The server's HTML of business, search and category pages: tests/integration/business-page-html.test.ts.
    const b = await findBusiness(request, BELLA);
    // A client-side navigation from the results shows the business's own data, not the list's.
    await page.goto(`/search?q=${encodeURIComponent(b.name)}`);
    await waitForHydration(page);
    await page.getByRole("link", { name: b.name }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: b.name })).toBeVisible();
    // The business and its breadcrumbs, and its videos and offers where it has some (issue 36): never the list's.
    const blocks = page.locator('script[type="application/ld+json"]');
    await expect.poll(async () => (await blocks.first().textContent()) ?? "").toMatch(/"@type":"Restaurant"/);
    const types = (await blocks.allTextContents()).map((t) => (JSON.parse(t) as { "@type": string })["@type"]);
    expect(types).toContain("BreadcrumbList");
    expect(types).not.toContain("ItemList");
    expect(JSON.parse((await blocks.first().textContent())!)).toMatchObject({ "@type": "Restaurant", name: b.name });
  });

  test("on a phone every action is on screen (the row wraps, nothing hides past the edge)", async ({
    page,
    request,
  }) => {
    const b = await findBusiness(request, BELLA);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/business/${b.slug}`);
    const actions = page.getByTestId("business-actions").locator(":scope > *");
    await expect(actions).toHaveCount(7); // Write a Review, Book Now, Save, Share, Call Now, Website, Message
    for (const action of await actions.all()) {
      const box = (await action.boundingBox())!;
      expect(box.x, (await action.textContent()) ?? "").toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, (await action.textContent()) ?? "").toBeLessThanOrEqual(390);
    }
  });

  test("Call Now, Website, Book Now, and Save / Write a Review for a signed-out visitor", async ({ page, request }) => {
    const b = await findBusiness(request, BELLA);
    await open(page, `/business/${b.slug}`);
    const actions = page.getByTestId("business-actions");

    const call = actions.getByRole("link", { name: /Call Now/ });
    await expect(call).toHaveAttribute("href", `tel:${b.phone!.replace(/[^\d+]/g, "")}`);
    // Stored in E.164, shown in the national format (the business is in the site's country).
    await expect(call).toContainText(parsePhoneNumber(b.phone!).formatNational());

    const website = actions.getByRole("link", { name: /Website/ });
    await expect(website).toHaveAttribute("href", new URL(b.website!).toString());
    await expect(website).toHaveAttribute("target", "_blank");
    await expect(website).toHaveAttribute("rel", "noopener noreferrer");

    const book = actions.getByRole("link", { name: /Book Now/ });
    await expect(book).toHaveAttribute("href", new URL(b.bookingUrl!).toString());
    await expect(book).toHaveAttribute("target", "_blank");

    for (const [name, back] of [
      ["Save", `/business/${b.slug}?save=1`], // saved on the way back (favorites)
      ["Write a Review", `/business/${b.slug}#write-review`],
    ]) {
      const href = await actions.getByRole("link", { name }).getAttribute("href");
      const url = new URL(href!, "http://x");
      expect(url.pathname).toBe("/auth");
      expect(url.searchParams.get("redirectTo")).toBe(back);
    }
    await actions.getByRole("link", { name: "Write a Review" }).click();
    await expect(page).toHaveURL(new RegExp(`/auth\\?redirectTo=%2Fbusiness%2F${b.slug}%23write-review$`));

    // Book Now only when the business has a booking link.
    const nonna = await findBusiness(request, NONNA);
    expect(nonna.bookingUrl).toBeNull();
    await open(page, `/business/${nonna.slug}`);
    await expect(page.getByRole("heading", { level: 1, name: NONNA })).toBeVisible();
    await expect(page.getByRole("link", { name: /Book Now/ })).toHaveCount(0);
  });

  test("Share copies the link when the Web Share API is missing", async ({ page, context, request, baseURL }) => {
    const b = await findBusiness(request, BELLA);
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, "share", { value: undefined, configurable: true });
    });
    // The UUID address (old links) lands on the slug one.
    await open(page, `/business/${b.id}`);
    await expect(page).toHaveURL(`${baseURL}/business/${b.slug}`);
    await page.getByRole("button", { name: "Share" }).click();
    await expectToast(page, "Link copied", "The link to this business is on your clipboard.", "default");
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    // The slug address at the site's base: PUBLIC_URL (the e2e server's is the address the browser uses), never a
    // guessed http://localhost:PORT nor the UUID form (issue 40, defect 10).
    expect(copied).toBe(`${baseURL}/business/${b.slug}`);
  });

  test("Share uses the Web Share API when the device has it", async ({ page, request }) => {
    const b = await findBusiness(request, BELLA);
    await page.addInitScript(() => {
      const w = window as unknown as { shared: unknown[] };
      w.shared = [];
      Object.defineProperty(Navigator.prototype, "share", {
        value: (data: unknown) => {
          w.shared.push(data);
          return Promise.resolve();
        },
        configurable: true,
      });
    });
    await open(page, `/business/${b.slug}`);
    await page.getByRole("button", { name: "Share" }).click();
    const shared = await page.evaluate(
      () => (window as unknown as { shared: { title: string; url: string }[] }).shared,
    );
    expect(shared).toHaveLength(1);
    expect(shared[0]!.title).toBe(b.name);
    expect(shared[0]!.url).toBe(new URL(`/business/${b.slug}`, page.url()).href);
    await expect(page.locator('[data-slot="toast"]')).toHaveCount(0);
  });

  test("Message scrolls to the Send Message form and focuses it", async ({ page, request }) => {
    const b = await findBusiness(request, BELLA);
    await open(page, `/business/${b.slug}`);
    const form = page.getByRole("region", { name: "Send Message" });
    await page.getByTestId("business-actions").getByRole("link", { name: "Message" }).click();
    await expect(page.getByLabel("Name")).toBeFocused();
    await expect(form.getByLabel("Name")).toBeInViewport();
  });

  test("the photo lightbox works from the keyboard", async ({ page, request }) => {
    const b = await findBusiness(request, BELLA);
    expect(b.images.length).toBeGreaterThanOrEqual(3);
    await open(page, `/business/${b.slug}`);
    const firstPhoto = page.getByRole("button", { name: new RegExp(`^Open photo 1 of ${b.images.length}`) });
    await firstPhoto.focus();
    await page.keyboard.press("Enter");

    const dialog = page.getByRole("dialog", { name: `Photos of ${b.name}` });
    await expect(dialog).toBeVisible();
    const counter = dialog.getByTestId("lightbox-counter");
    await expect(counter).toHaveText(`Photo 1 of ${b.images.length}`);
    await expect(dialog.locator("img")).toHaveAttribute("alt", b.images[0]!.alt);

    await page.keyboard.press("ArrowRight");
    await expect(counter).toHaveText(`Photo 2 of ${b.images.length}`);
    await expect(dialog.locator("img")).toHaveAttribute("alt", b.images[1]!.alt);
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await expect(counter).toHaveText(`Photo ${b.images.length} of ${b.images.length}`);

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(firstPhoto).toBeFocused();

    // "See all photos" in the hero opens it too.
    await page.getByRole("button", { name: `See all ${b.images.length} photos` }).click();
    await expect(dialog).toBeVisible();
    await expect(counter).toHaveText(`Photo 1 of ${b.images.length}`);
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
  });

  test("a business without reviews says so and offers Write a Review", async ({ page, request }) => {
    const b = await findBusiness(request, MOONSTONE);
    expect(b.reviewCount).toBe(0);
    await open(page, `/business/${b.slug}`);
    const reviews = page.getByRole("region", { name: "Reviews" });
    await expect(reviews.getByText("No reviews yet. Be the first to review!", { exact: true })).toBeVisible();
    const write = reviews.getByRole("link", { name: "Write a Review" });
    await expect(write).toHaveAttribute("href", `/auth?redirectTo=%2Fbusiness%2F${b.slug}%23write-review`);
    await expect(page.getByTestId("hero-review-count")).toHaveText("(0 reviews)");
    await expect(
      page.locator("section[aria-labelledby=business-name]").getByRole("img", { name: "Rated 0.0 out of 5" }),
    ).toBeVisible();
  });

  test("Send Message: checked in the browser, inline errors tied to their fields", async ({ page, request }) => {
    const b = await findBusiness(request, NONNA);
    await open(page, `/business/${b.slug}`);
    const form = page.getByRole("form", { name: `Send a message to ${b.name}` });
    let posted = 0;
    page.on("request", (r) => {
      if (r.method() === "POST" && r.url().includes(`/business/${b.slug}`)) posted++;
    });

    await form.getByRole("button", { name: "Send Message" }).click();
    for (const [label, message] of [
      ["Name", "Name is required."],
      ["Email", "Email is required."],
      ["Message", "Message must be at least 10 characters."],
    ] as const) {
      const field = form.getByLabel(label, { exact: true });
      await expect(field).toHaveAttribute("aria-invalid", "true");
      const describedBy = await field.getAttribute("aria-describedby");
      await expect(page.locator(`#${describedBy}`)).toHaveText(message);
      await expect(field).toHaveAccessibleDescription(message);
    }
    await expect(form.getByLabel("Name", { exact: true })).toBeFocused();

    await form.getByLabel("Name", { exact: true }).fill("Ada");
    await expect(form.getByLabel("Name", { exact: true })).not.toHaveAttribute("aria-invalid", "true");
    await form.getByLabel("Email", { exact: true }).fill("not-an-email");
    await form.getByLabel("Message", { exact: true }).fill("Do you have a table for six on Friday?");
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(form.getByLabel("Email", { exact: true })).toHaveAccessibleDescription("Enter a valid email address.");
    expect(posted).toBe(0);
  });

  test("Send Message: success toast and a cleared form; the honeypot is hidden and answered like a success", async ({
    page,
    request,
  }) => {
    const b = await findBusiness(request, NONNA);
    await open(page, `/business/${b.slug}`);
    const form = page.getByRole("form", { name: `Send a message to ${b.name}` });

    // The honeypot is invisible to people and to assistive technology.
    await expect(page.getByRole("textbox", { name: "Leave this field empty" })).toHaveCount(0);
    await expect(form.locator("input[name=website]")).toHaveAttribute("tabindex", "-1");
    await expect(form.locator("input[name=website]")).not.toBeInViewport();

    await form.getByLabel("Name", { exact: true }).fill("Ada Lovelace");
    await form.getByLabel("Email", { exact: true }).fill("ada@example.com");
    await form.getByLabel("Message", { exact: true }).fill("Do you have a table for six on Friday evening?");
    await form.getByRole("button", { name: "Send Message" }).click();
    await expectToast(page, "Message sent", "The business will get back to you by email.", "default");
    for (const label of ["Name", "Email", "Message"])
      await expect(form.getByLabel(label, { exact: true })).toHaveValue("");

    // A bot fills every field, the hidden one too: it is told "sent" and learns nothing.
    await page.locator('[data-slot="toast"]').getByRole("button", { name: "Close" }).click();
    await form.getByLabel("Name", { exact: true }).fill("Spam Bot");
    await form.getByLabel("Email", { exact: true }).fill("bot@example.com");
    await form.getByLabel("Message", { exact: true }).fill("Cheap watches, visit my site now!!!");
    await form.locator("input[name=website]").evaluate((el: HTMLInputElement) => (el.value = "https://spam.example"));
    await form.getByRole("button", { name: "Send Message" }).click();
    await expectToast(page, "Message sent", "The business will get back to you by email.", "default");
  });

  test("Send Message loads its code after the page, and a send made before it arrived is checked in the browser", async ({
    page,
    request,
  }) => {
    const b = await findBusiness(request, NONNA);
    // A phone: the form is well below the fold.
    await page.setViewportSize({ width: 390, height: 844 });
    const chunk = /\/assets\/message-form-[\w-]+\.js$/;
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let requested = false;
    await page.route(chunk, async (route) => {
      requested = true;
      await held;
      await route.continue();
    });
    let posted = 0;
    page.on("request", (r) => {
      if (r.method() === "POST" && r.url().includes(`/business/${b.slug}`)) posted++;
    });
    // The form's code (zod, Conform) isn't part of the page's first load.
    const html = await (await request.get(`/business/${b.slug}`)).text();
    expect(html).not.toMatch(/modulepreload[^>]*message-form/);
    await open(page, `/business/${b.slug}`);
    const form = page.getByRole("form", { name: `Send a message to ${b.name}` });

    // Sent at once, empty, while its code is still on the way: held, then checked in the browser once it is in.
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect.poll(() => requested).toBe(true);
    release();
    await expect(form.getByLabel("Name", { exact: true })).toHaveAccessibleDescription("Name is required.");
    await expect(form.getByLabel("Name", { exact: true })).toBeFocused();
    expect(posted).toBe(0);

    await form.getByLabel("Name", { exact: true }).fill("Grace Hopper");
    await form.getByLabel("Email", { exact: true }).fill("grace@example.com");
    await form.getByLabel("Message", { exact: true }).fill("Could you cater a lunch for twelve next week?");
    await form.getByRole("button", { name: "Send Message" }).click();
    await expectToast(page, "Message sent", "The business will get back to you by email.", "default");
    await expect(form.getByLabel("Name", { exact: true })).toHaveValue("");
    expect(posted).toBe(1);
  });

  test("Send Message: what is typed before the form's code arrives stays, and the form hydrates in place", async ({
    page,
    request,
  }) => {
    const b = await findBusiness(request, NONNA);
    await page.setViewportSize({ width: 390, height: 844 });
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/message-form-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await open(page, `/business/${b.slug}`);
    const form = page.getByRole("form", { name: `Send a message to ${b.name}` });
    const name = form.getByLabel("Name", { exact: true });
    const top = () => form.evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
    // On screen first: the sections above it skip rendering until they come near the viewport (`defer-render`),
    // and the reviews then take their real height. That is scrolling, not hydration; measured once it has settled.
    await form.scrollIntoViewIfNeeded();
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    let settled = await top();
    await expect
      .poll(async () => {
        const now = await top();
        const same = now === settled;
        settled = now;
        return same;
      })
      .toBe(true);
    const before = settled;
    await name.fill("Katherine Johnson");
    release();
    await page.waitForResponse(/\/assets\/message-form-[\w-]+\.js$/);
    // Hydrated: the browser now checks the form (an empty email is refused without a post).
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(form.getByLabel("Email", { exact: true })).toHaveAccessibleDescription("Email is required.");
    await expect(name).toHaveValue("Katherine Johnson");
    await expect(name).not.toHaveAttribute("aria-invalid", "true");
    // Nothing moved when the server's form was hydrated.
    expect(await top()).toBe(before);
  });

  test("Send Message is rate-limited: too many shows the 'Error' toast", async ({ page, request, pageErrors }) => {
    // A client address of its own (TRUST_PROXY=loopback in e2e): the limit it exhausts is not the other tests'.
    await page.setExtraHTTPHeaders({ "x-forwarded-for": "198.51.100.23" });
    const b = await findBusiness(request, NONNA);
    await open(page, `/business/${b.slug}`);
    const form = page.getByRole("form", { name: `Send a message to ${b.name}` });
    const toast = page.locator('[data-slot="toast"]');
    let limited = false;
    for (let i = 0; i < 8 && !limited; i++) {
      await form.getByLabel("Name", { exact: true }).fill(`Visitor ${i}`);
      await form.getByLabel("Email", { exact: true }).fill(`visitor${i}@example.com`);
      await form.getByLabel("Message", { exact: true }).fill(`Question number ${i}: are you open late tonight?`);
      const answered = page.waitForResponse(
        (r) => r.request().method() === "POST" && r.url().includes(`/business/${b.slug}`),
      );
      await form.getByRole("button", { name: "Send Message" }).click();
      limited = (await answered).status() === 429;
      await expect(toast).toHaveCount(1);
      // A sent message clears the form once the page has reloaded its data; wait for that before typing the next one.
      if (!limited) await expect(form.getByLabel("Name", { exact: true })).toHaveValue("");
    }
    expect(limited).toBe(true);
    await expectToast(page, "Error", /^Too many messages\. Try again in \d+ minutes?\.$/, "destructive");
    // What was typed stays, so it can be sent later.
    await expect(form.getByLabel("Name", { exact: true })).not.toHaveValue("");
    // The browser logs the expected 429 response; nothing else may be logged.
    const unexpected = pageErrors.filter((e) => !/status of 429/.test(e));
    pageErrors.splice(0, pageErrors.length, ...unexpected);
  });

  for (const theme of ["light", "dark"] as const) {
    test(`has no accessibility violations (${theme})`, async ({ page, request }) => {
      const b = await findBusiness(request, BELLA);
      if (theme === "dark") await page.addInitScript(() => localStorage.setItem("theme", "dark"));
      await open(page, `/business/${b.slug}`);
      await expectNoA11yViolations(page);
      const moonstone = await findBusiness(request, MOONSTONE);
      await open(page, `/business/${moonstone.slug}`);
      await expectNoA11yViolations(page);
      await page.goto("/business/00000000-0000-4000-8000-000000000000");
      await expectNoA11yViolations(page);
    });
  }
});
