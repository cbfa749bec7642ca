import type { AppLoadContext } from "react-router";
import { uncachedPublicData } from "~/.server/public-data";
import { popularKinds, type PopularKind } from "~/features/directory/popular-kinds.server";
import { sponsoredBusinesses, trendingBusinesses } from "~/features/directory/queries.server";
import { SEARCH_CATEGORIES } from "~/features/directory/search-query";
import type { BusinessCard, CategorySlug } from "~/features/directory/types";

export interface HomeData {
  /** null when the directory couldn't be read (the spec: only logged, nothing shown). */
  trending: BusinessCard[] | null;
  /** Premium's homepage exposure: the site's city's Premium listings, in turn (none: no Sponsored row). */
  sponsored: BusinessCard[];
  /** Each category's places in the site's city: exact up to the search's count bound, then "1,000+". */
  categoryCounts: Partial<Record<CategorySlug, { total: number; exact: boolean }>>;
  /** The "Popular:" chips: the cuisines and kinds the site's city has most listings of (none: no chips). */
  popular: PopularKind[];
}

/**
 * The home page: three trending businesses (earned: views and reviews, never the plan), the Sponsored row of Premium
 * listings and how many places each category has (read from the replica, if any).
 */
export async function loadHome(context: AppLoadContext): Promise<HomeData> {
  try {
    // The same for everyone, signed in or not: computed once per change (app/.server/public-data.ts).
    return await (context.publicData ?? uncachedPublicData).get("home", async () => {
      const now = context.clock.now();
      const site = { city: context.config.SITE_CITY, state: context.config.SITE_STATE };
      const [trending, sponsored, popular, ...counts] = await Promise.all([
        trendingBusinesses(context.readDb, 3, now),
        sponsoredBusinesses(context.readDb, site, now),
        popularKinds(context.readDb, site),
        ...SEARCH_CATEGORIES.map((category) => context.search.search({ category, page: 1, pageSize: 1 }, now)),
      ]);
      const categoryCounts = Object.fromEntries(
        SEARCH_CATEGORIES.map((c, i) => [c, { total: counts[i]?.total ?? 0, exact: counts[i]?.totalExact ?? true }]),
      );
      return { trending, sponsored, categoryCounts, popular };
    });
  } catch (error) {
    context.logger.error("Home: loading businesses failed", {
      error: error instanceof Error ? error.message : String(error),
    });
    return { trending: null, sponsored: [], categoryCounts: {}, popular: [] };
  }
}
