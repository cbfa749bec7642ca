import type { SearchParams } from "~/features/directory/search-params";
import { parseSearchUrl } from "~/features/directory/search-url";

// Server-only (the loaders): parseSearchUrl brings zod, which the category pages' first load must not carry.

/**
 * "Near me" and "Search this area" on a category page: the position (?lat=&lng= or ?near=), the radius,
 * nearest first (?sort=distance; the pages have no other sort) and the map's box (?bbox=), read leniently.
 */
export function locationParams(
  params: URLSearchParams,
): Pick<SearchParams, "bbox" | "lat" | "lng" | "near" | "radius" | "sort"> {
  const { params: p } = parseSearchUrl(params);
  return {
    bbox: p.bbox,
    lat: p.lat,
    lng: p.lng,
    near: p.near,
    radius: p.radius,
    sort: p.sort === "distance" ? "distance" : undefined,
  };
}
