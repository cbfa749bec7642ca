import { absoluteUrl } from "~/lib/meta";
import type { SiteInfo } from "~/lib/title";
import type { JsonLdObject } from "./json-ld";

/**
 * The home page: the site and its search box (a sitelinks search box for search engines). Apart from json-ld.ts
 * (the listings' structured data, with the hours and the catalogue), which the home page's JavaScript doesn't need.
 */
export function websiteJsonLd(site: SiteInfo, siteName: string) {
  const url = absoluteUrl(site, "/");
  return {
    "@context": "https://schema.org",
    "@type": "WebSite",
    "@id": `${url}#website`,
    name: siteName,
    url,
    potentialAction: {
      "@type": "SearchAction",
      target: { "@type": "EntryPoint", urlTemplate: absoluteUrl(site, "/search?q={search_term_string}") },
      "query-input": "required name=search_term_string",
    },
  } satisfies JsonLdObject;
}
