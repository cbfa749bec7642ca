import type { AppLoadContext } from "react-router";
import { noteSearchAppearances } from "~/features/stats/recording.server";
import { emptyResult } from "~/features/directory/search-query";
import { sharedSearch } from "~/features/directory/shared-search.server";
import { parseSearchUrl } from "~/features/directory/search-url";
import type { SearchResult } from "~/features/directory/types";
import { itemListJsonLd, type JsonLdObject } from "~/features/seo/json-ld";

export interface SearchPageData {
  params: ReturnType<typeof parseSearchUrl>["params"];
  ignored: string[];
  result: SearchResult;
  /** The spec's "Search failure": the page shows the "Error" toast and empty results. */
  error: boolean;
  /** The page's schema.org data, built here so its builders stay out of the browser's JavaScript. */
  jsonLd: JsonLdObject[];
}

/** /search: lenient filters from the URL, the query, and a failure turned into empty results (never a 500). */
export async function loadSearchPage(request: Request, context: AppLoadContext): Promise<SearchPageData> {
  const { params, ignored } = parseSearchUrl(new URL(request.url).searchParams);
  try {
    // The search engine reads the replica when there is one (a second of lag is fine for a visitor's search); the
    // appearances below are writes and go to the primary.
    const result = await sharedSearch(context).search(params, context.clock.now());
    // One search appearance per listed business (listing stats), not awaited: the page doesn't wait for it.
    void noteSearchAppearances(
      context,
      request,
      result.items.map((b) => b.id),
    );
    const offset = (result.page - 1) * result.pageSize;
    const jsonLd = result.items.length
      ? [itemListJsonLd(context.config, result.items, { name: "Search results", offset })]
      : [];
    return { params, ignored, result, error: false, jsonLd };
  } catch (error) {
    context.logger.error("Search failed", { error: error instanceof Error ? error.message : String(error) });
    return { params, ignored, result: emptyResult(params.page, params.pageSize), error: true, jsonLd: [] };
  }
}
