import { bigint, integer, pgTable, text, varchar } from "drizzle-orm/pg-core";

/**
 * Rate-limit counters shared by every process on one PostgreSQL
 * (app/.server/rate-limit.ts; PGlite counts in memory). The columns are the
 * ones rate-limiter-flexible's RateLimiterPostgres reads and writes; the key
 * is `<limiter>:<user id or address>`; expire is in epoch milliseconds.
 */
export const rateLimits = pgTable("rate_limits", {
  key: varchar("key", { length: 255 }).primaryKey(),
  points: integer("points").notNull().default(0),
  expire: bigint("expire", { mode: "number" }),
});

/** Better Auth's rate-limit storage ("database" on PostgreSQL): sign-in, sign-up, reset emails, 2FA codes. */
export const authRateLimits = pgTable("auth_rate_limits", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});
