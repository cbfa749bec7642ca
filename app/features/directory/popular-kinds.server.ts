import { sql } from "drizzle-orm";
import { queryRows, type Database } from "~/.server/db/client";
import { businesses as b } from "~/.server/db/schema";
import { LISTING_CATEGORIES, type ListingCategory } from "~/lib/catalogue";
import { kindOptions } from "~/lib/category-kinds";
import { toQueryString, type SiteCity } from "./search-query";

/** A "Popular:" chip on the home page: a cuisine or kind the site's city has listings of, and its search. */
export interface PopularKind {
  label: string;
  url: string;
  /** Published listings of that kind in the city (the search finds at least these). */
  count: number;
}

/**
 * The catalogue's cuisines and kinds with the most published listings in the site's city, most first: chips that
 * lead to results, never a hand-picked word the directory has nothing for ("Yoga": 0 results). One query over the
 * city's published listings through businesses_city_category_idx (migration 0029); the home page keeps the answer
 * with the rest of its data until the next change. The search each chip opens runs in the same city (a located
 * search) and filters on the same kind, so it finds at least `count` listings.
 */
export async function popularKinds(db: Database, site: SiteCity, limit = 6): Promise<PopularKind[]> {
  const rows = await queryRows<{ category: string; kind: string; n: number }>(
    db,
    sql`select ${b.category} as category, coalesce(${b.cuisine}, ${b.subcategory}) as kind, count(*)::int as n
        from ${b}
        where ${b.status} = 'published'
          and lower(${b.city}) = ${site.city.toLowerCase()} and lower(${b.state}) = ${site.state.toLowerCase()}
          and coalesce(${b.cuisine}, ${b.subcategory}) is not null
        group by 1, 2
        order by n desc, kind`,
  );
  const out: PopularKind[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    if (!(LISTING_CATEGORIES as readonly string[]).includes(row.category)) continue;
    const category = row.category as ListingCategory;
    // Only the catalogue's own kinds (an import may carry others), and never "Other".
    const option = kindOptions(category).find((o) => o.value === row.kind && o.value !== "other");
    if (!option || seen.has(option.label)) continue;
    seen.add(option.label);
    out.push({ label: option.label, url: `/search${toQueryString({ category, kind: option.value })}`, count: row.n });
    if (out.length === limit) break;
  }
  return out;
}
