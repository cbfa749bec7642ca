import { PRICE_RANGES, SPEC_CATEGORIES } from "~/lib/catalogue-basics";
import { roundCoordinate } from "./distance";
import type { SearchParams } from "./search-params";
import type { SearchResult } from "./types";

/**
 * The search filters' constants, types and query strings, without the schema (search-params.ts): the search
 * page's client code imports these, and zod stays out of its first load (docs/performance.md).
 */
/** The search page's category checkboxes: the spec's four (any other category is `?category=<slug>`). */
export const SEARCH_CATEGORIES = SPEC_CATEGORIES;
export const SEARCH_SORTS = ["relevance", "rating", "reviews", "newest", "distance"] as const;
export const SORT_LABELS: Record<(typeof SEARCH_SORTS)[number], string> = {
  relevance: "Best match",
  rating: "Highest rated",
  reviews: "Most reviewed",
  newest: "Newest",
  distance: "Nearest",
};
export const PRICES = PRICE_RANGES;
export const PAGE_SIZE = 20;
/**
 * A place without a radius keeps its answers within AREA_RADIUS of it (the site's unit), widening to WIDE_RADIUS and
 * then everywhere when nothing matches there (search-engine.server.ts, issue 35).
 */
export const AREA_RADIUS = 25;
export const WIDE_RADIUS = 100;

export type BBox = [west: number, south: number, east: number, north: number];

/** A bbox as it goes in the URL: six decimals (about 10 cm) are plenty. */
export function bboxToString(bbox: BBox) {
  return bbox.map((n) => String(Math.round(n * 1e6) / 1e6)).join(",");
}

export interface SiteCity {
  city: string;
  state: string;
  /** SITE_COUNTRY: the radius filter is in its distance unit (miles or kilometres, app/lib/address.ts). */
  country?: string;
}

/** Whether a search runs in the site's city by default (no place of its own, not "anywhere"). */
export function inSiteCity(params: SearchParams): boolean {
  return (
    !!params.site &&
    !params.anywhere &&
    !params.bbox &&
    !params.near &&
    (params.lat === undefined || params.lng === undefined)
  );
}

/** URLSearchParams → plain object (last value wins), for the schema. */
export function paramsToObject(params: URLSearchParams) {
  return Object.fromEntries(params.entries());
}

/** Filters → the canonical query string (defaults omitted), for links and history. */
export function toQueryString(filters: Partial<SearchParams>) {
  const out = new URLSearchParams();
  if (filters.q) out.set("q", filters.q);
  if (filters.category) out.set("category", filters.category);
  if (filters.kind) out.set("kind", filters.kind);
  if (filters.open) out.set("open", "1");
  if (filters.rating) out.set("rating", String(filters.rating));
  if (filters.price?.length) out.set("price", filters.price.join(","));
  if (filters.age) out.set("age", filters.age);
  if (filters.features?.length) out.set("features", filters.features.join(","));
  if (filters.sort && filters.sort !== "relevance") out.set("sort", filters.sort);
  if (filters.bbox) out.set("bbox", bboxToString(filters.bbox));
  if (filters.lat !== undefined && filters.lng !== undefined) {
    out.set("lat", String(roundCoordinate(filters.lat)));
    out.set("lng", String(roundCoordinate(filters.lng)));
  } else if (filters.near) out.set("near", filters.near);
  if (filters.radius) out.set("radius", String(filters.radius));
  if (filters.anywhere) out.set("anywhere", "1");
  if (filters.page && filters.page > 1) out.set("page", String(filters.page));
  const s = out.toString();
  return s ? `?${s}` : "";
}

/** The filters that change the result set (not the page), as a stable key. */
export function filtersKey(params: Partial<SearchParams>) {
  return JSON.stringify([
    params.q ?? "",
    params.category ?? "",
    params.kind ?? "",
    !!params.open,
    params.rating ?? 0,
    params.price ?? [],
    params.sort ?? "relevance",
    params.bbox ?? null,
    !!params.anywhere,
    params.lat ?? null,
    params.lng ?? null,
    params.near ?? "",
    params.radius ?? null,
  ]);
}

/** No results (a failed or impossible search). */
export function emptyResult(page = 1, pageSize = PAGE_SIZE): SearchResult {
  return { items: [], total: 0, totalExact: true, page, pageSize, pageCount: 1 };
}
