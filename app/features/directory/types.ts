import type { LocationPrecision } from "~/lib/location-precision";
import type { QueryUnderstanding } from "./query-understanding";
import type { WeeklyHours, SpecialHours, OpenStatus } from "./hours";
import type { ListingCategory, ListingPlan } from "~/lib/catalogue-basics";
import type { SocialNetwork } from "~/lib/social-links";

export type CategorySlug = ListingCategory;
export type PlanName = ListingPlan;

/** What the client receives about businesses (serialisable, no internal fields). */

/** One social link as the business page shows it (app/lib/social-links.ts). */
export interface SocialLinkItem {
  network: SocialNetwork;
  label: string;
  mark: string;
  url: string;
}

export interface ImageSource {
  src: string;
  srcSet: string;
  width: number;
  height: number;
  alt: string;
}

export interface BusinessCard {
  id: string;
  slug: string;
  name: string;
  category: CategorySlug;
  /** The primary category: a slug of the category tree (its group is `category`). */
  primaryCategory: string;
  cuisine: string | null;
  subcategory: string | null;
  description: string | null;
  /** The street address; null for a business that serves customers at their location (its service area instead). */
  address: string | null;
  /** A service-area business's cities and postal codes (docs/maps.md, "Service areas"). */
  serviceArea: string[];
  /** And/or the kilometres around its base it serves (the base itself is never given out). */
  serviceRadiusKm: number | null;
  city: string;
  /** The region (state, province); null where the address has none. */
  state: string | null;
  /** The postal code; null in a country without them. */
  zip: string | null;
  /** ISO 3166-1 alpha-2. */
  country: string;
  priceRange: string | null;
  features: string[];
  categories: string[];
  rating: number;
  reviewCount: number;
  plan: PlanName;
  /** Entertainment: who it suits (kids, teens, adults, family); empty for other categories. */
  ageGroups: string[];
  image: ImageSource | null;
  openStatus: OpenStatus;
  /** For the map (docs/maps.md); null when the listing has no position, and for a service-area business. */
  latitude: number | null;
  longitude: number | null;
  /** How exact that position is (app/lib/location-precision.ts): the results map marks a postal code's or a city's centre. */
  locationPrecision?: LocationPrecision | null;
  /** "Near me": miles from the searched position (present only when a search has one, null without coordinates). */
  distanceMiles?: number | null;
}

export interface ReviewItem {
  id: string;
  author: string;
  content: string;
  rating: number;
  date: string;
}

export interface BusinessDetail extends Omit<BusinessCard, "image"> {
  /** Its categories by name, the primary first, each linking to its category page (/categories/<slug>). */
  categoryLinks: { slug: string; name: string }[];
  /** Optional, from the owner or an import; shown beside the address. */
  neighborhood: string | null;
  phone: string | null;
  website: string | null;
  email: string | null;
  bookingUrl: string | null;
  /** The plan's social links, in the networks' order (none on Basic: hidden, kept). */
  socialLinks: SocialLinkItem[];
  timezone: string;
  latitude: number | null;
  longitude: number | null;
  /** How exact the position is (app/lib/location-precision.ts); null without one (or for a service-area business). */
  locationPrecision: LocationPrecision | null;
  ownerId: string | null;
  status: string;
  /** An admin's reason for a rejected or suspended listing (shown to its owner). */
  statusReason: string | null;
  createdAt: string;
  updatedAt: string;
  images: ImageSource[];
  hours: WeeklyHours[];
  specialHours: SpecialHours[];
  reviews: ReviewItem[];
  /** Today's weekday in the business's time zone (0 = Sunday). */
  today: number;
}

/** Where a "Near me" search measures from (docs/maps.md). */
export interface SearchOrigin {
  lat: number;
  lng: number;
  /** The typed place as resolved ("ZIP 62701", "Springfield, IL"); null for the browser's position. */
  label: string | null;
  /** The radius filter in miles, or null for no limit. */
  radius: number | null;
}

/** What a page's "Near me" panel shows (app/features/directory/components/near-me.tsx). */
export interface NearMeState {
  origin: SearchOrigin | null | undefined;
  unknownPlace?: string;
  /** The typed place and radius from the URL. */
  near?: string;
  radius?: number;
}

export interface SearchResult {
  /** Set when the search has a position: each item then carries distanceMiles. */
  origin?: SearchOrigin | null;
  /** A typed place (?near=) that no listing's ZIP code, city or neighbourhood matches: the search ran without a position. */
  unknownPlace?: string;
  items: BusinessCard[];
  /**
   * The site's city when the search ran there by default, or ranked it first (`anywhere`); absent
   * when the search had a place of its own (a position, a typed place, the map's area).
   */
  scope?: { city: string; state: string; anywhere: boolean };
  /** Exact when `totalExact`; otherwise a lower bound, at least COUNT_BOUND ("1,000+ results"). */
  total: number;
  totalExact: boolean;
  page: number;
  pageSize: number;
  pageCount: number;
  /** Keyset pagination: pass as `after` for the next page (sorts an index serves; absent on the last page). */
  nextCursor?: string;
  /**
   * A place without a radius (search-engine.server.ts): the radius its answers were kept within (null: everywhere),
   * and whether it had to widen past the place's area to find any.
   */
  area?: { radius: number | null; widened: boolean };
  /** What the search text was read as (query-understanding.ts): the filters it became and the text left. */
  understood?: QueryUnderstanding;
}
