import { AGE_GROUP_OPTIONS, SUBCATEGORY_OPTIONS } from "~/lib/catalogue";
import type { SelectOption } from "./components/category-layout";

export type { SelectOption };

/** The category pages' dropdowns: "all" and then the spec's values (restaurants: page-params.ts cuisineOptions). */
export const SHOPPING_CATEGORIES: readonly SelectOption[] = [
  { value: "all", label: "All Categories" },
  ...SUBCATEGORY_OPTIONS.shopping,
];

export const SERVICE_TYPES: readonly SelectOption[] = [
  { value: "all", label: "All Services" },
  ...SUBCATEGORY_OPTIONS.services,
];

export const ENTERTAINMENT_TYPES: readonly SelectOption[] = [
  { value: "all", label: "All Types" },
  ...SUBCATEGORY_OPTIONS.entertainment,
];

export const AGE_GROUPS: readonly SelectOption[] = [{ value: "all", label: "All Ages" }, ...AGE_GROUP_OPTIONS];

/** The value of a dropdown from the URL, or "all" when missing or unknown. */
export function pickOption(options: readonly SelectOption[], value: string | null): string {
  return value && options.some((o) => o.value === value) ? value : "all";
}

export function optionLabel(options: readonly SelectOption[], value: string): string {
  return options.find((o) => o.value === value)?.label ?? value;
}
