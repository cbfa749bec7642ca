import { sql } from "drizzle-orm";
import { boolean, check, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./auth-schema";

/** How a person's name shows on their public profile (issue 41): "Maria G.", "Maria" or "Maria Garcia". */
export const NAME_DISPLAYS = ["first_initial", "first", "full"] as const;
export type NameDisplay = (typeof NAME_DISPLAYS)[number];

/**
 * A person's public profile (issue 41, migration 0046): the stable handle of /people/<handle> and the choices the
 * account settings page makes. One row per account, made when the account is (Better Auth's user-create hook), gone
 * with it. Nothing private lives here: what the page shows is read from this row, the account's name and join date,
 * and the person's visible reviews.
 */
export const peopleProfiles = pgTable(
  "people_profiles",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    handle: text("handle").notNull(),
    nameDisplay: text("name_display", { enum: NAME_DISPLAYS }).notNull().default("first_initial"),
    city: text("city"),
    showRsvps: boolean("show_rsvps").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("people_profiles_handle_key").on(t.handle),
    check("people_profiles_handle_check", sql`${t.handle} ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length(${t.handle}) <= 60`),
    check("people_profiles_name_display_check", sql`${t.nameDisplay} IN ('first_initial', 'first', 'full')`),
    check("people_profiles_city_check", sql`${t.city} IS NULL OR length(${t.city}) BETWEEN 1 AND 80`),
  ],
);
