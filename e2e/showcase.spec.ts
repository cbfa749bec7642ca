import type { Browser, Page } from "@playwright/test";
import { BASE_URL, createListing, expect, signIn, signUpWith, test, visit } from "./admin-support";
import { expectNoA11yViolations } from "./fixtures";
import { waitForHydration } from "./hydration";

/**
 * Testimonials and videos (issue 36): a Featured owner adds one of each from their listing, a visitor sees both on
 * the business page (the video's frame only after a press on play); a Basic owner is told which plan includes them.
 * The rules (allowances on every path, downgrade, who may) are the integration tests' (tests/integration/showcase.test.ts).
 */

let seq = 0;
const unique = (name: string) => `${name} ${Date.now().toString(36)}${++seq}`;

/** A new business owner with a published listing on `plan` (set and approved by the demo admin). */
async function ownerWithListing(browser: Browser, page: Page, plan: "basic" | "featured") {
  const email = `showcase-${Date.now().toString(36)}-${++seq}@example.com`;
  await signUpWith(page.request, { name: "Showcase Owner", email, password: "secret-123", type: "business" });
  const listing = await createListing(page.request, {
    name: unique(plan === "basic" ? "Basic Bakery" : "Reel Bakery"),
  });
  const admin = await browser.newContext({ baseURL: BASE_URL });
  await signIn(admin, "admin");
  const patched = await admin.request.patch(`/api/v1/businesses/${listing.id}`, {
    headers: { origin: BASE_URL },
    data: { plan },
  });
  expect(patched.status(), await patched.text()).toBe(200);
  const approved = await admin.request.post(`/api/v1/businesses/${listing.id}/moderation`, {
    headers: { origin: BASE_URL },
    data: { action: "approve" },
  });
  expect(approved.status(), await approved.text()).toBe(200);
  await admin.close();
  return listing;
}

test.describe("testimonials and videos", () => {
  test.describe.configure({ timeout: 120_000 });

  test("a Featured owner adds a testimonial and a video; a visitor sees both, the video only after play", async ({
    page,
    browser,
  }) => {
    const listing = await ownerWithListing(browser, page, "featured");

    // From the listing: the owner bar.
    await visit(page, `/business/${listing.id}`);
    await page.getByRole("link", { name: "Testimonials & videos" }).click();
    await expect(page).toHaveURL(`/business/edit/${listing.id}/showcase`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Testimonials and videos");
    await expect(page.getByTestId("testimonials-allowance")).toContainText("0 of 5 testimonials on the Featured plan");
    await expect(page.getByTestId("videos-allowance")).toContainText("0 of 3 videos on the Featured plan");
    await waitForHydration(page);

    const testimonials = page.getByRole("region", { name: "Testimonials" });
    await testimonials.getByLabel("Testimonial", { exact: true }).fill("The sourdough is the best in town.");
    await testimonials.getByLabel("Who said it").fill("Rosa Martinez");
    await testimonials.getByLabel("Source (optional)").fill("Customer email");
    await testimonials.getByRole("button", { name: "Add testimonial" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Testimonial added." })).toBeVisible();
    await expect(page.getByTestId("testimonials-allowance")).toContainText("1 of 5 testimonials on the Featured plan");

    const videos = page.getByRole("region", { name: "Videos" });
    await videos.getByLabel("YouTube or Vimeo link").fill("https://example.com/not-a-video");
    await videos.getByLabel("Title").fill("Morning bake");
    await videos.getByRole("button", { name: "Add video" }).click();
    await expect(videos.getByText(/isn't a YouTube or Vimeo video link/)).toBeVisible();
    await videos.getByLabel("YouTube or Vimeo link").fill("https://youtu.be/aqz-KE-bpKQ");
    await videos.getByRole("button", { name: "Add video" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Video added." })).toBeVisible();
    await expect(page.getByTestId("videos-allowance")).toContainText("1 of 3 videos on the Featured plan");
    await expectNoA11yViolations(page);

    // A visitor: the testimonial apart from reviews, labelled as the business's; the video a poster until play.
    const visitorContext = await browser.newContext({ baseURL: BASE_URL });
    const visitor = await visitorContext.newPage();
    const external: string[] = [];
    visitor.on("request", (r) => {
      if (!r.url().startsWith(BASE_URL)) external.push(r.url());
    });
    // No machine reaches the internet: the player's address is answered here, once pressed.
    await visitor.route(/youtube-nocookie\.com/, (route) =>
      route.fulfill({ contentType: "text/html", body: "<title>Player</title>" }),
    );
    await visit(visitor, `/business/${listing.id}`);
    const shown = visitor.getByRole("region", { name: "Testimonials" });
    await expect(shown.getByTestId("testimonials-note")).toHaveText(
      `Provided by ${listing.name}. These aren't customer reviews and don't count in the rating.`,
    );
    await expect(shown.locator("blockquote")).toHaveText("The sourdough is the best in town.");
    await expect(shown.locator("figcaption")).toContainText("Rosa Martinez, Customer email");
    const section = visitor.getByRole("region", { name: "Videos" });
    const poster = section.getByRole("link", { name: /Morning bake/ });
    await expect(poster).toHaveAttribute("href", "https://www.youtube.com/watch?v=aqz-KE-bpKQ");
    await expect(visitor.locator("iframe")).toHaveCount(0);
    await expectNoA11yViolations(visitor, { include: "#testimonials" });
    await expectNoA11yViolations(visitor, { include: "#videos" });
    // The body's code comes after the first load (lib/deferred-component); the press is the player's.
    await waitForHydration(visitor, { parts: true });
    expect(external).toEqual([]);
    await poster.click();
    const frame = section.locator("iframe");
    await expect(frame).toHaveAttribute("src", /^https:\/\/www\.youtube-nocookie\.com\/embed\/aqz-KE-bpKQ\?autoplay=1/);
    await expect(frame).toHaveAttribute("title", "Morning bake");
    await expect(visitor).toHaveURL(`/business/${listing.slug}`);
    await visitorContext.close();
  });

  test("a Basic owner is told which plan includes testimonials and videos", async ({ page, browser }) => {
    const listing = await ownerWithListing(browser, page, "basic");
    await visit(page, `/business/edit/${listing.id}`);
    await page.getByRole("link", { name: "Testimonials & videos" }).click();
    await expect(page).toHaveURL(`/business/edit/${listing.id}/showcase`);
    await expect(page.getByTestId("testimonials-allowance")).toContainText(
      "The Basic plan doesn't include testimonials.",
    );
    await expect(page.getByTestId("testimonials-allowance")).toContainText(
      "Upgrade to Featured for up to 5 testimonials.",
    );
    await expect(page.getByTestId("videos-allowance")).toContainText("Upgrade to Featured for up to 3 videos.");
    await expect(page.getByRole("button", { name: "Add testimonial" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Add video" })).toHaveCount(0);
    await expectNoA11yViolations(page);
  });
});
