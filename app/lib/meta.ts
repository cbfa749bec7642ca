import type { SiteInfo } from "./title";
import { pageTitle } from "./title";

interface MatchLike {
  id: string;
  loaderData?: unknown;
}

/** The root loader's site info, as seen from any route's `meta`. */
export function siteFromMatches(matches: readonly (MatchLike | undefined)[]): SiteInfo {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { site?: SiteInfo } | undefined;
  return root?.site ?? { name: "Near", city: "", state: "", publicUrl: "" };
}

/** `meta` helper: title in the spec's format plus an optional description. */
export function pageMeta(matches: readonly (MatchLike | undefined)[], page?: string, description?: string) {
  const site = siteFromMatches(matches);
  const tags: ({ title: string } | { name: string; content: string })[] = [{ title: pageTitle(site, page) }];
  tags.push({
    name: "description",
    content: description ?? `Discover local businesses in ${site.city}, ${site.state}: find, connect with and support the places near you.`,
  });
  return tags;
}
