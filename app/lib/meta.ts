import type { SiteInfo } from "./title";
import { pageTitle } from "./title";

interface MatchLike {
  id: string;
  pathname?: string;
  loaderData?: unknown;
}

/** What a route's `meta` function receives (the parts these helpers read). */
interface MetaArgsLike {
  matches: readonly (MatchLike | undefined)[];
  location?: { pathname: string; search: string };
}

export type MetaTag =
  | { title: string }
  | { name: string; content: string }
  | { property: string; content: string }
  | { tagName: "link"; rel: string; href: string };

/** The branded image shared pages show when they have none of their own (public/og-default.png, 1200×630). */
export const DEFAULT_SHARE_IMAGE = {
  path: "/og-default.png",
  width: 1200,
  height: 630,
  alt: "Near — local businesses",
};

/** Pages that are nobody's search result: signed-in areas, forms and sign-in (robots.txt keeps crawlers out too). */
const PRIVATE_PATHS = /^\/(admin|portal|account|auth|business\/new|business\/edit)(\/|$)/;

/**
 * Query parameters that never make a different page: paging (the canonical is
 * the first page), sort order, review paging on a business page, the sign-in
 * page's mode and return address, campaign tags.
 */
const NON_FILTER_PARAMS = new Set(["page", "sort", "reviewPage", "reviewSort", "mode", "redirectTo", "next"]);
/** Parameters that name what a listing page is about (kept in the canonical URL). */
const SHALLOW_PARAMS = ["q", "category"];

export interface PageMetaOptions {
  /** An absolute or site-relative image for Open Graph and Twitter; the branded default otherwise. */
  image?: { url: string; width?: number; height?: number; alt?: string } | null;
  /** Open Graph type: "website" unless said otherwise ("article", "business.business"…). */
  type?: string;
  /** Overrides the canonical path (site-relative, may carry a query). */
  canonicalPath?: string;
  /** Query parameters that name what this listing page is about (default: q and category). */
  shallowParams?: readonly string[];
  /** Keep the page out of search indexes (links still followed). */
  noindex?: boolean;
}

/** The root loader's site info, as seen from any route's `meta`. */
export function siteFromMatches(matches: readonly (MatchLike | undefined)[]): SiteInfo {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { site?: SiteInfo } | undefined;
  return root?.site ?? { name: "Near", city: "", state: "", country: "US", publicUrl: "" };
}

/** An absolute URL on this site (PUBLIC_URL + path); absolute URLs pass through. */
export function absoluteUrl(site: Pick<SiteInfo, "publicUrl">, path: string) {
  if (/^https?:\/\//.test(path)) return path;
  return `${site.publicUrl.replace(/\/+$/, "")}${path.startsWith("/") ? path : `/${path}`}`;
}

/**
 * How a listing URL's query affects indexing: the canonical keeps what the page
 * is about (the query text and one category, in a fixed order) and drops
 * paging and sorting (so ?page=3 points at the first page); more than one
 * filter beyond the query text is a "deep" combination, kept out of indexes.
 */
export function listingIndexing(search: string, shallow: readonly string[] = SHALLOW_PARAMS) {
  const params = new URLSearchParams(search);
  const kept = new URLSearchParams();
  const filters = new Set<string>();
  for (const [key, value] of params) {
    if (!value.trim() || NON_FILTER_PARAMS.has(key) || key.startsWith("utm_")) continue;
    filters.add(key);
  }
  for (const key of shallow) {
    const value = params.get(key)?.trim();
    if (value) kept.set(key, value);
  }
  const facets = [...filters].filter((k) => k !== "q");
  const deep = facets.length > 1 || facets.some((k) => !shallow.includes(k)) || params.getAll("price").length > 1;
  const query = kept.toString();
  return { query: query ? `?${query}` : "", deep };
}

/**
 * Every page's head: the title in the spec's format, a description, the
 * canonical URL (absolute, from PUBLIC_URL), Open Graph and Twitter card tags
 * with an image and robots rules (JSON-LD: app/features/seo). Pass the `meta` function's
 * whole argument (or just its `matches`, for a page without query parameters).
 */
export function pageMeta(
  args: MetaArgsLike | readonly (MatchLike | undefined)[],
  page?: string,
  description?: string,
  options: PageMetaOptions = {},
): MetaTag[] {
  const matches = "matches" in args ? args.matches : args;
  const location = "matches" in args ? args.location : undefined;
  const site = siteFromMatches(matches);
  const leaf = [...matches].reverse().find((m) => m?.pathname !== undefined);
  const pathname = location?.pathname ?? leaf?.pathname ?? "/";
  const title = pageTitle(site, page);
  const text =
    description ??
    `Discover local businesses in ${site.city}, ${site.state}: find, connect with and support the places near you.`;

  const isPrivate = PRIVATE_PATHS.test(pathname);
  const indexing = location ? listingIndexing(location.search, options.shallowParams) : { query: "", deep: false };
  const canonical = absoluteUrl(site, options.canonicalPath ?? `${pathname}${indexing.query}`);
  const image = options.image ?? null;
  const imageUrl = absoluteUrl(site, image?.url ?? DEFAULT_SHARE_IMAGE.path);
  const imageAlt = image ? (image.alt ?? page ?? site.name) : DEFAULT_SHARE_IMAGE.alt;
  const siteName = pageTitle(site);

  const tags: MetaTag[] = [
    { title },
    { name: "description", content: text },
    { tagName: "link", rel: "canonical", href: canonical },
  ];
  if (isPrivate || options.noindex || indexing.deep) tags.push({ name: "robots", content: "noindex, follow" });
  tags.push(
    { property: "og:site_name", content: siteName },
    { property: "og:locale", content: "en_US" },
    { property: "og:type", content: options.type ?? "website" },
    { property: "og:title", content: page ?? siteName },
    { property: "og:description", content: text },
    { property: "og:url", content: canonical },
    { property: "og:image", content: imageUrl },
    { property: "og:image:alt", content: imageAlt },
  );
  const width = image ? image.width : DEFAULT_SHARE_IMAGE.width;
  const height = image ? image.height : DEFAULT_SHARE_IMAGE.height;
  if (width && height) {
    tags.push(
      { property: "og:image:width", content: String(width) },
      { property: "og:image:height", content: String(height) },
    );
  }
  tags.push(
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: page ?? siteName },
    { name: "twitter:description", content: text },
    { name: "twitter:image", content: imageUrl },
    { name: "twitter:image:alt", content: imageAlt },
  );
  return tags;
}
