import { uncachedPublicData } from "~/.server/public-data";
import { sharedSearch } from "~/features/directory/shared-search.server";
import type { AppLoadContext } from "react-router";
import { noteSearchAppearances } from "~/features/stats/recording.server";
import { categoryListings, restaurantCuisines } from "~/features/categories/listings.server";
import type { SelectOption } from "~/features/categories/components/category-layout";
import { pickOption } from "~/features/categories/options";
import { cuisineOptions } from "~/features/categories/cuisine-options.server";
import { pagesParam, RESTAURANT_RATINGS, textParam, type RestaurantFilters } from "~/features/categories/page-params";
import { locationParams } from "~/features/categories/location-params.server";
import type { BusinessCard, NearMeState } from "~/features/directory/types";
import { PRICE_RANGES, RESTAURANT_FEATURES, type PriceRange } from "~/lib/catalogue";

export interface RestaurantsData {
  filters: RestaurantFilters;
  cuisines: SelectOption[];
  restaurants: BusinessCard[];
  total: number;
  totalExact?: boolean;
  hasMore: boolean;
  nearMe: NearMeState;
}

/**
 * /categories/restaurants?q=&cuisine=&open=1&rating=&price=&feature=…&page=:
 * published restaurants, filtered, sorted and paged on the server. Bad
 * values fall back to "all"; unknown features are dropped.
 */
export async function loadRestaurants(request: Request, context: AppLoadContext): Promise<RestaurantsData> {
  const url = new URL(request.url).searchParams;
  const pick = (value: string | null, allowed: readonly string[]) => (value && allowed.includes(value) ? value : "all");
  // The same for everyone: kept with the searches (app/.server/public-data.ts).
  const present = await (context.publicData ?? uncachedPublicData)
    .get("restaurant-cuisines", () => restaurantCuisines(context.readDb))
    .catch(() => []);
  const cuisines = cuisineOptions(present);
  const features = url.getAll("feature").filter((f) => (RESTAURANT_FEATURES as readonly string[]).includes(f));
  const filters: RestaurantFilters = {
    q: textParam(url),
    cuisine: pickOption(cuisines, url.get("cuisine")),
    open: url.get("open") === "1",
    rating: pick(url.get("rating"), RESTAURANT_RATINGS),
    price: pick(url.get("price"), PRICE_RANGES),
    features: [...new Set(features)],
    page: pagesParam(url, "restaurants"),
  };
  const location = locationParams(url);
  try {
    const result = await categoryListings(
      sharedSearch(context),
      "restaurants",
      {
        ...location,
        q: filters.q || undefined,
        kind: filters.cuisine === "all" ? undefined : filters.cuisine,
        open: filters.open || undefined,
        rating: filters.rating === "all" ? undefined : Number(filters.rating),
        price: filters.price === "all" ? undefined : [filters.price as PriceRange],
        features: filters.features.length ? filters.features : undefined,
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
      cuisines,
      restaurants: result.items,
      total: result.total,
      totalExact: result.totalExact,
      hasMore: result.hasMore,
      nearMe: result.nearMe,
    };
  } catch (error) {
    // The spec: a failed business load is only logged.
    context.logger.error("Restaurants: search failed", {
      error: error instanceof Error ? error.message : String(error),
    });
    return { filters, cuisines, restaurants: [], total: 0, hasMore: false, nearMe: { origin: null } };
  }
}
