import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { Database } from "~/.server/db/client";
import { businesses } from "~/.server/db/schema";
import type { SearchEngine } from "~/features/directory/search-engine.server";
import type { SearchParams } from "~/features/directory/search-params";
import type { BusinessCard, NearMeState } from "~/features/directory/types";
import type { ListingCategory } from "~/lib/catalogue";
import { categoryGroup } from "~/lib/category-tree";
import { CATEGORY_PAGE_SIZE, maxPages } from "./page-params";

/** What a category page asks for: the directory's filters, within one category. */
export type CategoryQuery = Pick<
  SearchParams,
  "q" | "kind" | "age" | "open" | "price" | "rating" | "features" | "bbox" | "lat" | "lng" | "near" | "radius" | "sort"
>;

export interface CategoryListings {
  items: BusinessCard[];
  total: number;
  /** False when `total` is a lower bound (the search stopped counting at COUNT_BOUND). */
  totalExact: boolean;
  /** More matches than shown: the page offers "Load More …". */
  hasMore: boolean;
  /** "Near me": where distances are measured from, or the typed place nobody has. */
  nearMe: NearMeState;
}

/**
 * One category page's businesses: filtered, sorted and paged on the server
 * (published listings only; Premium first among equal matches). `pages`
 * counts how many pages (CATEGORY_PAGE_SIZE) are shown, so "Load More" is a plain link
 * (?page=2 shows the first 40) that works without JavaScript and survives
 * a reload.
 */
export async function categoryListings(
  engine: SearchEngine,
  /** A group (the spec's pages) or any category of the tree (/categories/<slug>). */
  category: string,
  query: CategoryQuery,
  pages: number,
  now: Date,
): Promise<CategoryListings> {
  const group: ListingCategory = categoryGroup(category) ?? "services";
  const shown = Math.min(maxPages(group), Math.max(1, Math.floor(pages)));
  const result = await engine.search(
    {
      ...query,
      category,
      page: 1,
      pageSize: shown * CATEGORY_PAGE_SIZE[group],
    },
    now,
  );
  return {
    items: result.items,
    total: result.total,
    totalExact: result.totalExact,
    hasMore: (result.total > result.items.length || !result.totalExact) && shown < maxPages(group),
    nearMe: { origin: result.origin, unknownPlace: result.unknownPlace, near: query.near, radius: query.radius },
  };
}

/**
 * The cuisines published restaurants have (the cuisine dropdown offers the
 * spec's four and then these): walks businesses_status_kind_idx.
 */
export async function restaurantCuisines(db: Database): Promise<string[]> {
  const kind = sql<string>`coalesce(${businesses.cuisine}, ${businesses.subcategory})`;
  const rows = await db
    .selectDistinct({ kind })
    .from(businesses)
    .where(
      and(eq(businesses.status, "published"), eq(businesses.category, "restaurants"), isNotNull(businesses.cuisine)),
    );
  return rows.map((r) => r.kind).sort();
}
