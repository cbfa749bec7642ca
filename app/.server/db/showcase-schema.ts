import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { VIDEO_PROVIDERS, type VideoProvider } from "../../lib/video-url";

/**
 * Testimonials and videos (issue 36): owner-managed parts of a listing, counted against its plan. `business_id`
 * references businesses with ON DELETE CASCADE in the migration (drizzle/0042_testimonials_videos.sql); it is a
 * plain uuid here so this file needs nothing from schema.ts (which re-exports it).
 */

/** Quotes the business provides: shown apart from reviews, labelled as the business's, never in the rating. */
export const businessTestimonials = pgTable(
  "business_testimonials",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: uuid("business_id").notNull(),
    position: integer("position").notNull(),
    author: text("author").notNull(),
    body: text("body").notNull(),
    /** Where it was said ("Google review", "Washington City Paper"), if the owner says. */
    source: text("source"),
    /** When it was said, if the owner says (YYYY-MM-DD). */
    givenOn: date("given_on"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("business_testimonials_business_position_idx").on(t.businessId, t.position)],
);

/** A YouTube or Vimeo video: its provider and id, never a pasted URL or HTML. */
export const businessVideos = pgTable(
  "business_videos",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: uuid("business_id").notNull(),
    position: integer("position").notNull(),
    provider: text("provider", { enum: VIDEO_PROVIDERS }).$type<VideoProvider>().notNull(),
    videoId: text("video_id").notNull(),
    title: text("title").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("business_videos_business_position_idx").on(t.businessId, t.position),
    check("business_videos_provider_check", sql`provider in ('youtube', 'vimeo')`),
  ],
);
