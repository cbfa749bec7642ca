import type { AppLoadContext } from "react-router";
import { uncachedPublicData } from "~/.server/public-data";
import type { SearchEngine } from "./search-engine.server";

const KEY_PREFIX = "search ";

/**
 * The search engine as pages use it: a search's results are the same for every visitor, signed in or not, so they
 * are kept in the request's public data (app/.server/public-data.ts) — for PAGE_CACHE_SECONDS, dropped by any write
 * and by any public change — instead of being read again for every signed-in page (issue 13: a search page was 6–11
 * queries). Like a page from the anonymous page cache, "open now" is as old as the entry at most. What is per visitor
 * (search appearances, favourites) stays outside.
 */
export function sharedSearch(context: AppLoadContext): SearchEngine {
  const publicData = context.publicData ?? uncachedPublicData;
  return {
    search: (params, now) =>
      publicData.get(`${KEY_PREFIX}${JSON.stringify(params)}`, () => context.search.search(params, now)),
    suggest: (text) => context.search.suggest(text),
  };
}
