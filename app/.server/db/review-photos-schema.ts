import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth-schema";

/**
 * Review photos (issue 41, migration 0049): up to 10 photos on a review, from the listing photo pipeline (checked by
 * content, re-encoded without metadata, WebP variants: app/.server/media/process.ts). `review_id` and `business_id`
 * reference reviews and businesses with ON DELETE CASCADE in the migration (drizzle/0049_review_photos.sql); they are
 * plain uuids here so this file needs nothing from schema.ts (which re-exports it). The row goes with its review, its
 * listing or its author's account; the files are deleted by the code that deletes them (docs/media.md, "Deleting").
 */
export const reviewPhotos = pgTable(
  "review_photos",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    reviewId: uuid("review_id").notNull(),
    businessId: uuid("business_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    storageKey: text("storage_key").notNull(),
    /** Widths generated for srcset, ascending. */
    widths: integer("widths").array().notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    /** Bytes of every stored variant: what the photo costs its author's storage allowance. */
    bytes: integer("bytes").notNull().default(0),
    caption: text("caption").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("review_photos_review_position_idx").on(t.reviewId, t.position),
    // The business page's "From customers" strip: the newest first.
    index("review_photos_business_created_idx").on(t.businessId, t.createdAt.desc()),
    // Per-user storage, the data export and account deletion.
    index("review_photos_user_idx").on(t.userId),
    check("review_photos_caption_length", sql`length(${t.caption}) <= 200`),
  ],
);

/**
 * A report of one review photo (issue 41): owners and readers flag a photo; it lands in the admins' review queue
 * with the photo shown. One per reporter and photo.
 */
export const reviewPhotoReports = pgTable(
  "review_photo_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    photoId: uuid("photo_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    status: text("status", { enum: ["open", "resolved"] })
      .notNull()
      .default("open"),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("review_photo_reports_photo_user_key").on(t.photoId, t.userId),
    index("review_photo_reports_open_idx")
      .on(t.photoId)
      .where(sql`status = 'open'`),
  ],
);
