/** Site identity shared with the client (never secrets). */
export interface SiteInfo {
  name: string;
  city: string;
  state: string;
  /** SITE_COUNTRY (ISO 3166-1 alpha-2): a listing elsewhere shows its country, and distances use its unit. */
  country: string;
  /** Its distance unit (app/lib/distance-unit.ts): miles in US, GB, LR, MM, else kilometres. */
  distanceUnit?: "mi" | "km";
  publicUrl: string;
}

/** The spec's title format: "{page} | Near {city}, {state}", or "Near {city}, {state}" alone. */
export function pageTitle(site: Pick<SiteInfo, "city" | "state">, page?: string) {
  const base = `Near ${site.city}, ${site.state}`;
  return page ? `${page} | ${base}` : base;
}
