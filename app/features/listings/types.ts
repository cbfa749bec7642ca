import type { LocationPrecision } from "~/lib/location-precision";
import type { BillingState, ListingCategory, ListingPlan, ListingStatus } from "../../lib/catalogue";
import type { SocialLinks } from "../../lib/social-links";

/** What the management screens (and the management API) see of a listing: every field, any status. */

export interface ManagedPhoto {
  id: string;
  /** 0 is the cover. */
  position: number;
  alt: string;
  src: string;
  srcSet: string;
  width: number;
  height: number;
}

export interface ManagedHours {
  /** 0 = Sunday … 6 = Saturday */
  day: number;
  open: string | null;
  /** Earlier than (or equal to) open: past midnight. */
  close: string | null;
  isClosed: boolean;
}

export interface ManagedBusiness {
  id: string;
  slug: string;
  name: string;
  category: ListingCategory;
  cuisine: string | null;
  subcategory: string | null;
  ageGroups: string[];
  description: string | null;
  /** Null for a business that serves customers at their location. */
  address: string | null;
  /** No storefront: it serves customers where they are (no street address; a service area). */
  serviceAreaBusiness: boolean;
  serviceArea: string[];
  serviceRadiusKm: number | null;
  city: string;
  state: string | null;
  zip: string | null;
  /** ISO 3166-1 alpha-2. */
  country: string;
  neighborhood: string | null;
  phone: string | null;
  website: string | null;
  email: string | null;
  bookingUrl: string | null;
  /** Every stored link, also those hidden by the plan (the owner's own view). */
  socialLinks: SocialLinks;
  priceRange: string | null;
  features: string[];
  /** The primary category (a tree slug) and the additional ones (issue 34). */
  primaryCategory: string;
  categories: string[];
  latitude: number | null;
  longitude: number | null;
  /** How exact the position is (app/lib/location-precision.ts): the form says so and invites dragging the pin. */
  locationPrecision: LocationPrecision | null;
  timezone: string;
  plan: ListingPlan;
  status: ListingStatus;
  /** Why an admin rejected or suspended it; shown to the owner. */
  statusReason: string | null;
  ownerId: string | null;
  rating: number;
  reviewCount: number;
  createdAt: string;
  updatedAt: string;
  hours: ManagedHours[];
  photos: ManagedPhoto[];
}

export interface AdminListItem {
  id: string;
  slug: string;
  name: string;
  description: string | null;
  category: ListingCategory;
  cuisine: string | null;
  subcategory: string | null;
  city: string;
  state: string | null;
  rating: number;
  reviewCount: number;
  status: ListingStatus;
  statusReason: string | null;
  plan: ListingPlan;
  createdAt: string;
  owner: { name: string; email: string } | null;
  cover: { src: string; srcSet: string; width: number; height: number; alt: string } | null;
}

export interface AdminListResult {
  items: AdminListItem[];
  /** Matching listings in the selected status. */
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
  /** Matching listings per status (for the filter's counts). */
  counts: Record<ListingStatus | "all", number>;
}

/** One of the owner's own listings, as "My listings" on /portal and GET /api/v1/me/businesses show it. */
export interface OwnedListing {
  id: string;
  slug: string;
  name: string;
  category: ListingCategory;
  city: string;
  state: string | null;
  status: ListingStatus;
  /** Why an admin rejected or suspended it. */
  statusReason: string | null;
  plan: ListingPlan;
  /** The plan's billing state (issue 10): active, past due, cancelled at period end, expired. */
  billingState: BillingState;
  /** When the paid period ends (Stripe subscriptions), ISO; null for Basic and admin grants. */
  currentPeriodEnd: string | null;
  rating: number;
  reviewCount: number;
  /** Unread messages (not archived) sent from its page. */
  unreadMessages: number;
  createdAt: string;
  updatedAt: string;
}

export interface OwnedListingsPage {
  items: OwnedListing[];
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
}
