/**
 * The product catalogue: categories and their kinds, cuisines, price ranges,
 * statuses, plans and their allowances, photo limits — one home shared by
 * the database schema, the forms, the filters, the seed and the API
 * (isomorphic: no server imports here; relative imports only, since
 * drizzle-kit loads it through app/.server/db/schema.ts). The database enums
 * derive from it.
 */

import {
  PLAN_LABELS,
  PLANS,
  PRICE_RANGE_WORDS,
  PRICE_RANGES,
  type ListingPlan,
  type Option,
  type PriceRange,
  type SpecCategory,
} from "./catalogue-basics";
import { countLabel } from "./plural";

export {
  CATEGORY_OPTIONS,
  SPEC_CATEGORIES,
  SPEC_CATEGORY_OPTIONS,
  LIMITS,
  LISTING_CATEGORIES,
  PLAN_LABELS,
  PLANS,
  PRICE_RANGE_WORDS,
  PRICE_RANGES,
} from "./catalogue-basics";
export type { ListingCategory, ListingPlan, Option, PriceRange, SpecCategory } from "./catalogue-basics";

/** Restaurants: the spec's cuisine dropdown (the category page's filter; the seed covers each). */
export const SPEC_CUISINE_OPTIONS = [
  { value: "italian", label: "Italian" },
  { value: "chinese", label: "Chinese" },
  { value: "mexican", label: "Mexican" },
  { value: "indian", label: "Indian" },
] as const satisfies readonly Option[];
export const SPEC_CUISINES = SPEC_CUISINE_OPTIONS.map((o) => o.value);

/** The other spec categories' kinds: the spec's dropdown values and labels (their category pages' filters). */
export const SUBCATEGORY_OPTIONS = {
  shopping: [
    { value: "clothing", label: "Clothing & Apparel" },
    { value: "jewelry", label: "Jewelry & Accessories" },
    { value: "gifts", label: "Gifts & Specialty" },
    { value: "home", label: "Home & Decor" },
  ],
  services: [
    { value: "plumbing", label: "Plumbing" },
    { value: "electrical", label: "Electrical" },
    { value: "cleaning", label: "Cleaning" },
    { value: "landscaping", label: "Landscaping" },
  ],
  entertainment: [
    { value: "theater", label: "Theater & Shows" },
    { value: "arcade", label: "Arcade & Games" },
    { value: "escape", label: "Escape Rooms" },
    { value: "attractions", label: "Attractions" },
  ],
} as const satisfies Record<Exclude<SpecCategory, "restaurants">, readonly Option[]>;

/** Restaurants: the features "More Filters" offers (tags as businesses list them; the demo city has each). */
export const RESTAURANT_FEATURES = [
  "Takeout",
  "Delivery",
  "Outdoor Seating",
  "Reservations",
  "Vegetarian Options",
  "Vegan Options",
  "Gluten-Free Options",
  "Wheelchair Accessible",
  "Family Friendly",
  "Full Bar",
  "Wi-Fi",
  "Late Night",
] as const;

/** Services: the spec's two card badges, each shown only for a business that lists it as a feature. */
export const SERVICE_BADGE_FEATURES = {
  licensed: "Licensed & Insured",
  radius: "Serves within 20 miles",
} as const;

export const AGE_GROUP_OPTIONS = [
  { value: "kids", label: "Kids (0-12)" },
  { value: "teens", label: "Teens (13-17)" },
  { value: "adults", label: "Adults (18+)" },
  { value: "family", label: "Family-Friendly" },
] as const satisfies readonly Option[];
export const AGE_GROUPS = AGE_GROUP_OPTIONS.map((o) => o.value);

/** "$$ · Moderate". */
export const PRICE_RANGE_OPTIONS: readonly Option<PriceRange>[] = PRICE_RANGES.map((value) => ({
  value,
  label: `${value} · ${PRICE_RANGE_WORDS[value]}`,
}));

export const LISTING_STATUSES = ["pending", "published", "rejected", "suspended"] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];
export const STATUS_LABELS: Record<ListingStatus, string> = {
  pending: "Pending",
  published: "Published",
  rejected: "Rejected",
  suspended: "Suspended",
};

/**
 * What each plan allows (section 9): the one catalogue of plans. Photos and
 * categories are enforced by the listing mutations; the allowances of later
 * features (menus, videos, coupons or events, testimonials, the blog article)
 * are read from here by those features.
 */
export interface PlanAllowance {
  /** Photos shown on the listing (owners can't add more; over it after a downgrade: hidden, kept). */
  images: number;
  /** Category labels on the listing (the listing's `categories`). */
  categories: number;
  menuAttachments: number;
  testimonials: number;
  videos: number;
  /** Coupons or events. */
  coupons: number;
  socialLinks: boolean;
  homepageExposure: boolean;
  /** First among equal matches in search and category pages. */
  priorityListing: boolean;
  monthlyBlogArticle: boolean;
}

export const PLAN_ALLOWANCES: Record<ListingPlan, PlanAllowance> = {
  basic: {
    images: 1,
    categories: 1,
    menuAttachments: 0,
    testimonials: 0,
    videos: 0,
    coupons: 0,
    socialLinks: false,
    homepageExposure: false,
    priorityListing: false,
    monthlyBlogArticle: false,
  },
  featured: {
    images: 10,
    categories: 3,
    menuAttachments: 3,
    testimonials: 5,
    videos: 3,
    coupons: 5,
    socialLinks: true,
    homepageExposure: false,
    priorityListing: false,
    monthlyBlogArticle: false,
  },
  premium: {
    images: 20,
    categories: 5,
    menuAttachments: 20,
    testimonials: 20,
    videos: 20,
    coupons: 20,
    socialLinks: true,
    homepageExposure: true,
    priorityListing: true,
    monthlyBlogArticle: true,
  },
};

/** Photos per listing by plan (the pricing page: Basic 1 image, Featured 10, Premium 20). Admins are not limited. */
export const PHOTO_LIMITS: Record<ListingPlan, number> = {
  basic: PLAN_ALLOWANCES.basic.images,
  featured: PLAN_ALLOWANCES.featured.images,
  premium: PLAN_ALLOWANCES.premium.images,
};

/** The allowances that are a number of things (photos, categories, testimonials, videos, …). */
export type CountedAllowance = {
  [K in keyof PlanAllowance]: PlanAllowance[K] extends number ? K : never;
}[keyof PlanAllowance];

/** The cheapest plan whose allowance reaches `wanted` (null: none does). */
export function planAllowing(key: CountedAllowance, wanted: number): ListingPlan | null {
  return PLANS.find((p) => PLAN_ALLOWANCES[p][key] >= wanted) ?? null;
}

/**
 * The plan to name when `plan` is full: the cheapest one that takes `wanted`
 * (by default one more), else the largest above it; null on the top plan.
 * The listing form's photo note and the server's refusal both say it.
 */
export function upgradeFor(
  plan: ListingPlan,
  key: CountedAllowance,
  wanted = PLAN_ALLOWANCES[plan][key] + 1,
): ListingPlan | null {
  const limit = PLAN_ALLOWANCES[plan][key];
  const better =
    planAllowing(key, Math.max(wanted, limit + 1)) ?? PLANS.findLast((p) => PLAN_ALLOWANCES[p][key] > limit) ?? null;
  return better === plan ? null : better;
}

/**
 * A listing's billing state: active (paid up, or granted by an admin),
 * past_due (a renewal failed; Stripe retries), cancel_at_period_end (keeps
 * its plan until the period ends), expired (back on Basic).
 */
export const BILLING_STATES = ["active", "past_due", "cancel_at_period_end", "expired"] as const;
export type BillingState = (typeof BILLING_STATES)[number];
export const BILLING_STATE_LABELS: Record<BillingState, string> = {
  active: "Active",
  past_due: "Payment past due",
  cancel_at_period_end: "Cancels at period end",
  expired: "Expired",
};

/** Upgrade requests (no Stripe configured): an admin grants or refuses each. */
export const PLAN_REQUEST_STATUSES = ["open", "granted", "refused"] as const;
export type PlanRequestStatus = (typeof PLAN_REQUEST_STATUSES)[number];

export type BillingPeriod = "monthly" | "annual";

/**
 * The spec's listing plans (section 9) as the pricing page sells them: prices
 * per month, billed monthly or annually, and what each allows.
 */
export interface PlanOffer {
  id: ListingPlan;
  name: string;
  tagline: string;
  monthly: number;
  annual: number;
  popular?: boolean;
  features: string[];
}

export const PLAN_OFFERS: readonly PlanOffer[] = [
  {
    id: "basic",
    name: PLAN_LABELS.basic,
    tagline: "Get found by locals with a clean, simple listing.",
    monthly: 15,
    annual: 9,
    features: [
      countLabel(PHOTO_LIMITS.basic, "image"),
      countLabel(PLAN_ALLOWANCES.basic.categories, "category", "categories"),
      "Contact form",
      "Basic About section",
    ],
  },
  {
    id: "featured",
    name: PLAN_LABELS.featured,
    tagline: "Stand out with photos, menus, reviews and offers.",
    monthly: 25,
    annual: 19,
    popular: true,
    features: [
      countLabel(PHOTO_LIMITS.featured, "image"),
      countLabel(PLAN_ALLOWANCES.featured.categories, "category", "categories"),
      "Social media links",
      "3 menu attachments",
      "5 testimonials",
      "3 videos",
      "5 coupons or events",
    ],
  },
  {
    id: "premium",
    name: PLAN_LABELS.premium,
    tagline: "Maximum exposure, right on the home page.",
    monthly: 35,
    annual: 29,
    features: [
      countLabel(PHOTO_LIMITS.premium, "image"),
      countLabel(PLAN_ALLOWANCES.premium.categories, "category", "categories"),
      "20 menu attachments",
      "20 testimonials",
      "20 videos",
      "20 coupons or events",
      "Homepage exposure",
      "Priority listing in search",
      "A monthly blog article about you",
    ],
  },
];

/** Price per month for the chosen billing period. */
export function pricePerMonth(plan: PlanOffer, period: BillingPeriod): number {
  return period === "annual" ? plan.annual : plan.monthly;
}

/** The annual saving the spec shows: (monthly − annual) × 12. */
export function annualSaving(plan: PlanOffer): number {
  return (plan.monthly - plan.annual) * 12;
}

/** Per file (the media pipeline's MAX_IMAGE_BYTES). */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
/**
 * Per file, read from the image's header before anything is decoded (a 12 KB
 * PNG can claim 10000 × 10000 pixels). 40 MP covers phone cameras.
 */
export const MAX_IMAGE_PIXELS = 40_000_000;
/**
 * Photo files one user may send per window, through the API and the forms
 * together (each file counts; a refused upload too, so retries are bounded).
 */
export const PHOTO_UPLOAD_RATE = { photos: 30, windowMs: 10 * 60 * 1000 } as const;
export const ACCEPTED_PHOTO_TYPES = ["image/jpeg", "image/png", "image/webp", "image/avif"] as const;
export const ACCEPTED_PHOTO_TEXT = "JPEG, PNG, WebP or AVIF";
/** New files in one request (one save of the form, one API upload). */
export const MAX_PHOTOS_PER_REQUEST = 10;
/** The body limit of requests that carry photos: the files plus room for the form's other fields. */
export const PHOTO_REQUEST_BODY_LIMIT = MAX_PHOTOS_PER_REQUEST * MAX_PHOTO_BYTES + 1024 * 1024;

/** The admin list's page size. */
export const ADMIN_PAGE_SIZE = 20;

/** Monday first, as people read a week; values are the stored day numbers (0 = Sunday). */
export const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;
export const WEEKDAYS = [1, 2, 3, 4, 5] as const;
export const DAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

export function optionLabel(options: readonly Option[], value: string | null | undefined) {
  if (!value) return "";
  return options.find((o) => o.value === value)?.label ?? value.charAt(0).toUpperCase() + value.slice(1);
}

// --- content: blog, events, newsletter (issue #11) ----------------------------------

/** The blog's categories (the spec's tabs; "All Posts" is the unfiltered list). */
export const BLOG_CATEGORY_OPTIONS = [
  { value: "local-features", label: "Local Features" },
  { value: "business-spotlights", label: "Business Spotlights" },
  { value: "marketing-tips", label: "Marketing Tips" },
] as const satisfies readonly Option[];
export const BLOG_CATEGORIES = BLOG_CATEGORY_OPTIONS.map((o) => o.value);
export type BlogCategory = (typeof BLOG_CATEGORY_OPTIONS)[number]["value"];
export const BLOG_PAGE_SIZE = 7;

/** The events' categories (the spec's filter, "all" aside). */
export const EVENT_CATEGORY_OPTIONS = [
  { value: "food", label: "Food & Drink" },
  { value: "music", label: "Music" },
  { value: "art", label: "Art" },
  { value: "business", label: "Business" },
] as const satisfies readonly Option[];
export const EVENT_CATEGORIES = EVENT_CATEGORY_OPTIONS.map((o) => o.value);
export type EventCategory = (typeof EVENT_CATEGORY_OPTIONS)[number]["value"];
/** The spec's city filter values; any city an event is in joins them. */
export const SPEC_EVENT_CITIES = [
  { value: "washington", label: "Washington" },
  { value: "baltimore", label: "Baltimore" },
  { value: "philadelphia", label: "Philadelphia" },
] as const satisfies readonly Option[];
export const EVENT_STATUSES = ["pending", "approved", "rejected"] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

export const POST_STATUSES = ["draft", "published"] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

export const SUBSCRIBER_STATUSES = ["pending", "confirmed", "unsubscribed"] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];

/** Ownership claims (issue 16): open until an admin approves or refuses one. */
export const CLAIM_STATUSES = ["open", "approved", "refused"] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];
/** How the claimant can be checked: an email address at the business's own domain, or the business's phone. */
export const CLAIM_VERIFICATION_METHODS = ["email_domain", "phone"] as const;
export type ClaimVerificationMethod = (typeof CLAIM_VERIFICATION_METHODS)[number];

/** A site of the Near network, as the About page lists it. */
export interface CitySite {
  name: string;
  state: string;
  url: string;
  note?: string;
}
/**
 * The spec's eight city sites, the About page's default. A deployment lists
 * its own network with CITY_SITES (a JSON array of { name, state, url, note }).
 */
export const DEFAULT_CITY_SITES: readonly CitySite[] = [
  {
    name: "Near Washington",
    state: "District of Columbia",
    url: "https://washington.near.example",
    note: "Capitol Hill cafes to Georgetown boutiques",
  },
  {
    name: "Near Baltimore",
    state: "Maryland",
    url: "https://baltimore.near.example",
    note: "Harbor seafood, Hampden makers and more",
  },
  {
    name: "Near Philadelphia",
    state: "Pennsylvania",
    url: "https://philadelphia.near.example",
    note: "Cheesesteaks, galleries and corner shops",
  },
  {
    name: "Near Richmond",
    state: "Virginia",
    url: "https://richmond.near.example",
    note: "Breweries and bistros along the James",
  },
  {
    name: "Near Annapolis",
    state: "Maryland",
    url: "https://annapolis.near.example",
    note: "Sailing town favorites on Main Street",
  },
  {
    name: "Near Alexandria",
    state: "Virginia",
    url: "https://alexandria.near.example",
    note: "Old Town shops, cafes and services",
  },
  {
    name: "Near Wilmington",
    state: "Delaware",
    url: "https://wilmington.near.example",
    note: "Riverfront dining and neighborhood pros",
  },
  {
    name: "Near Arlington",
    state: "Virginia",
    url: "https://arlington.near.example",
    note: "Ballston to Clarendon, block by block",
  },
];
