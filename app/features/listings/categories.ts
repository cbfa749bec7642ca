import { CATEGORY_OPTIONS, type ListingCategory } from "~/lib/catalogue-basics";
import {
  categoryForKind,
  categoryGroup,
  categoryName,
  groupKindOptions,
  kindOfCategory,
  resolveCategory,
} from "~/lib/category-tree";

/**
 * A listing's categories (issue 34, ADR 019): the primary category (a slug of the tree) decides the group
 * (`category`) and the spec's facets (`cuisine` for restaurants, `subcategory` for the rest), which are never set on
 * their own. Clients of the spec's shape still send a group and a kind ("restaurants" + "italian"): that names the
 * primary category just as well.
 */

export interface CategoryFields {
  category?: string | null;
  cuisine?: string | null;
  subcategory?: string | null;
  primaryCategory?: string | null;
  categories?: string[] | null;
}

export interface SettledCategories {
  category: ListingCategory;
  primaryCategory: string;
  cuisine: string | null;
  subcategory: string | null;
}

export const CATEGORY_MESSAGES = {
  categoryRequired: "Choose a category.",
  primaryUnknown: "Choose a category from the list.",
  cuisineInvalid: "Choose a cuisine from the list.",
  subcategoryInvalid: "Choose a type from the list.",
  cuisineNotRestaurant: "Only restaurants have a cuisine.",
  subcategoryRestaurant: "Restaurants have a cuisine, not a type.",
} as const;

const groupLabel = (group: string) => CATEGORY_OPTIONS.find((o) => o.value === group)?.label ?? group;

/** "Dentists is in Health & Medical, not Services.": a group and a primary category that disagree. */
export const groupMismatch = (primary: string, group: string) =>
  `${categoryName(primary)} is in ${groupLabel(categoryGroup(primary) ?? "")}, not ${groupLabel(group)}.`;

/** The additional category an entry names ("Dentists", "dentist", "dentists"); null: none. */
export const additionalCategory = (entry: string) => resolveCategory(entry);

/** The kind a client sent names a category of its group: a spec kind ("home"), or a category's name or slug. */
function kindCategory(group: ListingCategory, kind: string): string | null {
  if (groupKindOptions(group).some((o) => o.value === kind)) return categoryForKind(group, kind);
  const slug = resolveCategory(kind);
  return slug && categoryGroup(slug) === group && slug !== group ? slug : null;
}

/**
 * The settled group, primary category and facets of what a client sent, or the issues (field paths as the form
 * names them). `primaryCategory` must already be a slug (the schema resolves names).
 */
export function settleCategories(v: CategoryFields): {
  value?: SettledCategories;
  issues: { path: string; message: string }[];
} {
  const issues: { path: string; message: string }[] = [];
  const cuisine = v.cuisine ?? null;
  const subcategory = v.subcategory ?? null;
  let primary = v.primaryCategory ?? null;
  if (primary !== null) {
    const group = categoryGroup(primary);
    if (!group) return { issues: [{ path: "primaryCategory", message: CATEGORY_MESSAGES.primaryUnknown }] };
    if (v.category && v.category !== group)
      issues.push({ path: "category", message: groupMismatch(primary, v.category) });
  } else if (v.category) {
    const group = v.category as ListingCategory;
    if (!categoryGroup(group)) return { issues: [{ path: "category", message: CATEGORY_MESSAGES.categoryRequired }] };
    const restaurant = group === "restaurants";
    if (restaurant && subcategory !== null)
      issues.push({ path: "subcategory", message: CATEGORY_MESSAGES.subcategoryRestaurant });
    if (!restaurant && cuisine !== null)
      issues.push({ path: "cuisine", message: CATEGORY_MESSAGES.cuisineNotRestaurant });
    const kind = restaurant ? cuisine : subcategory;
    if (kind === null || kind === "other") primary = group;
    else {
      primary = kindCategory(group, kind);
      if (!primary)
        issues.push(
          restaurant
            ? { path: "cuisine", message: CATEGORY_MESSAGES.cuisineInvalid }
            : { path: "subcategory", message: CATEGORY_MESSAGES.subcategoryInvalid },
        );
    }
  } else {
    issues.push({ path: "category", message: CATEGORY_MESSAGES.categoryRequired });
  }
  if (issues.length || primary === null) return { issues };
  const group = categoryGroup(primary)!;
  const kind = kindOfCategory(primary);
  return {
    issues,
    value: {
      category: group,
      primaryCategory: primary,
      cuisine: group === "restaurants" ? kind : null,
      subcategory: group === "restaurants" ? null : kind,
    },
  };
}

/** The additional categories as stored: once each, neither the primary category nor its group. */
export function additionalCategories(categories: readonly string[], settled: SettledCategories): string[] {
  return [...new Set(categories)].filter((c) => c !== settled.primaryCategory && c !== settled.category);
}
