/**
 * "Near me" (docs/maps.md): distances as the cards show them, in miles —
 * one decimal under 10 miles ("0.8 mi"), whole miles beyond ("12 mi").
 */
export function formatMiles(miles: number): string {
  if (miles < 0.05) return "0.1 mi";
  return miles < 9.95 ? `${miles.toFixed(1)} mi` : `${Math.round(miles)} mi`;
}

/** "Near me": the radius filter's choices, in miles. */
export const RADII = [1, 5, 10, 25] as const;
export type Radius = (typeof RADII)[number];

/**
 * A browser position as it goes in the URL: four decimals (about 11 m) say
 * where to measure from without pinning the visitor to their doorstep.
 */
export function roundCoordinate(n: number) {
  return Math.round(n * 1e4) / 1e4;
}

/** The URL keys of a position and its filter, kept by other filters and "Load More". */
export const LOCATION_KEYS = ["lat", "lng", "near", "radius", "sort", "bbox"] as const;

/**
 * A query string with changes applied (null removes a key). Page goes back to 1
 * unless it is one of the changes.
 */
export function withSearch(search: string, changes: Record<string, string | null>): string {
  const params = new URLSearchParams(search);
  if (!("page" in changes)) params.delete("page");
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) params.delete(key);
    else params.set(key, value);
  }
  const s = params.toString();
  return s ? `?${s}` : "";
}

/**
 * A category page's own query string plus the position, radius, distance
 * sort and map area of the current URL, so changing a filter or loading
 * more keeps "Near me" and "Search this area".
 */
export function keepLocation(query: string, currentSearch: string): string {
  const current = new URLSearchParams(currentSearch);
  const params = new URLSearchParams(query);
  for (const key of LOCATION_KEYS) {
    const value = current.get(key);
    if (value !== null && !params.has(key)) params.set(key, value);
  }
  const s = params.toString();
  return s ? `?${s}` : "";
}
