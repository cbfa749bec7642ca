/**
 * How exact a listing's map position is (issue 40, docs/maps.md "Positions and precision"), stored in
 * `businesses.location_precision` (migration 0047): null when it has no position.
 * - `exact`: a pin its owner set or dragged, or coordinates an import or the API gave;
 * - `address`: the configured geocoder (GEOCODER_URL) found its address;
 * - `postal`: the centre of its postal code (the built-in gazetteer);
 * - `city`: the centre of its city (the built-in gazetteer).
 * Isomorphic: the business page and the listing form say it.
 */
import { postalLabel } from "./address";

export const LOCATION_PRECISIONS = ["exact", "address", "postal", "city"] as const;
export type LocationPrecision = (typeof LOCATION_PRECISIONS)[number];

/** An approximate position: a centre, not the business's door. */
export function isApproximate(precision: LocationPrecision | null | undefined): precision is "postal" | "city" {
  return precision === "postal" || precision === "city";
}

/**
 * "Approximate location: ZIP code centre" (the country's word for a postal code: "postal code centre" in Canada),
 * "Approximate location: city centre"; null for a position that isn't approximate.
 */
export function approximateNote(precision: LocationPrecision | null | undefined, country: string): string | null {
  if (precision === "postal") {
    const label = postalLabel(country);
    return `Approximate location: ${label === "ZIP code" ? label : label.toLowerCase()} centre`;
  }
  if (precision === "city") return "Approximate location: city centre";
  return null;
}

/** The circle an approximate position is drawn as (a ZIP code is a few km across, a city more): metres. */
export function approximateRadiusMetres(precision: "postal" | "city"): number {
  return precision === "postal" ? 2000 : 4000;
}
