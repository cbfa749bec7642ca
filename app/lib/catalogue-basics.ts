/**
 * The catalogue's categories, plans, price ranges and field limits (re-exported by catalogue.ts): apart, so what
 * every page's code shows (category labels, a plan badge, the search box's limit) doesn't carry the rest of the
 * catalogue. Relative imports only
 * (drizzle-kit loads catalogue.ts).
 */

export interface Option<V extends string = string> {
  value: V;
  label: string;
}

/** The spec's four categories: its pages, its menu, its home tiles and its search checkboxes. */
export const SPEC_CATEGORIES = ["restaurants", "shopping", "services", "entertainment"] as const;
export type SpecCategory = (typeof SPEC_CATEGORIES)[number];

/**
 * The top-level groups of the category tree (issue 34, ADR 019): the spec's four first, then what real cities hold
 * that those four hold badly. A listing's `category` is the group of its primary category (category-tree.ts).
 */
export const LISTING_CATEGORIES = [
  ...SPEC_CATEGORIES,
  "nightlife",
  "health",
  "beauty",
  "fitness",
  "automotive",
  "pets",
  "professional",
  "financial",
  "education",
  "hotels-travel",
  "public-services",
  "religious",
] as const;
export type ListingCategory = (typeof LISTING_CATEGORIES)[number];

export const CATEGORY_OPTIONS: readonly Option<ListingCategory>[] = [
  { value: "restaurants", label: "Restaurants" },
  { value: "shopping", label: "Shopping" },
  { value: "services", label: "Services" },
  { value: "entertainment", label: "Entertainment" },
  { value: "nightlife", label: "Bars & Nightlife" },
  { value: "health", label: "Health & Medical" },
  { value: "beauty", label: "Beauty & Spas" },
  { value: "fitness", label: "Fitness & Recreation" },
  { value: "automotive", label: "Automotive" },
  { value: "pets", label: "Pets" },
  { value: "professional", label: "Professional Services" },
  { value: "financial", label: "Banks & Finance" },
  { value: "education", label: "Education" },
  { value: "hotels-travel", label: "Hotels & Travel" },
  { value: "public-services", label: "Public Services & Government" },
  { value: "religious", label: "Religious Organizations" },
];
export const SPEC_CATEGORY_OPTIONS = CATEGORY_OPTIONS.slice(
  0,
  SPEC_CATEGORIES.length,
) as readonly Option<SpecCategory>[];

export const PRICE_RANGES = ["$", "$$", "$$$", "$$$$"] as const;
export type PriceRange = (typeof PRICE_RANGES)[number];
/** What each price range means, in words. */
export const PRICE_RANGE_WORDS: Record<PriceRange, string> = {
  $: "Inexpensive",
  $$: "Moderate",
  $$$: "Pricey",
  $$$$: "Ultra high-end",
};

export const PLANS = ["basic", "featured", "premium"] as const;
export type ListingPlan = (typeof PLANS)[number];
export const PLAN_LABELS: Record<ListingPlan, string> = { basic: "Basic", featured: "Featured", premium: "Premium" };

export const LIMITS = {
  name: 120,
  description: 5000,
  address: 200,
  city: 100,
  state: 50,
  zip: 12,
  neighborhood: 100,
  phone: 30,
  url: 500,
  email: 254,
  tag: 40,
  features: 20,
  labels: 10,
  alt: 200,
  reason: 500,
  search: 200,
} as const;
