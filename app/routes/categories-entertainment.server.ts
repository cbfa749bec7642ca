import { sharedSearch } from "~/features/directory/shared-search.server";
import type { AppLoadContext } from "react-router";
import { noteSearchAppearances } from "~/features/stats/recording.server";
import type { EntertainmentFilters } from "~/features/categories/components/entertainment-view";
import { categoryListings } from "~/features/categories/listings.server";
import { AGE_GROUPS, ENTERTAINMENT_TYPES, pickOption } from "~/features/categories/options";
import { pagesParam, textParam } from "~/features/categories/page-params";
import { locationParams } from "~/features/categories/location-params.server";
import type { BusinessCard, NearMeState } from "~/features/directory/types";
import type { AGE_GROUPS as AGE_GROUP_VALUES } from "~/lib/catalogue";

export interface EntertainmentData {
  filters: EntertainmentFilters;
  venues: BusinessCard[];
  total: number;
  totalExact?: boolean;
  hasMore: boolean;
  nearMe: NearMeState;
}

/** /categories/entertainment?q=&type=&age=&page=: published venues, filtered and paged on the server. */
export async function loadEntertainment(request: Request, context: AppLoadContext): Promise<EntertainmentData> {
  const url = new URL(request.url).searchParams;
  const filters = {
    q: textParam(url),
    type: pickOption(ENTERTAINMENT_TYPES, url.get("type")),
    age: pickOption(AGE_GROUPS, url.get("age")),
    page: pagesParam(url, "entertainment"),
  };
  const location = locationParams(url);
  try {
    const result = await categoryListings(
      sharedSearch(context),
      "entertainment",
      {
        ...location,
        q: filters.q || undefined,
        kind: filters.type === "all" ? undefined : filters.type,
        age: filters.age === "all" ? undefined : (filters.age as (typeof AGE_GROUP_VALUES)[number]),
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
      venues: result.items,
      total: result.total,
      totalExact: result.totalExact,
      hasMore: result.hasMore,
      nearMe: result.nearMe,
    };
  } catch (error) {
    // The spec: a failed business load is only logged.
    context.logger.error("Entertainment: search failed", {
      error: error instanceof Error ? error.message : String(error),
    });
    return { filters, venues: [], total: 0, hasMore: false, nearMe: { origin: null } };
  }
}
