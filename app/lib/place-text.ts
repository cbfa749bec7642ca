import { METRES_PER_MILE, type DistanceUnit } from "./distance-unit";

/** Places in words, as cards and pages show them (small: the search and business pages load it). */

/** "City, Region": a place's short label (the region left out when there is none). */
export function placeLabel(city: string, state: string | null | undefined): string {
  return state ? `${city}, ${state}` : city;
}

export interface ServedArea {
  address?: string | null;
  serviceArea: readonly string[];
  serviceRadiusKm: number | null;
  city: string;
}

/**
 * What a service-area business serves, in words (its page's "Serves: …", its card): its cities and postal codes,
 * and the radius around its base city in the site's unit — "Springfield, Chatham and 62704; within 16 mi of
 * Springfield". Null for a storefront (it has a street address).
 */
export function servedAreaText(b: ServedArea, unit: DistanceUnit): string | null {
  if (b.address) return null;
  const places = [...b.serviceArea];
  const listed = places.length > 1 ? `${places.slice(0, -1).join(", ")} and ${places.at(-1)}` : (places[0] ?? "");
  const radius =
    b.serviceRadiusKm !== null
      ? `within ${Math.round(unit === "km" ? b.serviceRadiusKm : (b.serviceRadiusKm * 1000) / METRES_PER_MILE)} ${unit} of ${b.city}`
      : "";
  return [listed, radius].filter(Boolean).join("; ") || b.city;
}
