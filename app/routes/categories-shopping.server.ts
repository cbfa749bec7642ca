import { sharedSearch } from "~/features/directory/shared-search.server";
import type { AppLoadContext } from "react-router";
import { noteSearchAppearances } from "~/features/stats/recording.server";
import type { ShoppingFilters } from "~/features/categories/components/shopping-view";
import { categoryListings } from "~/features/categories/listings.server";
import { pickOption, SHOPPING_CATEGORIES } from "~/features/categories/options";
import { pagesParam, textParam } from "~/features/categories/page-params";
import { locationParams } from "~/features/categories/location-params.server";
import type { BusinessCard, NearMeState } from "~/features/directory/types";

export interface ShoppingData {
  filters: ShoppingFilters;
  stores: BusinessCard[];
  total: number;
  totalExact?: boolean;
  hasMore: boolean;
  nearMe: NearMeState;
}

/** /categories/shopping?q=&category=&page=: published shops, filtered and paged on the server. */
export async function loadShopping(request: Request, context: AppLoadContext): Promise<ShoppingData> {
  const url = new URL(request.url).searchParams;
  const filters = {
    q: textParam(url),
    category: pickOption(SHOPPING_CATEGORIES, url.get("category")),
    page: pagesParam(url, "shopping"),
  };
  const location = locationParams(url);
  try {
    const result = await categoryListings(
      sharedSearch(context),
      "shopping",
      {
        ...location,
        q: filters.q || undefined,
        kind: filters.category === "all" ? undefined : filters.category,
      },
      filters.page,
      context.clock.now(),
    );
    // One search appearance per listed business (listing stats), not awaited.
    void noteSearchAppearances(
      context,
      request,
      result.items.map((b) => b.id),
    );
    return {
      filters,
      stores: result.items,
      total: result.total,
      totalExact: result.totalExact,
      hasMore: result.hasMore,
      nearMe: result.nearMe,
    };
  } catch (error) {
    // The spec: a failed business load is only logged.
    context.logger.error("Shopping: search failed", { error: error instanceof Error ? error.message : String(error) });
    return { filters, stores: [], total: 0, hasMore: false, nearMe: { origin: null } };
  }
}
