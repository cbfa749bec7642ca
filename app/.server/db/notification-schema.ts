import { boolean, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth-schema";
import { businesses } from "./schema";

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
