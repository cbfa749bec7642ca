import { LIMITS, LISTING_CATEGORIES, type ListingCategory } from "~/lib/catalogue";
import { stripControlChars } from "~/lib/text";
import { kindLabel } from "~/features/directory/labels";

/**
 * The category pages' URLs: each page's filters live in its query string
 * (?q=…&category=…&page=2), read leniently — a bad value falls back to "all"
 * and never fails the page.
 */

/**
 * Cards per "page" (each "Load More" adds one): multiples of the grid's one, two and three columns, so every page
 * ends on a full row (issue 40, defect 19: Restaurants' 20 left two cards alone in a row of three). Restaurants, the
 * largest list, shows 24; the other pages 12.
 */
export const CATEGORY_PAGE_SIZE: Record<ListingCategory, number> = {
  ...(Object.fromEntries(LISTING_CATEGORIES.map((c) => [c, 12])) as Record<ListingCategory, number>),
  restaurants: 24,
};

/** "Load More" shows at most this many businesses at once; past it, the page asks for narrower filters. */
export const MAX_SHOWN = 200;

export function maxPages(category: ListingCategory): number {
  return Math.floor(MAX_SHOWN / CATEGORY_PAGE_SIZE[category]);
}

/** The search text: control characters dropped, trimmed, at most 200 characters. */
export function textParam(params: URLSearchParams, name = "q"): string {
  return stripControlChars(params.get(name) ?? "")
    .trim()
    .slice(0, LIMITS.search);
}

/** How many pages are shown (1 … maxPages). */
export function pagesParam(params: URLSearchParams, category: ListingCategory): number {
  return Math.min(maxPages(category), Math.max(1, Math.floor(Number(params.get("page")) || 1)));
}

/** The canonical query string of a page's filters: defaults ("", "all", false, page 1) left out. */
export function pageQuery(values: Record<string, string | number | boolean | readonly string[] | undefined>): string {
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (Array.isArray(value)) for (const v of value) out.append(key, v);
    else if (key === "page") {
      if (typeof value === "number" && value > 1) out.set(key, String(value));
    } else if (value === true) out.set(key, "1");
    else if (typeof value === "string" && value.trim() && value !== "all") out.set(key, value.trim());
  }
  const s = out.toString();
  return s ? `?${s}` : "";
}

/**
 * A card's kind: the spec's label for the spec's kinds, else the kind's own words ("dry-cleaning" → "Dry cleaning"):
 * the tree's names stay on the server (app/lib/category-kinds.ts), out of these pages' JavaScript.
 */
export function kindName(options: readonly { value: string; label: string }[], kind: string | null | undefined) {
  return options.find((o) => o.value === kind)?.label ?? kindLabel(kind);
}

/** Restaurants: the minimum ratings the page offers. */
export const RESTAURANT_RATINGS = ["3", "3.5", "4", "4.5"] as const;

/** Restaurants: the page's filters as they live in its URL (?q=&cuisine=&open=1&rating=&price=&feature=…&page=). */
export interface RestaurantFilters {
  q: string;
  cuisine: string;
  open: boolean;
  rating: string;
  price: string;
  features: string[];
  page: number;
}
