import type { SelectOption } from "./components/category-layout";

/** The spec's dropdown values (value → label), shared by the pages and, later, the data. */
export const SHOPPING_CATEGORIES: readonly SelectOption[] = [
  { value: "all", label: "All Categories" },
  { value: "clothing", label: "Clothing & Apparel" },
  { value: "jewelry", label: "Jewelry & Accessories" },
  { value: "gifts", label: "Gifts & Specialty" },
  { value: "home", label: "Home & Decor" },
];

export const SERVICE_TYPES: readonly SelectOption[] = [
  { value: "all", label: "All Services" },
  { value: "plumbing", label: "Plumbing" },
  { value: "electrical", label: "Electrical" },
  { value: "cleaning", label: "Cleaning" },
  { value: "landscaping", label: "Landscaping" },
];

export const ENTERTAINMENT_TYPES: readonly SelectOption[] = [
  { value: "all", label: "All Types" },
  { value: "theater", label: "Theater & Shows" },
  { value: "arcade", label: "Arcade & Games" },
  { value: "escape", label: "Escape Rooms" },
  { value: "attractions", label: "Attractions" },
];

export const AGE_GROUPS: readonly SelectOption[] = [
  { value: "all", label: "All Ages" },
  { value: "kids", label: "Kids (0-12)" },
  { value: "teens", label: "Teens (13-17)" },
  { value: "adults", label: "Adults (18+)" },
  { value: "family", label: "Family-Friendly" },
];

export const CUISINES: readonly SelectOption[] = [
  { value: "all", label: "All Cuisines" },
  { value: "italian", label: "Italian" },
  { value: "chinese", label: "Chinese" },
  { value: "mexican", label: "Mexican" },
  { value: "indian", label: "Indian" },
];

/** The value of a dropdown from the URL, or "all" when missing or unknown. */
export function pickOption(options: readonly SelectOption[], value: string | null): string {
  return value && options.some((o) => o.value === value) ? value : "all";
}

export function optionLabel(options: readonly SelectOption[], value: string): string {
  return options.find((o) => o.value === value)?.label ?? value;
}
