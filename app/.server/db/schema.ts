import { sql } from "drizzle-orm";
import { users } from "./auth-schema";
import {
  AGE_GROUPS,
  BILLING_STATES,
  CLAIM_STATUSES,
  CLAIM_VERIFICATION_METHODS,
  LISTING_CATEGORIES,
  LISTING_STATUSES,
  PLANS,
  PLAN_REQUEST_STATUSES,
  PRICE_RANGES,
  SPEC_CUISINES,
  SUBCATEGORY_OPTIONS,
  type ListingCategory,
  type ListingPlan,
  type ListingStatus,
} from "../../lib/catalogue";
import { STAT_METRICS } from "../../lib/listing-stats";
import { LOCATION_PRECISIONS } from "../../lib/location-precision";
import type { SocialLinks } from "../../lib/social-links";
import {
  bigserial,
  customType,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

/**
 * Near's relational model. The spec's tables (businesses, business_hours,
 * reviews, admins) keep its column names; what a real directory needs
 * (slug, status, owner, plan, images, special dates…) sits beside them.
 * Every query in the app has an index here: see docs/decisions/003-data-model.md.
 */

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });
const int4multirange = customType<{ data: string }>({ dataType: () => "int4multirange" });

/* The column enums derive from the product catalogue (app/lib/catalogue.ts); relative import: drizzle-kit loads this file. */
export const CATEGORIES = LISTING_CATEGORIES;
export type Category = ListingCategory;

/** The spec's dropdown values, per category (restaurants use `cuisine`, the rest `subcategory`). */
export const CUISINES = SPEC_CUISINES;
export const SUBCATEGORIES = Object.fromEntries(
  Object.entries(SUBCATEGORY_OPTIONS).map(([category, options]) => [category, options.map((o) => o.value)]),
) as {
  [C in keyof typeof SUBCATEGORY_OPTIONS]: (typeof SUBCATEGORY_OPTIONS)[C][number]["value"][];
};
export { AGE_GROUPS, PLANS, PRICE_RANGES };

export const BUSINESS_STATUSES = LISTING_STATUSES;
export type BusinessStatus = ListingStatus;
export type Plan = ListingPlan;

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

export const businesses = pgTable(
  "businesses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    /** The group of the primary category (a top-level slug of the category tree; the spec's four and more). */
    category: text("category", { enum: CATEGORIES }).notNull(),
    /** The primary category: a slug of the category tree (app/lib/category-data.ts; migration 0040, ADR 019). */
    primaryCategory: text("primary_category").notNull(),
    /** The spec's restaurant facet, derived from the categories: italian, chinese, mexican, indian… */
    cuisine: text("cuisine"),
    /** The other groups' facet (the spec's kinds), derived from the categories: the group's child on the path. */
    subcategory: text("subcategory"),
    /** Entertainment: who it suits (kids, teens, adults, family). */
    ageGroups: text("age_groups")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    description: text("description"),
    /**
     * The street address; null for a service-area business (migration 0038), which serves customers where they are:
     * its page shows its service area, never an address or its position.
     */
    address: text("address"),
    city: text("city").notNull(),
    /** The region: a state, province or county; optional where the country's addresses have none (migration 0037). */
    state: text("state"),
    /** The postal code, checked for the country; null in a country without postal codes (migration 0037). */
    zip: text("zip"),
    /** ISO 3166-1 alpha-2 (migration 0037); the form's default is SITE_COUNTRY. */
    country: text("country").notNull().default("US"),
    /** A service-area business's cities and postal codes (migration 0038; at most 20, docs/maps.md). */
    serviceArea: text("service_area")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Or, and, the kilometres around its base (latitude, longitude: used by search, never shown) it serves. */
    serviceRadiusKm: doublePrecision("service_radius_km"),
    /** Optional (migration 0032): a typed ?near= place can be a neighbourhood (docs/maps.md). */
    neighborhood: text("neighborhood"),
    phone: text("phone"),
    website: text("website"),
    email: text("email"),
    bookingUrl: text("booking_url"),
    /** Social links by network (migration 0044, app/lib/social-links.ts); shown only on plans that include them. */
    socialLinks: jsonb("social_links").$type<SocialLinks>().notNull().default({}),
    priceRange: text("price_range", { enum: PRICE_RANGES }),
    features: text("features")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The additional categories (tree slugs), as many as the plan allows (migration 0040 moved the labels here). */
    categories: text("categories")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The spec's free-form `type` column, kept for compatibility with its calls. */
    type: text("type"),
    timezone: text("timezone").notNull(),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    /** How exact the position is (migration 0047, app/lib/location-precision.ts); null without a position. */
    locationPrecision: text("location_precision", { enum: LOCATION_PRECISIONS }),
    /** Mean of visible review ratings; 0 with none. Maintained in the review transaction. */
    rating: doublePrecision("rating").notNull().default(0),
    reviewCount: integer("review_count").notNull().default(0),
    plan: text("plan", { enum: PLANS }).notNull().default("basic"),
    /** Issue 10: the plan's billing state (active also for plans an admin granted). */
    billingState: text("billing_state", { enum: BILLING_STATES }).notNull().default("active"),
    /** The end of the paid period (Stripe subscriptions; null for Basic and admin grants). */
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
    stripeCustomerId: text("stripe_customer_id"),
    stripeSubscriptionId: text("stripe_subscription_id"),
    status: text("status", { enum: BUSINESS_STATUSES }).notNull().default("pending"),
    statusReason: text("status_reason"),
    ownerId: text("owner_id").references(() => users.id, { onDelete: "set null" }),
    /**
     * When the current owner got the listing through a claim: they see the messages sent from then on, not what
     * visitors wrote to whoever owned it before, or to nobody (security review 37). Null: every message.
     */
    ownerSince: timestamp("owner_since", { withTimezone: true }),
    /**
     * The weighted full-text document, stored so ranking never re-parses text:
     * name (A), cuisine/kind/categories (B), description/features (C).
     */
    searchVector: tsvector("search_vector").generatedAlwaysAs(
      sql`setweight(to_tsvector('english', coalesce(name, '')), 'A') || setweight(to_tsvector('english', coalesce(cuisine, '') || ' ' || coalesce(subcategory, '') || ' ' || near_array_text(categories)), 'B') || setweight(to_tsvector('english', coalesce(description, '') || ' ' || near_array_text(features)), 'C')`,
    ),
    /**
     * The weekly hours as local minutes of the week (0 = Sunday 00:00), kept
     * by a trigger on business_hours; "Open Now" is one containment test.
     */
    openMinutes: int4multirange("open_minutes"),
    /** Bulk import (docs/import.md): where the listing came from ("yelp", "osm", a CSV's name) and its id there. */
    source: text("source"),
    externalId: text("external_id"),
    /** The hash of the imported fields: a re-import of an unchanged row writes nothing. */
    importHash: text("import_hash"),
    /** When an import last wrote the listing; an owner's edit after it (updated_at > imported_at) is kept. */
    importedAt: timestamp("imported_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    // One listing per (source, external id); NULLs are distinct, so listings not imported don't collide.
    uniqueIndex("businesses_source_external_key").on(t.source, t.externalId),
    uniqueIndex("businesses_slug_key").on(t.slug),
    // Public lists: every sort order of the directory, with id as the stable tie-breaker. DESC
    // NULLS FIRST is what ORDER BY … DESC means, so the planner can walk these in order.
    index("businesses_status_created_idx").on(t.status, t.createdAt.desc().nullsFirst(), t.id),
    // The admin list across every status, newest first.
    index("businesses_created_idx").on(t.createdAt.desc().nullsFirst(), t.id),
    index("businesses_status_category_idx").on(
      t.status,
      t.category,
      t.rating.desc().nullsFirst(),
      t.reviewCount.desc().nullsFirst(),
      t.id,
    ),
    index("businesses_status_kind_idx").on(
      t.status,
      t.category,
      sql`coalesce(${t.cuisine}, ${t.subcategory})`,
      t.rating.desc().nullsFirst(),
      t.reviewCount.desc().nullsFirst(),
      t.id,
    ),
    index("businesses_status_rating_idx").on(
      t.status,
      t.rating.desc().nullsFirst(),
      t.reviewCount.desc().nullsFirst(),
      t.id,
    ),
    index("businesses_status_reviews_idx").on(
      t.status,
      t.reviewCount.desc().nullsFirst(),
      t.rating.desc().nullsFirst(),
      t.id,
    ),
    index("businesses_owner_idx").on(t.ownerId),
    // A category page or filter: any of a subtree's slugs among the primary and additional categories (&&).
    index("businesses_category_tree_idx").using("gin", sql`(ARRAY[${t.primaryCategory}] || ${t.categories})`),
    // Stripe's webhook finds the listing by its subscription.
    uniqueIndex("businesses_stripe_subscription_key").on(t.stripeSubscriptionId),
    // Full-text search over the stored, weighted search_vector.
    index("businesses_search_vector_idx").using("gin", t.searchVector),
    // The spec's case-insensitive partial match (LIKE '%…%') on name and description, also the admin search.
    index("businesses_name_trgm_idx").using("gin", sql`lower(${t.name}) gin_trgm_ops`),
    index("businesses_description_trgm_idx").using("gin", sql`lower(coalesce(${t.description}, '')) gin_trgm_ops`),
    check("businesses_rating_range", sql`${t.rating} >= 0 and ${t.rating} <= 5`),
    check("businesses_review_count_nonneg", sql`${t.reviewCount} >= 0`),
    check("businesses_country_code", sql`${t.country} ~ '^[A-Z]{2}$'`),
    check(
      "businesses_service_radius_range",
      sql`${t.serviceRadiusKm} IS NULL OR (${t.serviceRadiusKm} > 0 AND ${t.serviceRadiusKm} <= 500)`,
    ),
  ],
);

/**
 * Every word of the businesses' short fields (name, cuisine, kind, categories,
 * features): the dictionary typo-tolerant search corrects query words
 * against (pg_trgm's recommended spelling-suggestion pattern,
 * https://www.postgresql.org/docs/current/pgtrgm.html#PGTRGM-TEXT-SEARCH).
 */
export const searchWords = pgTable("search_words", { word: text("word").primaryKey() }, (t) => [
  index("search_words_trgm_idx").using("gin", sql`${t.word} gin_trgm_ops`),
]);

/**
 * The distinct time zones of the businesses (kept by a trigger): "Open Now"
 * converts the current time once per zone instead of once per business.
 */
export const businessTimezones = pgTable("business_timezones", { timezone: text("timezone").primaryKey() });

/** Weekly hours. day: 0 = Sunday … 6 = Saturday. close_time < open_time means past midnight. */
export const businessHours = pgTable(
  "business_hours",
  {
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    day: smallint("day").notNull(),
    openTime: text("open_time"),
    closeTime: text("close_time"),
    isClosed: boolean("is_closed").notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.day] }),
    check("business_hours_day_range", sql`${t.day} between 0 and 6`),
  ],
);

/** Holiday closures and other one-off hours; they override the weekly hours for that date. */
export const businessSpecialHours = pgTable(
  "business_special_hours",
  {
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    date: date("date").notNull(),
    openTime: text("open_time"),
    closeTime: text("close_time"),
    isClosed: boolean("is_closed").notNull().default(true),
    note: text("note"),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.date] })],
);

/** Ordered photos; position 0 is the cover. Files live in media storage under `storage_key`. */
export const businessImages = pgTable(
  "business_images",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    storageKey: text("storage_key").notNull(),
    /** Widths generated for srcset, ascending. */
    widths: integer("widths").array().notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    alt: text("alt").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("business_images_business_position_idx").on(t.businessId, t.position)],
);

export const REVIEW_STATUSES = ["visible", "hidden"] as const;

/**
 * One review per user per business (posting again edits it). Demo reviews
 * have no user. Hidden reviews (moderation) leave the page and the rating.
 */
export const reviews = pgTable(
  "reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    author: text("author").notNull(),
    content: text("content").notNull(),
    rating: smallint("rating").notNull(),
    status: text("status", { enum: REVIEW_STATUSES }).notNull().default("visible"),
    helpfulCount: integer("helpful_count").notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index("reviews_business_created_idx").on(t.businessId, t.createdAt.desc().nullsFirst(), t.id),
    index("reviews_business_rating_idx").on(t.businessId, t.rating),
    index("reviews_business_helpful_idx").on(t.businessId, t.helpfulCount.desc().nullsFirst()),
    uniqueIndex("reviews_business_user_key").on(t.businessId, t.userId),
    index("reviews_user_idx").on(t.userId),
    index("reviews_created_idx").on(t.createdAt),
    // The admin's "hidden" list.
    index("reviews_hidden_idx")
      .on(t.updatedAt.desc())
      .where(sql`status = 'hidden'`),
    check("reviews_rating_range", sql`${t.rating} between 1 and 5`),
  ],
);

/** The business owner's public reply: at most one per review. */
export const reviewReplies = pgTable("review_replies", {
  reviewId: uuid("review_id")
    .primaryKey()
    .references(() => reviews.id, { onDelete: "cascade" }),
  authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
  content: text("content").notNull(),
  ...timestamps,
});

/** "Helpful" marks: one per user per review (a toggle). */
export const reviewHelpfulVotes = pgTable(
  "review_helpful_votes",
  {
    reviewId: uuid("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.userId] }), index("review_helpful_votes_user_idx").on(t.userId)],
);

export const REPORT_STATUSES = ["open", "resolved"] as const;

/** A signed-in user's report of a review; admins resolve them. */
export const reviewReports = pgTable(
  "review_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    reviewId: uuid("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    status: text("status", { enum: REPORT_STATUSES }).notNull().default("open"),
    resolvedBy: text("resolved_by").references(() => users.id, { onDelete: "set null" }),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("review_reports_review_user_key").on(t.reviewId, t.userId),
    index("review_reports_status_created_idx").on(t.status, t.createdAt.desc().nullsFirst()),
  ],
);

/** Messages sent from a business page's "Send Message" form to its owner. */
export const businessMessages = pgTable(
  "business_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    senderName: text("sender_name").notNull(),
    senderEmail: text("sender_email").notNull(),
    body: text("body").notNull(),
    readAt: timestamp("read_at", { withTimezone: true }),
    /** The owner put it away: hidden from the inbox (and its unread count) until they look at "Archived". */
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("business_messages_business_created_idx").on(t.businessId, t.createdAt.desc().nullsFirst()),
    // The owner's unread count (root loader, every page): only the rows that count are indexed.
    index("business_messages_unread_idx")
      .on(t.businessId)
      .where(sql`${t.readAt} is null and ${t.archivedAt} is null`),
    // A sender's own messages, for their data export and account deletion.
    index("business_messages_sender_email_idx").on(sql`lower(${t.senderEmail})`),
  ],
);

/** First-party analytics: no third party sees our visitors. */
export const pageViews = pgTable(
  "page_views",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    path: text("path").notNull(),
    name: text("name").notNull(),
    businessId: uuid("business_id").references(() => businesses.id, { onDelete: "cascade" }),
    referrer: text("referrer"),
    visitorId: text("visitor_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("page_views_business_created_idx").on(t.businessId, t.createdAt),
    index("page_views_created_idx").on(t.createdAt),
  ],
);

/**
 * Listing stats (issue #16): one counter per listing, day and metric — search appearances and the business page's
 * Call / Website / Directions / Share / Book clicks — upserted (`count = count + excluded.count`), never a row per
 * event and nothing about who. `day` is the site's calendar day (SITE_TIMEZONE). Page views are counted from
 * page_views (distinct visitors per day) through page_views_business_created_idx.
 */
export const listingStatDays = pgTable(
  "listing_stat_days",
  {
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    metric: text("metric", { enum: STAT_METRICS }).notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [
    // The stats page reads one listing's days in a range: the key's prefix serves it.
    primaryKey({ columns: [t.businessId, t.day, t.metric] }),
    check("listing_stat_days_count_nonneg", sql`${t.count} >= 0`),
    check("listing_stat_days_metric", sql.raw(`metric in (${STAT_METRICS.map((m) => `'${m}'`).join(", ")})`)),
  ],
);

/** A customer's saved businesses ("Save" on a business page; the dashboard's Favorites). */
export const favorites = pgTable(
  "favorites",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One save per user per business (saving again changes nothing).
    primaryKey({ columns: [t.userId, t.businessId] }),
    // A user's list, newest first.
    index("favorites_user_created_idx").on(t.userId, t.createdAt.desc()),
    // Deleting a business cascades through this.
    index("favorites_business_idx").on(t.businessId),
  ],
);

/**
 * Ownership claims (issue 16): a signed-in business owner asks for a
 * published listing that has no owner; an admin approves (the claimant becomes
 * its owner, other open claims are refused) or refuses it with a reason.
 */
export const listingClaims = pgTable(
  "listing_claims",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    note: text("note").notNull(),
    verificationMethod: text("verification_method", { enum: CLAIM_VERIFICATION_METHODS }).notNull(),
    /** The business email address or phone number the admins can check the claimant by. */
    verificationDetail: text("verification_detail").notNull(),
    status: text("status", { enum: CLAIM_STATUSES }).notNull().default("open"),
    /** The admin's reason (required to refuse; optional note on approval). */
    reason: text("reason"),
    decidedBy: text("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One open claim per listing and user (a refused or approved one doesn't block a new one).
    uniqueIndex("listing_claims_open_key")
      .on(t.businessId, t.userId)
      .where(sql`status = 'open'`),
    // Approval refuses the listing's other open claims; the business page asks whether one is open.
    index("listing_claims_business_status_idx").on(t.businessId, t.status),
    // A user's claims, newest first (the claim page, the API's /me/claims, data export and deletion).
    index("listing_claims_user_created_idx").on(t.userId, t.createdAt.desc()),
    // The admin's Claims tab: open ones first, then newest.
    index("listing_claims_admin_idx").on(sql`(status = 'open') desc`, t.createdAt.desc(), t.id),
    // Deleting an admin's account sets decided_by to null through this.
    index("listing_claims_decided_by_idx").on(t.decidedBy),
  ],
);

/**
 * Upgrade requests (issue 10): without Stripe configured, an owner's choice of
 * a paid plan waits here for an admin to grant (the listing gets the plan) or
 * refuse it with a reason.
 */
export const planRequests = pgTable(
  "plan_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    plan: text("plan", { enum: PLANS }).notNull(),
    /** The listing's plan when the request was decided (migration 0039): the history reads from → to. */
    fromPlan: text("from_plan", { enum: PLANS }),
    period: text("period", { enum: ["monthly", "annual"] }).notNull(),
    status: text("status", { enum: PLAN_REQUEST_STATUSES }).notNull().default("open"),
    reason: text("reason"),
    decidedBy: text("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One open request per listing (a new choice replaces the open one).
    uniqueIndex("plan_requests_open_key")
      .on(t.businessId)
      .where(sql`status = 'open'`),
    // The admin's Plans tab: open ones first, then newest.
    index("plan_requests_admin_idx").on(sql`(status = 'open') desc`, t.createdAt.desc(), t.id),
    index("plan_requests_user_idx").on(t.userId, t.createdAt.desc()),
    index("plan_requests_decided_by_idx").on(t.decidedBy),
  ],
);

/** Stripe webhook events already applied (issue 10): each event id is applied once. */
export const stripeEvents = pgTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  appliedAt: timestamp("applied_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The spec's admins table: a grant by email, bound to one account. The email
 * only finds the account the first time its owner signs in with that address
 * verified; from then on the grant belongs to `user_id`, so whoever later
 * holds the email (or signs up with it unverified) gets nothing.
 */
export const admins = pgTable(
  "admins",
  {
    email: text("email").primaryKey(),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("admins_user_id_idx").on(t.userId)],
);

/**
 * An owner's email notification preferences (issue 16): "Email me about new
 * messages" and "… new reviews". No row means both are on; the settings page
 * and the one-click unsubscribe link write one.
 */
export const notificationPreferences = pgTable("notification_preferences", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  emailMessages: boolean("email_messages").notNull().default(true),
  emailReviews: boolean("email_reviews").notNull().default(true),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The owner-email throttle: when a listing's owner was last emailed about a
 * kind of event ("message" or "review"). At most one email per listing per
 * kind per hour, claimed with one conditional upsert, so it holds across
 * every process on one PostgreSQL.
 */
export const notificationThrottle = pgTable(
  "notification_throttle",
  {
    businessId: uuid("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    lastSentAt: timestamp("last_sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.kind] })],
);

// Better Auth's tables (accounts feature).
export * from "./auth-schema";

// The site's content: blog, events, contact messages, newsletter (content feature).
export * from "./content-schema";
export * from "./rate-limit-schema";
export * from "./mail-schema";
// Testimonials and videos on a listing (issue 36).
export * from "./showcase-schema";
// Coupons and offers on a listing (issue 36).
export * from "./offers-schema";
// Menu attachments on a listing (issue 36).
export * from "./menus-schema";
// Reviewer profiles (issue 41).
export * from "./people-schema";
// Review photos and their reports (issue 41).
export * from "./review-photos-schema";
