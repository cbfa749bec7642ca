import type { AppLoadContext } from "react-router";
import { categoryListings, type CategoryListings } from "~/features/categories/listings.server";
import { locationParams } from "~/features/categories/location-params.server";
import { pickOption, type SelectOption } from "~/features/categories/options";
import { pagesParam, textParam } from "~/features/categories/page-params";
import { sharedSearch } from "~/features/directory/shared-search.server";
import { noteSearchAppearances } from "~/features/stats/recording.server";

/** The shared search's answer, and the filters it was asked with. */
export type KindListings = CategoryListings & {
  q: string;
  /** The chosen kind (a value of the page's options), or "all". */
  kind: string;
  page: number;
};

/**
 * The shopping and services pages: published listings of one category, narrowed by text and by one kind (the
 * `param` query parameter, one of `options`), near a place, paged on the server. A failed search is only logged (the
 * spec): the page shows no results.
 */
export async function loadKindListings(
  request: Request,
  context: AppLoadContext,
  page: { category: "shopping" | "services"; param: string; options: readonly SelectOption[]; label: string },
): Promise<KindListings> {
  const url = new URL(request.url).searchParams;
  const q = textParam(url);
  const kind = pickOption(page.options, url.get(page.param));
  const pageNumber = pagesParam(url, page.category);
  try {
    const result = await categoryListings(
      sharedSearch(context),
      page.category,
      { ...locationParams(url), q: q || undefined, kind: kind === "all" ? undefined : kind },
      pageNumber,
      context.clock.now(),
    );
    // One search appearance per listed business (listing stats), not awaited.
    void noteSearchAppearances(
      context,
      request,
      result.items.map((b) => b.id),
    );
    return { q, kind, page: pageNumber, ...result };
  } catch (error) {
    context.logger.error(`${page.label}: search failed`, {
      error: error instanceof Error ? error.message : String(error),
    });
    return {
      q,
      kind,
      page: pageNumber,
      items: [],
      total: 0,
      totalExact: true,
      hasMore: false,
      nearMe: { origin: null },
    };
  }
}
