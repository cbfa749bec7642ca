/** The site's distance unit (SITE_COUNTRY), for the cards, the radius and the layout: tiny, on every page. */

/** Where SITE_COUNTRY is unset, and every listing before countries existed. */
export const DEFAULT_COUNTRY = "US";

/** Distances in miles in the US, the UK, Liberia and Myanmar; kilometres everywhere else. */
const MILE_COUNTRIES = new Set(["US", "GB", "LR", "MM"]);
export type DistanceUnit = "mi" | "km";

export function distanceUnit(siteCountry: string | undefined): DistanceUnit {
  return MILE_COUNTRIES.has(siteCountry ?? DEFAULT_COUNTRY) ? "mi" : "km";
}

export const METRES_PER_MILE = 1609.344;

export function metresPer(unit: DistanceUnit): number {
  return unit === "mi" ? METRES_PER_MILE : 1000;
}
