import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * Coupons and offers on a listing (issue 36, migration 0043). The business is referenced by a plain uuid column (the
 * foreign key, ON DELETE CASCADE, is in the migration), so this file needs nothing from schema.ts, which re-exports
 * it. Dates are the site's calendar days, both ends included.
 */
export const businessOffers = pgTable(
  "business_offers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: uuid("business_id").notNull(),
    title: text("title").notNull(),
    terms: text("terms").notNull(),
    /** A code to show at the till or type at checkout, if the offer has one. */
    code: text("code"),
    startsOn: date("starts_on", { mode: "string" }).notNull(),
    endsOn: date("ends_on", { mode: "string" }).notNull(),
    /** "For the first N customers", if limited. */
    firstCustomers: integer("first_customers"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("business_offers_business_idx").on(t.businessId, t.endsOn),
    index("business_offers_ends_idx").on(t.endsOn),
    check("business_offers_dates_check", sql`ends_on >= starts_on`),
    check("business_offers_first_customers_check", sql`first_customers IS NULL OR first_customers > 0`),
  ],
);
