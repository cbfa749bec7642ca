import type { Page } from "@playwright/test";
import {
  BASE_URL,
  createListing,
  expect,
  expectToast,
  managed,
  pngFile,
  setTheme,
  signIn,
  test,
  visit,
} from "./admin-support";
import { categoryBox, categoryList, pickCategory } from "./category-picker-support";
import { expectNoA11yViolations } from "./fixtures";

/**
 * /business/new and /business/edit/:id: the whole form with the shared
 * schema's inline messages, hours past midnight and "copy to weekdays", a
 * real image upload, reordering / cover / alt text, the spec's notices, a
 * refused save that keeps what was typed, who may open the pages, and axe.
 */

let seq = 0;
const unique = (name: string) => `${name} ${Date.now().toString(36)}${++seq}`;

const main = (page: Page) => page.getByRole("main");
const field = (page: Page, label: string) => main(page).getByLabel(label, { exact: false });

async function addPhotos(page: Page, files: Awaited<ReturnType<typeof pngFile>>[]) {
  await page.getByTestId("photo-input").setInputFiles(files);
}

test.describe("who may open the forms", () => {
  test("a visitor is sent to sign in and back; a customer is sent home with Access Denied", async ({ page }) => {
    await page.goto("/business/new");
    await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fbusiness%2Fnew$/);

    await signIn(page, "customer");
    await page.goto("/business/new");
    await expect(page).toHaveURL(`${BASE_URL}/`);
    await expectToast(page, "Access Denied", "You don't have permission to access this page.");
  });

  test("an owner can't open another business's edit page", async ({ page }) => {
    await signIn(page, "admin");
    const listing = await createListing(page.request, { name: unique("Not Yours") });
    await page.context().clearCookies();
    await signIn(page, "owner");
    await page.goto(`/business/edit/${listing.id}`);
    await expect(page).toHaveURL(`${BASE_URL}/`);
    await expectToast(page, "Access Denied", "You don't have permission to access this page.");
  });
});

test.describe("adding a business", () => {
  test("validates inline with the schema's messages, then adds it with hours past midnight and a real photo", async ({
    page,
  }) => {
    await signIn(page, "admin");
    await visit(page, "/business/new");
    await expect(page.getByRole("heading", { level: 1, name: "Add a Business" })).toBeVisible();
    await expect(page).toHaveTitle("Add Business | Near Springfield, IL");

    // Nothing filled in: each required field says what's missing, and focus goes to the first.
    await main(page).getByRole("button", { name: "Add Business" }).click();
    await expect(main(page).getByText("Business name is required.")).toBeVisible();
    await expect(main(page).getByText("Choose a category.")).toBeVisible();
    await expect(main(page).getByText("Address is required.")).toBeVisible();
    await expect(main(page).getByText("ZIP code is required.")).toBeVisible();
    await expect(field(page, "Business name")).toBeFocused();
    await expect(field(page, "Business name")).toHaveAttribute("aria-invalid", "true");
    await expect(
      main(page).getByRole("alert").filter({ hasText: "Please correct the highlighted fields" }),
    ).toBeVisible();

    const name = unique("Lantern Noodle House");
    await field(page, "Business name").fill(name);
    await pickCategory(page, "Chin", "Chinese");
    await field(page, "Description").fill("Hand-pulled noodles, soup dumplings and a late-night menu on weekends.");
    await field(page, "Price range").selectOption("$$");
    await field(page, "Address").fill("88 Lantern Row");
    await field(page, "ZIP code").fill("6270");
    await field(page, "Phone").fill("call us");
    await field(page, "Email").fill("not-an-email");
    await field(page, "Website").fill("javascript:alert(1)");

    // Friday 18:00–02:00 without saying it runs past midnight is refused.
    await field(page, "Friday opening time").fill("18:00");
    await field(page, "Friday closing time").fill("02:00");
    await main(page).getByRole("button", { name: "Add Business" }).click();
    await expect(main(page).getByText("Enter a valid ZIP code, like 62701 or 62701-1234.")).toBeVisible();
    await expect(main(page).getByText("Enter a valid phone number, like (217) 555-0142.")).toBeVisible();
    await expect(main(page).getByText("Enter a valid email address.")).toBeVisible();
    await expect(main(page).getByText("Enter a valid web address, like https://example.com.")).toBeVisible();
    await expect(
      page.getByTestId("hours-friday").getByText("Friday: Closing time must be after opening time."),
    ).toBeVisible();

    await field(page, "ZIP code").fill("62701");
    await field(page, "Neighborhood").fill("Lantern Quarter");
    await field(page, "Phone").fill("(217) 555-0188");
    await field(page, "Email").fill("hello@lantern.example");
    await field(page, "Website").fill("lantern.example");
    await field(page, "Friday closes after midnight").check();
    // Saturday the same: set it, then Monday's hours go to every weekday.
    await field(page, "Saturday hours").selectOption("allDay");
    await field(page, "Monday opening time").fill("11:30");
    await field(page, "Monday closing time").fill("21:00");
    await page.getByRole("button", { name: "Copy Monday's hours to all weekdays" }).click();
    await expect(field(page, "Thursday opening time")).toHaveValue("11:30");
    await expect(field(page, "Friday closing time")).toHaveValue("21:00");
    await field(page, "Friday opening time").fill("18:00");
    await field(page, "Friday closing time").fill("02:00");
    await field(page, "Friday closes after midnight").check();
    await field(page, "Sunday hours").selectOption("closed");

    // Features as tags: typed (Enter) and from a suggestion.
    const features = main(page).getByRole("textbox", { name: "Features", exact: true });
    await features.fill("Late Night");
    await features.press("Enter");
    await main(page).getByRole("button", { name: "Add feature Takeout" }).click();
    await expect(main(page).getByRole("button", { name: "Remove feature Late Night" })).toBeVisible();

    await addPhotos(page, [await pngFile("noodles.png")]);
    await expect(page.getByTestId("photo-tile")).toHaveCount(1);
    await field(page, "Alt text for photo 1").fill("A steaming bowl of hand-pulled noodles");

    await main(page).getByRole("button", { name: "Add Business" }).click();
    await expectToast(page, "Business Added", "Your business has been successfully listed.");
    await expect(page).toHaveURL(`${BASE_URL}/admin`);
    const edit = main(page).getByRole("link", { name: `Edit ${name}` });
    await expect(edit).toBeVisible();
    const id = (await edit.getAttribute("href"))!.split("/").pop()!;

    const stored = await managed(page.request, id);
    expect(stored).toMatchObject({ name, status: "published", ownerId: null, neighborhood: "Lantern Quarter" });
    expect(stored.hours).toEqual([
      { day: 0, open: null, close: null, isClosed: true },
      { day: 1, open: "11:30", close: "21:00", isClosed: false },
      { day: 2, open: "11:30", close: "21:00", isClosed: false },
      { day: 3, open: "11:30", close: "21:00", isClosed: false },
      { day: 4, open: "11:30", close: "21:00", isClosed: false },
      { day: 5, open: "18:00", close: "02:00", isClosed: false },
      { day: 6, open: "00:00", close: "24:00", isClosed: false },
    ]);

    // The public page: the photo through the media pipeline (WebP widths in srcset, size set), the hours.
    await visit(page, `/business/${id}`);
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page.getByTestId("business-neighborhood")).toHaveText("Lantern Quarter");
    const photo = page
      .getByRole("button", { name: "Open photo 1 of 1: A steaming bowl of hand-pulled noodles" })
      .locator("img");
    await expect(photo).toHaveAttribute(
      "srcset",
      /\/media\/[a-z0-9]+-400\.webp 400w, .*-800\.webp 800w, .*-1200\.webp 1200w/,
    );
    await expect(photo).toHaveAttribute("width", "1200");
    await expect(photo).toHaveAttribute("height", "800");
    const file = await page.request.get((await photo.getAttribute("src"))!);
    expect(file.status()).toBe(200);
    expect(file.headers()["content-type"]).toBe("image/webp");
    expect(file.headers()["cache-control"]).toContain("immutable");
    await expect(page.getByText("6:00 PM - 2:00 AM").first()).toBeVisible();
  });

  test("a description with <script> is stored and shown as text", async ({ page }) => {
    await signIn(page, "admin");
    await visit(page, "/business/new");
    const name = unique("Script Kitchen");
    const description = `<script>window.__pwned = true</script><b>Bold claims</b>`;
    await field(page, "Business name").fill(name);
    await pickCategory(page, "cleaning", "Cleaning");
    await field(page, "Description").fill(description);
    await field(page, "Address").fill("1 Quiet Street");
    await field(page, "ZIP code").fill("62704");
    await main(page).getByRole("button", { name: "Add Business" }).click();
    await expectToast(page, "Business Added", "Your business has been successfully listed.");
    const href = await main(page)
      .getByRole("link", { name: `Edit ${name}` })
      .getAttribute("href");
    await visit(page, `/business/${href!.split("/").pop()}`);
    await expect(page.getByText(description).first()).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __pwned?: boolean }).__pwned)).toBeUndefined();
    await expect(page.locator("main b", { hasText: "Bold claims" })).toHaveCount(0);
  });

  test("a business owner's listing waits for review and is limited to the Basic plan's one photo", async ({
    page,
    browser,
  }) => {
    await signIn(page, "owner");
    await visit(page, "/business/new");
    await expect(page.getByText("An admin reviews new listings before they appear in the directory.")).toBeVisible();
    await expect(field(page, "Plan")).toHaveCount(0);
    const name = unique("Owner Bakery");
    await field(page, "Business name").fill(name);
    await pickCategory(page, "Bakery");
    await field(page, "Address").fill("5 Flour Street");
    await field(page, "ZIP code").fill("62702");
    await addPhotos(page, [await pngFile("one.png"), await pngFile("two.png", 800, 600)]);
    await expect(page.getByTestId("photo-tile")).toHaveCount(1);
    await expect(
      main(page).getByRole("alert").filter({ hasText: `"two.png" was not added: the Basic plan includes 1 photo.` }),
    ).toBeVisible();
    await expect(main(page).getByTestId("photo-allowance")).toHaveText(
      "The Basic plan includes 1 photo. Upgrade to Featured for up to 10.",
    );
    await expect(
      page.getByTestId("photo-allowance").getByRole("link", { name: "Upgrade to Featured" }),
    ).toHaveAttribute("href", "/pricing");

    await main(page).getByRole("button", { name: "Add Business" }).click();
    await expectToast(page, "Business Added", "Your business has been successfully listed.");
    await expect(page).toHaveURL(/\/business\/edit\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId("status-notice")).toContainText("Waiting for review");
    await expect(main(page).getByTestId("status-badge")).toHaveText("Pending");
    const id = page.url().split("/").pop()!;
    // The owner sees their pending listing with its status; anyone else gets Business Not Found.
    const ownView = await page.goto(`/business/${id}`);
    expect(ownView?.status()).toBe(200);
    await expect(page.getByTestId("moderation-banner")).toContainText("Waiting for review");
    await expect(page.getByRole("link", { name: "Edit listing" })).toHaveAttribute("href", `/business/edit/${id}`);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    const visitor = await browser.newContext({ baseURL: new URL(page.url()).origin });
    const publicPage = await visitor.request.get(`/business/${id}`);
    expect(publicPage.status()).toBe(404);
    await visitor.close();
  });
});

test.describe("the photo picker", () => {
  test("refuses a file that isn't an image, whatever its name and type, with the server's words", async ({ page }) => {
    await signIn(page, "owner");
    await visit(page, "/business/new");
    await addPhotos(page, [
      // Text under an image's name and type, and a GIF posing as a PNG: previewed, they showed a broken image.
      { name: "notes.jpg", mimeType: "image/jpeg", buffer: Buffer.from("Shopping list: flour, eggs, butter.\n") },
      { name: "anim.png", mimeType: "image/png", buffer: Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;", "latin1") },
      await pngFile("real.png"),
    ]);
    const refusals = main(page).getByRole("alert").getByRole("listitem");
    await expect(refusals).toHaveText([
      `"notes.jpg" is not a valid image. Upload a JPEG, PNG, WebP or AVIF image.`,
      `"anim.png" is not a supported image type (GIF). Upload a JPEG, PNG, WebP or AVIF image.`,
    ]);
    // Only the real image is in the list, and its preview loaded.
    await expect(page.getByTestId("photo-tile")).toHaveCount(1);
    const preview = page.getByTestId("photo-tile").locator("img");
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  });
});

test.describe("the category picker", () => {
  test("finds Dentists from “den”, is chosen with the keyboard, and its page shows it; additional categories keep to the plan", async ({
    page,
  }) => {
    await signIn(page, "owner");
    await visit(page, "/business/new");
    const name = unique("Bright Smile Dental");
    await field(page, "Business name").fill(name);

    // Keyboard only: type, ArrowDown to the first match, Enter.
    const box = categoryBox(page);
    await box.focus();
    await page.keyboard.type("den");
    await expect(box).toHaveAttribute("aria-expanded", "true");
    const options = categoryList(page).getByRole("option");
    // Seen as "Dentists · Health & Medical"; heard as "Dentists, in Health & Medical".
    await expect(options.first()).toContainText("Health & Medical");
    await expect(options.first()).toHaveAccessibleName("Dentists, in Health & Medical");
    await page.keyboard.press("ArrowDown");
    await expect(box).toHaveAttribute("aria-activedescendant", (await options.first().getAttribute("id"))!);
    await expect(options.first()).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("Enter");
    await expect(box).toHaveValue("Dentists");
    await expect(box).toHaveAttribute("aria-expanded", "false");
    await expect(main(page).getByText("In Health & Medical. Type to change it.")).toBeVisible();
    await expect(main(page).locator('input[type="hidden"][name="primaryCategory"]')).toHaveValue("dentists");

    // Escape closes the list; with nothing typed it browses the whole tree by group.
    await box.fill("");
    await expect(categoryList(page).getByRole("group", { name: "Health & Medical" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(box).toHaveAttribute("aria-expanded", "false");
    await expect(categoryList(page)).toBeHidden();
    await page.keyboard.type("Dentists");

    // "Suitable for" is for entertainment venues only.
    const ages = main(page).getByRole("group", { name: "Suitable for" });
    await expect(ages).toHaveCount(0);

    // Additional categories: the Basic plan's one, the primary one not offered again.
    const more = main(page).getByRole("combobox", { name: "Additional categories" });
    await expect(main(page).getByText("Your plan includes 1 additional category.")).toBeVisible();
    await more.fill("dentist");
    const moreList = main(page).getByRole("listbox", { name: "Additional categories" });
    await expect(moreList.getByRole("option").first()).toHaveAccessibleName(/^Cosmetic Dentists/);
    await expect(moreList.getByRole("option", { name: /^Dentists/ })).toHaveCount(0);
    await more.fill("orthodon");
    await moreList.getByRole("option", { name: /^Orthodontists/ }).click();
    await expect(main(page).getByRole("button", { name: "Remove category Orthodontists" })).toBeVisible();
    await expect(more).toBeDisabled();
    await expect(main(page).getByRole("link", { name: "Upgrade to Featured" }).last()).toHaveAttribute(
      "href",
      "/pricing",
    );

    await field(page, "Address").fill("14 Enamel Way");
    await field(page, "ZIP code").fill("62704");
    await main(page).getByRole("button", { name: "Add Business" }).click();
    await expectToast(page, "Business Added", "Your business has been successfully listed.");
    await expect(page).toHaveURL(/\/business\/edit\/[0-9a-f-]{36}$/);
    const id = page.url().split("/").pop()!;

    // Edit: the stored categories are chosen again.
    await expect(categoryBox(page)).toHaveValue("Dentists");
    await expect(main(page).getByRole("button", { name: "Remove category Orthodontists" })).toBeVisible();
    expect(await managed(page.request, id)).toMatchObject({
      primaryCategory: "dentists",
      category: "health",
      categories: ["orthodontists"],
    });

    await visit(page, `/business/${id}`);
    // The name says "Dental": "Dentists" on the page is the category.
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(main(page)).toContainText("Dentists");
  });

  test("an entertainment category shows “Suitable for”; without JavaScript the picker is a select of the whole tree", async ({
    page,
    browser,
  }) => {
    await signIn(page, "admin");
    await visit(page, "/business/new");
    await pickCategory(page, "escape", "Escape Rooms");
    await expect(main(page).getByRole("group", { name: "Suitable for" })).toBeVisible();
    await pickCategory(page, "pizz", "Pizza");
    await expect(main(page).getByRole("group", { name: "Suitable for" })).toHaveCount(0);

    const noScript = await browser.newContext({ baseURL: BASE_URL, javaScriptEnabled: false });
    await signIn(noScript, "admin");
    const plain = await noScript.newPage();
    await plain.goto("/business/new");
    const select = plain.getByRole("main").getByRole("combobox", { name: /^Category/ });
    await expect(select).toHaveJSProperty("tagName", "SELECT");
    await expect(select).toHaveAttribute("name", "primaryCategory");
    await expect(select.locator("optgroup")).toHaveCount(16);
    await expect(select.locator('optgroup[label="Health & Medical"] option').first()).toHaveText(
      "Health & Medical (general)",
    );
    await select.selectOption("dentists");
    await expect(select).toHaveValue("dentists");
    await noScript.close();
  });
});

test.describe("editing a business", () => {
  test("reorders photos, picks the cover, edits alt text, adds and removes photos, in one save", async ({ page }) => {
    await signIn(page, "admin");
    // Featured: its public page shows all three photos (Basic shows one).
    const listing = await createListing(page.request, { name: unique("Photo Studio"), plan: "featured" });
    for (const [i, color] of [
      { r: 200, g: 30, b: 30 },
      { r: 30, g: 200, b: 30 },
      { r: 30, g: 30, b: 200 },
    ].entries()) {
      const file = await pngFile(`p${i + 1}.png`, 900, 600, color);
      const res = await page.request.post(`/api/v1/businesses/${listing.id}/photos`, {
        headers: { origin: BASE_URL },
        multipart: { photos: file, alt: `Photo ${i + 1}` },
      });
      expect(res.status()).toBe(201);
    }
    const before = (await managed(page.request, listing.id)).photos.map((p) => p.id);

    await visit(page, `/business/edit/${listing.id}`);
    await expect(page.getByRole("heading", { level: 1, name: "Edit Business" })).toBeVisible();
    await expect(page.getByTestId("photo-tile")).toHaveCount(3);
    // Photo 3 becomes the cover; photo 1 (now 2nd) moves later; photo 3 of the new order is removed.
    await main(page).getByRole("button", { name: "Make photo 3 the cover" }).click();
    await expect(field(page, "Alt text for photo 1")).toHaveValue("Photo 3");
    await main(page).getByRole("button", { name: "Move photo 2 later" }).click();
    await expect(field(page, "Alt text for photo 2")).toHaveValue("Photo 2");
    await field(page, "Alt text for photo 1").fill("The blue room");
    await main(page).getByRole("button", { name: "Remove photo 3" }).click();
    await addPhotos(page, [await pngFile("fresh.png", 700, 500)]);
    await field(page, "Alt text for photo 3").fill("A new view");
    await field(page, "Business name").fill(`${listing.name} Renamed`);

    await main(page).getByRole("button", { name: "Save Changes" }).click();
    await expectToast(page, "Business Updated", "Your business information has been updated.");
    await expect(field(page, "Business name")).toHaveValue(`${listing.name} Renamed`);
    await expect(page.getByTestId("photo-tile").filter({ hasText: "New" })).toHaveCount(0);

    const after = await managed(page.request, listing.id);
    expect(after.name).toBe(`${listing.name} Renamed`);
    expect(after.photos.map((p) => p.alt)).toEqual(["The blue room", "Photo 2", "A new view"]);
    expect(after.photos.slice(0, 2).map((p) => p.id)).toEqual([before[2], before[1]]);

    await visit(page, `/business/${listing.id}`);
    const gallery = page.getByTestId("photo-grid").getByRole("button");
    await expect(gallery).toHaveCount(3);
    expect(await gallery.evaluateAll((buttons) => buttons.map((b) => b.getAttribute("aria-label")))).toEqual([
      "Open photo 1 of 3: The blue room",
      "Open photo 2 of 3: Photo 2",
      "Open photo 3 of 3: A new view",
    ]);
  });

  test("a refused save shows the backend's message and keeps everything typed", async ({ page }) => {
    await signIn(page, "admin");
    const listing = await createListing(page.request, { name: unique("Flaky Save") });
    await visit(page, `/business/edit/${listing.id}`);
    await field(page, "Business name").fill("Typed But Not Saved");
    await field(page, "Description").fill("A long description the owner would hate to type twice.");
    // The e2e server's hook (server/e2e-main.ts): this one save's database writes fail, as when PostgreSQL goes away.
    await page.route("**/business/edit/*", async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      await route.continue({ headers: { ...route.request().headers(), "x-near-test-fail": "database-writes" } });
    });
    await main(page).getByRole("button", { name: "Save Changes" }).click();
    const message = "Something went wrong on our side and your changes were not saved. Please try again.";
    await expectToast(page, "Error", message);
    await expect(main(page).getByRole("alert").filter({ hasText: message })).toBeVisible();
    await expect(field(page, "Business name")).toHaveValue("Typed But Not Saved");
    await expect(field(page, "Description")).toHaveValue("A long description the owner would hate to type twice.");
    await page.unroute("**/business/edit/*");

    await main(page).getByRole("button", { name: "Save Changes" }).click();
    await expectToast(page, "Business Updated", "Your business information has been updated.");
    expect((await managed(page.request, listing.id)).name).toBe("Typed But Not Saved");
  });

  test("the owner sees why a listing was rejected, and saving sends it back for review", async ({ page }) => {
    await signIn(page, "owner");
    const created = await page.request.post("/api/v1/businesses", {
      headers: { origin: BASE_URL },
      data: {
        name: unique("Rejected Diner"),
        category: "restaurants",
        address: "2 Side St",
        city: "Springfield",
        state: "IL",
        zip: "62701",
      },
    });
    const { id } = (await created.json()) as { id: string };
    const admin = await page.context().browser()!.newContext({ baseURL: BASE_URL });
    await signIn(admin, "admin");
    const rejected = await admin.request.post(`/api/v1/businesses/${id}/moderation`, {
      headers: { origin: BASE_URL },
      data: { action: "reject", reason: "Please add your opening hours and a photo." },
    });
    expect(rejected.status()).toBe(200);
    await admin.close();

    await visit(page, `/business/edit/${id}`);
    await expect(page.getByTestId("status-notice")).toContainText("Not approved");
    await expect(page.getByTestId("status-reason")).toHaveText("Please add your opening hours and a photo.");
    await main(page).getByRole("button", { name: "Save Changes" }).click();
    await expectToast(page, "Business Updated", "Your business information has been updated.");
    await expect(page.getByTestId("status-notice")).toContainText("Waiting for review");
    await expect(page.getByTestId("status-reason")).toHaveCount(0);
  });
});

test.describe("accessibility", () => {
  test("the open category picker passes axe at 390 px and on a desktop", async ({ page }) => {
    await signIn(page, "owner");
    await visit(page, "/business/new");
    // The whole tree by group on a light desktop; typed matches with their groups on a dark phone.
    for (const [theme, width, typed] of [
      ["light", 1280, ""],
      ["dark", 390, "den"],
    ] as const) {
      await setTheme(page, theme);
      await page.setViewportSize({ width, height: 900 });
      const box = categoryBox(page);
      await box.fill(typed);
      await page.keyboard.press("ArrowDown");
      await expect(box).toHaveAttribute("aria-expanded", "true");
      await expect(box).toHaveAttribute("aria-activedescendant", /.+/);
      await expectNoA11yViolations(page);
    }
  });

  for (const theme of ["light", "dark"] as const) {
    test(`the add and edit forms pass axe (${theme})`, async ({ page }) => {
      await signIn(page, "admin");
      const listing = await createListing(page.request, { name: unique("Axe Place") });
      await visit(page, "/business/new");
      await setTheme(page, theme);
      await expectNoA11yViolations(page);
      // With inline errors showing.
      await main(page).getByRole("button", { name: "Add Business" }).click();
      await expect(main(page).getByText("Business name is required.")).toBeVisible();
      await expectNoA11yViolations(page);

      await visit(page, `/business/edit/${listing.id}`);
      await addPhotos(page, [await pngFile("axe.png", 600, 400)]);
      await expect(page.getByTestId("photo-tile")).toHaveCount(1);
      await expectNoA11yViolations(page);
    });
  }
});
