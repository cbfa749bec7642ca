import type { LocationPrecision } from "~/lib/location-precision";
// What the search and category pages read from the URL about the map view: apart from the toggle's components,
// so a page can decide on the map without loading them.

/** ?view=map: the search and category pages show a map of the results above the list. */
export function isMapView(search: string) {
  return new URLSearchParams(search).get("view") === "map";
}

export function withParams(search: string, changes: Record<string, string | null>) {
  const params = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) params.delete(key);
    else params.set(key, value);
  }
  const s = params.toString();
  return s ? `?${s}` : "";
}

/** What a result needs to be a pin on the map. */
export interface MappableResult {
  id: string;
  /** The pin's link: /business/<slug>. */
  slug: string;
  name: string;
  rating: number;
  reviewCount: number;
  latitude: number | null;
  longitude: number | null;
  /** A postal code's or a city's centre is marked as approximate on the map. */
  locationPrecision?: LocationPrecision | null;
  country?: string;
}

export function isMappable(item: unknown): item is MappableResult {
  const r = item as Partial<MappableResult> | null;
  return (
    !!r &&
    typeof r.id === "string" &&
    typeof r.slug === "string" &&
    typeof r.name === "string" &&
    typeof r.latitude === "number"
  );
}
