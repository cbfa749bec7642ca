import type { AppLoadContext } from "react-router";
import { CUISINES, pickOption } from "~/features/categories/options";
import { searchBusinesses } from "~/features/directory/queries.server";
import { PAGE_SIZE } from "~/features/directory/search-params";
import { parseSearchUrl } from "~/features/directory/search-url";
import { PRICE_RANGES } from "~/lib/catalogue";
import type { BusinessCard } from "~/features/directory/types";

/** "Load More" shows up to this many pages at once (200 restaurants). */
const MAX_PAGES = 10;
const RATINGS = ["3", "4", "4.5"];

export interface RestaurantsData {
  filters: { q: string; cuisine: string; open: boolean; price: string; rating: string; page: number };
  restaurants: BusinessCard[];
  total: number;
  hasMore: boolean;
}

/**
 * /categories/restaurants: the directory search with category=restaurants.
 * `page` counts how many pages of 20 are shown, so "Load More" is a plain
 * link (?page=2 shows the first 40) that works without JavaScript and
 * survives a reload. Bad values fall back to "all".
 */
export async function loadRestaurants(request: Request, context: AppLoadContext): Promise<RestaurantsData> {
  const url = new URL(request.url).searchParams;
  const pick = (value: string | null, allowed: readonly string[]) => (value && allowed.includes(value) ? value : "all");
  const filters = {
    q: (url.get("q") ?? "").trim().slice(0, 200),
    cuisine: pickOption(CUISINES, url.get("cuisine")),
    open: url.get("open") === "1",
    price: pick(url.get("price"), PRICE_RANGES),
    rating: pick(url.get("rating"), RATINGS),
    page: Math.min(MAX_PAGES, Math.max(1, Math.floor(Number(url.get("page")) || 1))),
  };
  const { params } = parseSearchUrl(
    new URLSearchParams({
      category: "restaurants",
      ...(filters.q ? { q: filters.q } : {}),
      ...(filters.cuisine !== "all" ? { kind: filters.cuisine } : {}),
      ...(filters.open ? { open: "1" } : {}),
      ...(filters.price !== "all" ? { price: filters.price } : {}),
      ...(filters.rating !== "all" ? { rating: filters.rating } : {}),
    }),
  );
  try {
    const result = await searchBusinesses(context.db, { ...params, page: 1, pageSize: filters.page * PAGE_SIZE });
    return { filters, restaurants: result.items, total: result.total, hasMore: result.total > result.items.length && filters.page < MAX_PAGES };
  } catch (error) {
    // The spec: a failed business load is only logged.
    context.logger.error("Restaurants: search failed", { error: error instanceof Error ? error.message : String(error) });
    return { filters, restaurants: [], total: 0, hasMore: false };
  }
}
