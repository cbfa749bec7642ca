/**
 * The one address of a business page (issue 40, defect 10): `/business/<slug>`, readable and stable (a listing's slug
 * is chosen once, when it is created). The UUID form `/business/<id>` still opens the page, with a permanent redirect
 * to this one. Every link people see, copy or share — cards, maps, autocomplete, Share, emails, the sitemap,
 * JSON-LD and the canonical link — is built here. Form posts to the page's sub-routes may keep the id (the routes
 * accept both), since nobody sees or copies them.
 */
export function businessPath(business: { slug: string }, hash?: string): string {
  return `/business/${encodeURIComponent(business.slug)}${hash ? `#${hash.replace(/^#/, "")}` : ""}`;
}

/** The absolute business URL from the site's base (PUBLIC_URL, or the request's own origin): `${base}/business/<slug>`. */
export function businessUrl(base: string, business: { slug: string }, hash?: string): string {
  return `${base.replace(/\/+$/, "")}${businessPath(business, hash)}`;
}
