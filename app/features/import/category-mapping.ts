import { categoryName, categoryNode, categoryTrail } from "~/lib/category-tree";

/**
 * What the Yelp and OpenStreetMap mapping tables (yelp-categories.ts, osm-categories.ts) share: choosing a row's
 * primary and additional categories from the tree slugs its categories map onto, and filing a category no table
 * maps — never a reason to reject a row (issue 34). Every fallback is a note, counted in the import's summary.
 */

export interface CategoryMapping {
  /** A tree slug: the listing's primary category. */
  primary: string;
  /** More tree slugs, most specific first; the import caps them by plan. */
  additional: string[];
  /** What had no mapping and where it was filed instead, in words (`no category for Yelp "Zorbing": …`). */
  notes: string[];
}

/** The largest plan's allowance of additional categories (catalogue plans: 1 / 3 / 5). */
export const MAX_ADDITIONAL = 5;

/** The last resort: a business the data says nothing usable about is a service of some kind. */
export const FALLBACK_CATEGORY = "services";

/**
 * Words in a category nobody mapped → the group it most likely belongs to, the first that matches ("Sleep
 * Medicine Specialists" → health). Ordered so the specific wins over the vague: "Pet Food" is pets, not food.
 */
const HINTS: [RegExp, string][] = [
  [/\b(church|chapel|mosque|temple|synagogue|shrine|worship|ministr|religio|faith|parish)/i, "religious"],
  [/\b(vets?|veterinar\w*|pets?|dogs?|cats?|animals?|horses?|equine|kennels?|aquariums?)\b/i, "pets"],
  [
    /\b(medic|doctor|clinic|health|dental|dentist|therap|surgeon|surgery|physician|hospital|nurs|pharmac|ologist|optometr|hearing|rehab|diagnost)/i,
    "health",
  ],
  [/\b(auto\w*|cars?|vehicles?|trucks?|motor\w*|tires?|tyres?|garages?|rvs?|trailers?|fuel)\b/i, "automotive"],
  [/\b(spa|salon|beauty|hair|nail|lash|brow|skin|cosmetic|makeup|tattoo|barber|wax)/i, "beauty"],
  [/\b(bank|financ|loan|insur|invest|credit|mortgage|money|payday|wealth)/i, "financial"],
  [/\b(school|lesson|class|tutor|educat|academy|college|universit|training|learning)/i, "education"],
  [
    /\b(lawyers?|attorneys?|law|legal|consult\w*|agenc\w*|agents?|marketing|design\w*|accountants?|offices?|notar\w*)\b/i,
    "professional",
  ],
  [/\b(hotel|motel|inn|lodg|travel|hostel|resort|camp|tour|airport|transit|taxi|bus|train|ferry)/i, "hotels-travel"],
  [
    /\b(government|public|city|municipal|police|fire dep|library|post office|community|council|civic)/i,
    "public-services",
  ],
  [/\b(bars?|pubs?|nightlife|lounges?|clubs?|brew\w*|winer\w*|distill\w*|taverns?)\b/i, "nightlife"],
  [
    /\b(gyms?|fitness|sports?|yoga|parks?|golf|climb\w*|swim\w*|active|recreation|danc\w*|martial|trails?|courts?|fields?)\b/i,
    "fitness",
  ],
  [/\b(museum|theat|cinema|art|entertain|game|music|show|festival|attraction|amuse|venue)/i, "entertainment"],
  [
    /\b(restaurant|food|cuisine|kitchen|grill|cafe|coffee|diner|bakery|eat|bistro|pizz|burger|taco|sushi)/i,
    "restaurants",
  ],
  [/\b(shop|store|boutique|market|supplies|supply|goods|retail|outlet|dealer|rental)/i, "shopping"],
];

/** A group for a category nobody mapped, from the words in its name (null: none says). */
export function hintCategory(text: string): string | null {
  const words = text.replace(/[_/&,-]+/g, " ");
  for (const [pattern, slug] of HINTS) if (pattern.test(words)) return slug;
  return null;
}

const depth = (slug: string) => categoryNode(slug)?.depth ?? -1;

/** `a` is `b` or one of its ancestors. */
function isAncestorOrSelf(a: string, b: string): boolean {
  return categoryTrail(b).some((n) => n.slug === a);
}

/**
 * The mapped slugs of one row, in the row's order, → its primary (the deepest in the tree; the first listed of
 * equally deep ones) and its additional categories (the rest, deduplicated, without one that is an ancestor of
 * the primary or of another kept one — "Restaurants" adds nothing to "Italian" — at most MAX_ADDITIONAL).
 * `broad` slugs (a source's top-level categories, "Food", "Local Services") are used only when nothing else maps.
 * Null: no slug at all.
 */
export function chooseCategories(mapped: { slug: string; broad?: boolean }[]): Omit<CategoryMapping, "notes"> | null {
  const specific = mapped.filter((m) => !m.broad).map((m) => m.slug);
  const slugs = [...new Set(specific.length ? specific : mapped.map((m) => m.slug))].filter((s) => categoryNode(s));
  if (!slugs.length) return null;
  let primary = slugs[0]!;
  for (const slug of slugs) if (depth(slug) > depth(primary)) primary = slug;
  const rest = slugs.filter((s) => s !== primary);
  const additional = rest.filter(
    (s) => !isAncestorOrSelf(s, primary) && !rest.some((other) => other !== s && isAncestorOrSelf(s, other)),
  );
  return { primary, additional: additional.slice(0, MAX_ADDITIONAL) };
}

/**
 * A row's categories: the mapped ones chosen by chooseCategories; each unmapped one noted where the row was
 * filed — with its mapped others, else under the group its own words suggest, else under Services.
 * `source` names the data in the notes ("Yelp", "OSM").
 */
export function fileCategories(
  source: string,
  mapped: { slug: string; broad?: boolean }[],
  unmapped: string[],
): CategoryMapping {
  const chosen = chooseCategories(mapped);
  if (chosen) {
    const where = categoryName(chosen.primary);
    return { ...chosen, notes: unmapped.map((u) => `no category for ${source} "${u}": filed under ${where}`) };
  }
  if (!unmapped.length)
    return {
      primary: FALLBACK_CATEGORY,
      additional: [],
      notes: [`no category given: filed under ${categoryName(FALLBACK_CATEGORY)}`],
    };
  const hinted = unmapped.map(hintCategory).find((s): s is string => s !== null);
  const primary = hinted ?? FALLBACK_CATEGORY;
  const where = categoryName(primary);
  return {
    primary,
    additional: [],
    notes: unmapped.map((u) => `no category for ${source} "${u}": filed under ${where}`),
  };
}
