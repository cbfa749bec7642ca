import type { Database } from "~/.server/db/client";
import type { Radius } from "./distance";
import { searchBusinesses } from "./queries.server";
import { applyUnderstanding, understandQuery } from "./query-understanding";
import { categoryName, categoryNode, isGroup } from "~/lib/category-tree";
import type { SearchParams } from "./search-params";
import { AREA_RADIUS, WIDE_RADIUS, type SiteCity } from "./search-query";
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
/**
 * A place without a radius keeps its answers in its area (issue 35): "pizza" near Phoenix lists Phoenix's pizzerias,
 * not Philadelphia's best rated. The area is AREA_RADIUS (in the site's unit) around the place; when nothing matches
 * there the search widens to WIDE_RADIUS, then everywhere, and says so (`area.widened`). An explicit radius, a map
 * area or the distance sort (which orders everything by distance anyway) is the visitor's own choice.
 */

async function locatedSearch(db: Database, params: SearchParams, now?: Date): Promise<SearchResult> {
  const placed = params.near !== undefined || (params.lat !== undefined && params.lng !== undefined);
  if (!placed || params.radius || params.bbox || params.sort === "distance") return searchBusinesses(db, params, now);
  // A later page (a cursor) widens exactly as its first page did: decided on the first page's count.
  // The visitor picks 1, 5, 10 or 25 (RADII); the search itself takes any radius, and widens to 100.
  const decide = (radius: Radius) =>
    params.after
      ? searchBusinesses(db, { ...params, radius, after: undefined, page: 1, pageSize: 1 }, now)
      : searchBusinesses(db, { ...params, radius }, now);
  for (const radius of [AREA_RADIUS, WIDE_RADIUS] as Radius[]) {
    const first = await decide(radius);
    if (first.unknownPlace) return first;
    if (first.total > 0) {
      const result = params.after ? await searchBusinesses(db, { ...params, radius }, now) : first;
      return { ...result, area: { radius, widened: radius !== AREA_RADIUS } };
    }
  }
  return { ...(await searchBusinesses(db, params, now)), area: { radius: null, widened: true } };
}

/** Fewer answers than this in a category the text named: its parent is asked too (ADR 019). */
const SPARSE_CATEGORY = 3;

export function createPostgresSearchEngine(db: Database, { site }: { site?: SiteCity } = {}): SearchEngine {
  return {
    search: async (params, now) => {
      const full = { site, ...params };
      const read = understandQuery(full);
      if (!read) return locatedSearch(db, full, now);
      let understood = read;
      let result = await locatedSearch(db, applyUnderstanding(full, understood), now);
      // A place read from the text that no listing has ("sushi in Atlantis"): its words are text again.
      if (understood.near && result.unknownPlace) {
        understood = { ...understood, near: undefined, text: `${understood.text} ${understood.near}`.trim() };
        result = await locatedSearch(db, applyUnderstanding(full, understood), now);
      }
      // A category finer than what the place's listings are filed under ("furniture" where one store is filed
      // under Furniture Stores and the rest under Home & Decor): its parent while fewer than SPARSE_CATEGORY answer,
      // though never a whole group ("dentist" never becomes all of Health & Medical). The reading says which.
      // Fewer answers than the words as typed find ("comedy" where the club is filed under Theater & Shows): the
      // words as typed.
      if (result.total < SPARSE_CATEGORY && understood.category && !params.after) {
        const asWords = {
          ...understood,
          category: undefined,
          categoryName: undefined,
          text: [understood.text, understood.categoryText].filter(Boolean).join(" "),
        };
        const worded = await locatedSearch(db, applyUnderstanding(full, asWords), now);
        if (worded.total > result.total) return { ...worded, understood: asWords };
      }
      for (
        let parent = understood.category ? categoryNode(understood.category)?.parent : null;
        result.total < SPARSE_CATEGORY && !params.after && parent && !isGroup(parent);
        parent = categoryNode(parent)?.parent
      ) {
        const wider = { ...understood, category: parent, categoryName: categoryName(parent) };
        const more = await locatedSearch(db, applyUnderstanding(full, wider), now);
        if (more.total <= result.total) break;
        [understood, result] = [wider, more];
      }
      // Understanding narrows; when it finds nothing, the words as typed may still (a name such as "Best Buy").
      if (result.total === 0) {
        const literal = await locatedSearch(db, full, now);
        if (literal.total > 0) return literal;
      }
      return { ...result, understood };
    },
    suggest: (text) => suggest(db, text, { site }),
  };
}
