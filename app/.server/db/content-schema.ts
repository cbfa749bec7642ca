import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth-schema";
import {
  BLOG_CATEGORIES,
  EVENT_CATEGORIES,
  EVENT_STATUSES,
  POST_STATUSES,
  SUBSCRIBER_STATUSES,
  type BlogCategory,
  type EventCategory,
  type EventStatus,
  type PostStatus,
  type SubscriberStatus,
} from "../../lib/catalogue";

/**
 * The site's own content (issue #11): blog posts, events and their RSVPs,
 * contact messages, newsletter subscribers. Businesses are referenced by id
 * through a plain uuid column checked in code, so this file needs nothing
 * from schema.ts (which re-exports it).
 */

const inList = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(", ")})`);

/** Blog posts: Markdown bodies, drafts until an admin publishes them. */
export const blogPosts = pgTable(
  "blog_posts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    excerpt: text("excerpt").notNull(),
    body: text("body").notNull(),
    coverImage: text("cover_image"),
    category: text("category").$type<BlogCategory>().notNull(),
    author: text("author").notNull(),
    /** The listing the post is about, if any (Premium's monthly article): its page links the post. */
    businessId: uuid("business_id"),
    status: text("status").$type<PostStatus>().notNull().default("draft"),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("blog_posts_slug_idx").on(t.slug),
    index("blog_posts_status_published_idx").on(t.status, t.publishedAt.desc()),
    index("blog_posts_business_idx")
      .on(t.businessId, t.publishedAt.desc())
      .where(sql`${t.businessId} is not null`),
    check("blog_posts_category_check", inList("category", BLOG_CATEGORIES)),
    check("blog_posts_status_check", inList("status", POST_STATUSES)),
  ],
);

/** Events: submitted by signed-in users, public once an admin approves them. */
export const events = pgTable(
  "events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    venue: text("venue").notNull(),
    /** The listed business hosting it, if any (its page and the owner's portal show the event). */
    businessId: uuid("business_id"),
    city: text("city").notNull(),
    /** The city as a filter value: lower-case, hyphenated ("new-york"). */
    citySlug: text("city_slug").notNull(),
    category: text("category").$type<EventCategory>().notNull(),
    imageUrl: text("image_url"),
    status: text("status").$type<EventStatus>().notNull().default("pending"),
    submittedBy: text("submitted_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("events_status_ends_idx").on(t.status, t.endsAt),
    index("events_business_idx").on(t.businessId),
    index("events_submitted_by_idx").on(t.submittedBy),
    check("events_category_check", inList("category", EVENT_CATEGORIES)),
    check("events_status_check", inList("status", EVENT_STATUSES)),
    check("events_time_check", sql`ends_at >= starts_at`),
  ],
);

export const eventRsvps = pgTable(
  "event_rsvps",
  {
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] }), index("event_rsvps_user_idx").on(t.userId)],
);

/** The contact page's messages, read by admins. */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("contact_messages_created_idx").on(t.createdAt.desc()),
    // A person's own messages, for their data export and account deletion.
    index("contact_messages_email_idx").on(sql`lower(${t.email})`),
  ],
);

/** Newsletter subscribers, double opt-in: only confirmed addresses receive anything. */
export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    /** A random secret for the confirm and unsubscribe links (stored hashed: SHA-256 hex). */
    tokenHash: text("token_hash").notNull(),
    status: text("status").$type<SubscriberStatus>().notNull().default("pending"),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("newsletter_subscribers_email_idx").on(t.email),
    uniqueIndex("newsletter_subscribers_token_idx").on(t.tokenHash),
    index("newsletter_subscribers_status_idx").on(t.status),
    check("newsletter_subscribers_status_check", inList("status", SUBSCRIBER_STATUSES)),
  ],
);

export const NEWSLETTER_ISSUE_STATUSES = ["draft", "sending", "sent"] as const;
export type NewsletterIssueStatus = (typeof NEWSLETTER_ISSUE_STATUSES)[number];

/**
 * Newsletter issues (issue 40): a Markdown body an admin writes, previews, tests on themselves and sends to the
 * confirmed subscribers. "sending" while the deliveries are being queued (a send that stopped there is finished by
 * sending again); "sent" with the number of addresses it was queued for.
 */
export const newsletterIssues = pgTable(
  "newsletter_issues",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    status: text("status").$type<NewsletterIssueStatus>().notNull().default("draft"),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    sentBy: text("sent_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    recipientCount: integer("recipient_count").notNull().default(0),
  },
  (t) => [
    index("newsletter_issues_created_idx").on(t.createdAt),
    check("newsletter_issues_status_check", inList("status", NEWSLETTER_ISSUE_STATUSES)),
  ],
);

/**
 * One row per issue and address it was queued for, written in the same transaction as that address's email in
 * mail_queue: sending again skips every address with a row, so an interrupted send never emails anyone twice.
 * Deleted when the issue is marked sent (its recipient count stays).
 */
export const newsletterDeliveries = pgTable(
  "newsletter_deliveries",
  {
    issueId: uuid("issue_id")
      .notNull()
      .references(() => newsletterIssues.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    queuedAt: timestamp("queued_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: "newsletter_deliveries_pk", columns: [t.issueId, t.email] })],
);
