import { expect, test } from "./fixtures";
import {
  api,
  cardsOf,
  expectNames,
  expectPhoneLayout,
  expectPlanBadges,
  open,
  optionLabels,
  pageOrder,
} from "./categories-support";

/**
 * /categories/services, "Local Services", on real providers: search, the
 * spec's service types, "Apply Filters", the "Licensed & Insured" and
 * "Serves within 20 miles" facts only where a provider has them, "Contact
 * Now" to the provider's message form, "Load More Services", 390 px.
 */

const ID = "services-results";
const cards = (page: Parameters<typeof cardsOf>[0]) => cardsOf(page, ID);
const has = (features: string[], feature: string) => features.some((f) => f.toLowerCase() === feature.toLowerCase());

test.describe("services page", () => {
  test("the spec's heading and controls, and real providers with their facts", async ({ page }) => {
    await open(page, "/categories/services");
    await expect(page).toHaveTitle(/^Services \| Near /);
    await expect(page.getByRole("heading", { level: 1, name: "Local Services" })).toBeVisible();
    await expect(page.getByRole("combobox", { name: "Search" })).toHaveAttribute("placeholder", "Search services...");
    expect(await optionLabels(page, "Service type")).toEqual([
      "All Services",
      "Plumbing",
      "Electrical",
      "Cleaning",
      "Landscaping",
    ]);
    await expect(page.getByRole("button", { name: "Apply Filters" })).toBeVisible();

    const all = pageOrder((await api(page, "services")).items);
    const expected = all.slice(0, 12);
    await expect(page.getByRole("heading", { name: `Showing 12 of ${all.length} providers` })).toBeVisible();
    await expectNames(page, ID, expected);
    await expectPlanBadges(page, ID, expected);
    for (const [i, b] of expected.entries()) {
      const card = cards(page).nth(i);
      await expect(card.getByText("Licensed & Insured", { exact: true })).toHaveCount(
        has(b.features, "Licensed & Insured") ? 1 : 0,
      );
      await expect(card.getByText("Serves within 20 miles", { exact: true })).toHaveCount(
        has(b.features, "Serves within 20 miles") ? 1 : 0,
      );
      await expect(card.getByRole("link", { name: /^Contact Now/ })).toHaveAttribute(
        "href",
        `/business/${b.slug}#send-message`,
      );
    }
    // The demo city has providers with and without each fact.
    for (const fact of ["Licensed & Insured", "Serves within 20 miles"]) {
      expect(
        all.some((b) => has(b.features, fact)),
        fact,
      ).toBe(true);
      expect(
        all.some((b) => !has(b.features, fact)),
        fact,
      ).toBe(true);
    }
  });

  test("Contact Now opens the provider's message form", async ({ page }) => {
    const first = pageOrder((await api(page, "services")).items)[0]!;
    await open(page, "/categories/services");
    await cards(page)
      .first()
      .getByRole("link", { name: /^Contact Now/ })
      .click();
    await expect(page).toHaveURL(`/business/${first.slug}#send-message`);
    await expect(page.getByRole("heading", { level: 1, name: first.name })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Send Message" })).toBeInViewport();
    await expect(page.getByRole("region", { name: "Send Message" }).getByLabel("Name")).toBeVisible();
  });

  test("each service type and the search narrow the list on the server, in the URL", async ({ page }) => {
    await open(page, "/categories/services");
    for (const type of ["plumbing", "electrical", "cleaning", "landscaping"]) {
      await page.getByLabel("Service type").selectOption(type);
      await page.getByRole("button", { name: "Apply Filters" }).click();
      await expect(page).toHaveURL(new RegExp(`type=${type}`));
      const expected = await api(page, "services", `&kind=${type}`);
      expect(expected.total, type).toBeGreaterThanOrEqual(3);
      await expectNames(page, ID, pageOrder(expected.items).slice(0, 12)); // the first page (other specs add listings)
    }
    await page.getByRole("combobox", { name: "Search" }).fill("drain");
    await page.getByRole("button", { name: "Apply Filters" }).click();
    await expect(page).toHaveURL(/\?q=drain&type=landscaping$/);
    await expect(page.getByText("No providers match those filters")).toBeVisible();
    await expect(page.getByText("Try fewer words, or choose All Services.")).toBeVisible();
    await page.getByLabel("Service type").selectOption("all");
    await page.getByRole("button", { name: "Apply Filters" }).click();
    const drain = await api(page, "services", "&q=drain");
    expect(drain.total).toBeGreaterThan(0);
    await expect
      .poll(async () => (await cards(page).locator("h3").allTextContents()).sort())
      .toEqual(drain.items.map((b) => b.name).sort());
  });

  test("Load More Services adds the next page and disappears at the end", async ({ page }) => {
    const all = pageOrder((await api(page, "services")).items);
    expect(all.length).toBeGreaterThan(12);
    await open(page, "/categories/services");
    await expect(cards(page)).toHaveCount(12);
    await page.getByRole("link", { name: "Load More Services" }).click();
    await expect(page).toHaveURL(/\?page=2$/);
    await expect(cards(page)).toHaveCount(Math.min(24, all.length));
    await expectNames(page, ID, all.slice(0, 24));
    if (all.length <= 24) {
      await expect(page.getByRole("link", { name: "Load More Services" })).toHaveCount(0);
      await expect(page.getByText("That's every provider that matches.")).toBeVisible();
    }
  });

  test("works without JavaScript", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto("/categories/services");
    await page.getByLabel("Service type").selectOption("electrical");
    await page.getByRole("button", { name: "Apply Filters" }).click();
    await expect(page).toHaveURL(/type=electrical/);
    await expectNames(page, ID, pageOrder((await api(page, "services", "&kind=electrical")).items).slice(0, 12));
    await context.close();
  });

  test("at 390 px: no sideways scroll (screenshot kept)", async ({ page }) => {
    await expectPhoneLayout(page, "/categories/services", "categories-services");
    await expect(cards(page)).toHaveCount(12);
  });

  // axe on the page, in both themes and at both widths: e2e/accessibility-routes-*.spec.ts.
});
