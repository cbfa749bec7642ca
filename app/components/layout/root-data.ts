import { useRouteLoaderData } from "react-router";
import type { SiteInfo } from "~/lib/title";
import type { NavUser } from "./user-menu-parts";

/**
 * What the layout reads from the root loader. `user` arrives with the accounts
 * feature; until then it is absent, so it stays optional here.
 */
export interface RootData {
  site: SiteInfo;
  year: number;
  user?: NavUser | null;
  /** Map tiles (docs/maps.md) and whether "Find on map" can geocode (GEOCODER_URL). */
  maps?: { url: string; attribution: string; geocoder: boolean };
}

const FALLBACK: RootData = {
  site: { name: "Near", city: "", state: "", country: "US", publicUrl: "" },
  year: new Date().getFullYear(),
};

/**
 * Miles or kilometres, by the site's country (SITE_COUNTRY): decided by the root loader (app/lib/distance-unit.ts),
 * so no page loads the rule for it.
 */
export function useDistanceUnit(): "mi" | "km" {
  return useRootData().site.distanceUnit ?? "mi";
}

export function useRootData(): RootData {
  return (useRouteLoaderData("root") as RootData | undefined) ?? FALLBACK;
}
