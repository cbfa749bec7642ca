import { METRES_PER_MILE, type DistanceUnit } from "~/lib/distance-unit";

/** "Near me": the radius filter's choices, in the site's distance unit (miles, or km: app/lib/address.ts). */
export const RADII = [1, 5, 10, 25] as const;
export type Radius = (typeof RADII)[number];

/**
 * A browser position as it goes in the URL: four decimals (about 11 m) say
 * where to measure from without pinning the visitor to their doorstep.
 */
export function roundCoordinate(n: number) {
  return Math.round(n * 1e4) / 1e4;
}

/**
 * "Near me" (docs/maps.md): distances as the cards show them, in the site's unit (SITE_COUNTRY) —
 * one decimal under 10 ("0.8 mi", "1.3 km"), whole numbers beyond ("12 mi").
 */
export function formatDistance(miles: number, unit: DistanceUnit = "mi"): string {
  const n = unit === "mi" ? miles : (miles * METRES_PER_MILE) / 1000;
  if (n < 0.05) return `0.1 ${unit}`;
  return n < 9.95 ? `${n.toFixed(1)} ${unit}` : `${Math.round(n)} ${unit}`;
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
