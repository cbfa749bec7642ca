import type { Page } from "@playwright/test";
import { expect, expectToast, signIn, test, visit } from "./admin-support";
import { pickCategory } from "./category-picker-support";
import { expectNoA11yViolations } from "./fixtures";

/**
 * Where a business is (issue 34, docs/maps.md): adding a service-area business through the form (the box swaps the
 * street address for the area; its page shows "Serves: …", no pin, no address, no directions) and a Canadian
 * address (the Country select relabels the region and postal code, which are checked for Canada; the phone is read
 * there and shown internationally on a US site). Axe on the form and on the pages, at 390 px and on a desktop.
 */

let seq = 0;
const unique = (name: string) => `${name} ${Date.now().toString(36)}${++seq}`;
const main = (page: Page) => page.getByRole("main");
/** A control by the start of its label (a required field's label ends in "(required)" for screen readers). */
const field = (page: Page, label: string) => main(page).getByLabel(new RegExp(`^${label.replace(/[()]/g, "\\$&")}`));

async function addAndOpen(page: Page) {
  await main(page).getByRole("button", { name: "Add Business" }).click();
  await expectToast(page, "Business Added", "Your business has been successfully listed.");
  await expect(page).toHaveURL(/\/business\/edit\/[0-9a-f-]{36}$/);
  return page.url().split("/").pop()!;
}

test("an owner adds a business that serves customers at their location: its page shows the area, never an address", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, "owner");
  await visit(page, "/business/new");
  const name = unique("Wagging Wheels Mobile Grooming");
  await field(page, "Business name").fill(name);
  await pickCategory(page, "pet groom", "Pet Groomers");
  await field(page, "Address").fill("12 My Home Street");

  // The box swaps the street address for the service area (CSS, so it would without JavaScript too).
  const serving = main(page).getByLabel("I serve customers at their location (no storefront)");
  await expect(field(page, "Cities or postal codes you serve")).toBeHidden();
  await serving.check();
  await expect(field(page, "Address")).toBeHidden();
  await expect(field(page, "Cities or postal codes you serve")).toBeVisible();
  await expect(field(page, "Radius around your base (km)")).toBeVisible();
  await expectNoA11yViolations(page);

  // Nothing served yet: the server says what's missing, next to the field.
  await main(page).getByRole("button", { name: "Add Business" }).click();
  await expect(
    main(page).getByText("Add the cities or postal codes you serve, or a radius around your base."),
  ).toBeVisible();
  await field(page, "Cities or postal codes you serve").fill("Springfield, Chatham, 62704");
  const id = await addAndOpen(page);
  await expect(main(page).getByLabel("I serve customers at their location (no storefront)")).toBeChecked();
  await expect(field(page, "Cities or postal codes you serve")).toHaveValue("Springfield, Chatham, 62704");

  await visit(page, `/business/${id}`);
  const area = page.getByTestId("service-area");
  await expect(area).toContainText("Serves: Springfield, Chatham and 62704");
  await expect(area).toContainText("Based in Springfield, IL");
  await expect(page.getByTestId("hero-address")).toHaveText("Serves Springfield, Chatham and 62704");
  await expect(page.getByRole("heading", { name: "Service area" })).toBeVisible();
  await expect(page.getByTestId("get-directions")).toHaveCount(0);
  await expect(page.getByRole("link", { name: /Get Directions/ })).toHaveCount(0);
  await expect(page.getByText("12 My Home Street")).toHaveCount(0);
  await expect(page.getByLabel(/^Map (of|placeholder for)/)).toHaveCount(0);
  await expectNoA11yViolations(page);
});

test("an owner adds a Canadian business: the form speaks Canada's address and checks its postal code", async ({
  page,
}) => {
  await signIn(page, "owner");
  await visit(page, "/business/new");
  const name = unique("Prairie Bean Roasters YEG");
  await field(page, "Business name").fill(name);
  await pickCategory(page, "coffee", "Cafe & Coffee");
  // The site's country first; Canada relabels the region and the postal code.
  await expect(field(page, "Country")).toHaveValue("US");
  await expect(field(page, "ZIP code")).toBeVisible();
  await field(page, "Country").selectOption("CA");
  await expect(field(page, "Province")).toBeVisible();
  await expect(field(page, "Postal code")).toBeVisible();
  await field(page, "Address").fill("10150 100 St NW");
  await field(page, "City").fill("Edmonton");
  await field(page, "Province").fill("AB");
  await field(page, "Postal code").fill("62701");
  await field(page, "Phone").fill("(780) 555-0100");
  await main(page).getByRole("button", { name: "Add Business" }).click();
  await expect(main(page).getByText("Enter a valid postal code, like T5J 0N3.")).toBeVisible();
  await expect(field(page, "Postal code")).toHaveAttribute("aria-invalid", "true");
  await expectNoA11yViolations(page);

  await field(page, "Postal code").fill("t5j0n3");
  const id = await addAndOpen(page);
  await expect(field(page, "Country")).toHaveValue("CA");
  await expect(field(page, "Postal code")).toHaveValue("T5J 0N3");
  await expect(field(page, "Phone")).toHaveValue("(780) 555-0100");

  await visit(page, `/business/${id}`);
  const address = page.getByTestId("business-address");
  await expect(address).toContainText("10150 100 St NW");
  await expect(address).toContainText("Edmonton, AB T5J 0N3");
  await expect(address).toContainText("Canada");
  // A Canadian number on a US site: the international format, the E.164 number to call.
  await expect(page.getByRole("link", { name: "+1 780 555 0100" })).toHaveAttribute("href", "tel:+17805550100");
  await expectNoA11yViolations(page);
});
