/** Site identity shared with the client (never secrets). */
export interface SiteInfo {
  name: string;
  city: string;
  state: string;
  publicUrl: string;
}

/** The spec's title format: "{page} | Near {city}, {state}", or "Near {city}, {state}" alone. */
export function pageTitle(site: Pick<SiteInfo, "city" | "state">, page?: string) {
  const base = `Near ${site.city}, ${site.state}`;
  return page ? `${page} | ${base}` : base;
}
