import { sharedSearch } from "~/features/directory/shared-search.server";
import type { AppLoadContext } from "react-router";
import { noteSearchAppearances } from "~/features/stats/recording.server";
import type { ServicesFilters } from "~/features/categories/components/services-view";
import { categoryListings } from "~/features/categories/listings.server";
import { pickOption, SERVICE_TYPES } from "~/features/categories/options";
import { pagesParam, textParam } from "~/features/categories/page-params";
import { locationParams } from "~/features/categories/location-params.server";
import type { BusinessCard, NearMeState } from "~/features/directory/types";

export interface ServicesData {
  filters: ServicesFilters;
  providers: BusinessCard[];
  total: number;
  totalExact?: boolean;
  hasMore: boolean;
  nearMe: NearMeState;
}

/** /categories/services?q=&type=&page=: published providers, filtered and paged on the server. */
export async function loadServices(request: Request, context: AppLoadContext): Promise<ServicesData> {
  const url = new URL(request.url).searchParams;
  const filters = {
    q: textParam(url),
    type: pickOption(SERVICE_TYPES, url.get("type")),
    page: pagesParam(url, "services"),
  };
  const location = locationParams(url);
  try {
    const result = await categoryListings(
      sharedSearch(context),
      "services",
      {
        ...location,
        q: filters.q || undefined,
        kind: filters.type === "all" ? undefined : filters.type,
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
      providers: result.items,
      total: result.total,
      totalExact: result.totalExact,
      hasMore: result.hasMore,
      nearMe: result.nearMe,
    };
  } catch (error) {
    // The spec: a failed business load is only logged.
    context.logger.error("Services: search failed", { error: error instanceof Error ? error.message : String(error) });
    return { filters, providers: [], total: 0, hasMore: false, nearMe: { origin: null } };
  }
}
