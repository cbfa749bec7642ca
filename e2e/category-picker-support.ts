import type { Locator, Page } from "@playwright/test";
import { expect } from "./fixtures";

/** The listing form's "Category" picker (a combobox once hydrated; its label ends in "(required)"). */
export const categoryBox = (page: Page): Locator => page.getByRole("main").getByRole("combobox", { name: /^Category/ });

/** The picker's open list. */
export const categoryList = (page: Page): Locator =>
  page.getByRole("main").getByRole("listbox", { name: "Categories" });

/**
 * Chooses the primary category as a person would: types a few letters and clicks the option whose name starts with
 * `option` ("Italian" matches "Italian, in Restaurants").
 */
export async function pickCategory(page: Page, typed: string, option = typed) {
  const box = categoryBox(page);
  await box.fill(typed);
  await categoryList(page)
    .getByRole("option", { name: new RegExp(`^${option.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\b`) })
    .first()
    .click();
  await expect(box).toHaveValue(option);
  await expect(box).toHaveAttribute("aria-expanded", "false");
}
