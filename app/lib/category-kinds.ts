/**
 * The spec's facets over the category tree: each group's kinds (its direct children) as the listing form, the API's
 * validation and the spec's pages name them. Apart from catalogue.ts, which every page's code loads: this one brings
 * the whole tree (about 30 KB), so only server code and the pages that need the tree import it.
 */

import { LISTING_CATEGORIES, type ListingCategory, type Option } from "./catalogue-basics";
import { groupKindOptions } from "./category-tree";

/** Restaurants: the cuisines (the category tree's children of Restaurants; the spec's four first), then "Other". */
export const CUISINE_OPTIONS: readonly Option[] = [
  ...groupKindOptions("restaurants"),
  { value: "other", label: "Other" },
];

/**
 * Every group's kinds (its direct children in the category tree, the spec's first), then "Other": what the
 * `subcategory` facet may hold. Listings of kinds beyond the spec's show under "All" on the spec's category pages.
 */
export const LISTING_KIND_OPTIONS = Object.fromEntries(
  LISTING_CATEGORIES.filter((c) => c !== "restaurants").map((c) => [
    c,
    [...groupKindOptions(c), { value: "other", label: "Other" }],
  ]),
) as unknown as Record<Exclude<ListingCategory, "restaurants">, readonly Option[]>;

/** The kinds an owner can choose in the listing form (cuisines for restaurants). */
export function kindOptions(category: ListingCategory | "" | undefined): readonly Option[] {
  if (!category) return [];
  return category === "restaurants" ? CUISINE_OPTIONS : LISTING_KIND_OPTIONS[category];
}
