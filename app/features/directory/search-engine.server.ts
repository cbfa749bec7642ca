import type { Database } from "~/.server/db/client";
import { searchBusinesses } from "./queries.server";
import type { SearchParams } from "./search-params";
import type { SiteCity } from "./search-query";
import type { SuggestResponse } from "./suggest";
import { suggest } from "./suggest.server";
import type { SearchResult } from "./types";

/**
 * The directory's search, as the pages and the API use it: ranked, filtered, paged results and the search box's
 * suggestions. The server builds one at boot over the read handle (a replica when DATABASE_READ_URL is set) and
 * hands it to every request as `search` (server/services.ts).
 *
 * Why an interface over two functions: today PostgreSQL does the work (full-text ranking, pg_trgm typo tolerance,
 * earthdistance), which carries a city or a state comfortably. A dedicated engine (Meilisearch, Typesense,
 * OpenSearch), fed from the change feed, can replace it behind this same interface when the directory outgrows that
 * — tens of millions of listings, or faceted counts over a whole country (docs/deploy.md, "Scale-out for search";
 * docs/decisions/011-read-replica-and-search-interface.md) — without touching a loader or an API handler.
 */
export interface SearchEngine {
  /** Published businesses matching the filters, ranked and paged (see searchBusinesses in queries.server.ts). */
  search(params: SearchParams, now?: Date): Promise<SearchResult>;
  /** Autocomplete for the text typed so far: the catalogue, then the site's city's businesses (see suggest.server.ts). */
  suggest(text: string): Promise<SuggestResponse>;
}

/**
 * The engine Near ships: PostgreSQL's own search, on `db` (the read handle). `site` is the site's
 * city (SITE_CITY, SITE_STATE): a search with no place of its own runs there unless it asks for
 * "anywhere" (docs/search.md, "Located search").
 */
export function createPostgresSearchEngine(db: Database, { site }: { site?: SiteCity } = {}): SearchEngine {
  return {
    search: (params, now) => searchBusinesses(db, { site, ...params }, now),
    suggest: (text) => suggest(db, text, { site }),
  };
}
