import { sql } from "drizzle-orm";
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The durable email queue (the outbox pattern, app/.server/mail.ts): every
 * email is a row written in the same transaction as what caused it, then sent
 * by a worker in any process that claims it with FOR UPDATE SKIP LOCKED,
 * retried with back-off while SMTP fails, and marked sent once. A sent row
 * keeps its envelope for the record but not its body (links in it sign in).
 */
export const mailQueue = pgTable(
  "mail_queue",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    /** Extra headers (the newsletter's List-Unsubscribe and List-Unsubscribe-Post); null for most emails. */
    headers: jsonb("headers").$type<Record<string, string>>(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** A worker holds the row until then; a crashed worker's claim lapses and another retries it. */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** Given up after the last attempt (logged as an error). */
    failedAt: timestamp("failed_at", { withTimezone: true }),
  },
  (t) => [
    // The worker's one question: what is due now, oldest first.
    index("mail_queue_due_idx")
      .on(t.nextAttemptAt, t.id)
      .where(sql`${t.sentAt} IS NULL AND ${t.failedAt} IS NULL`),
  ],
);
