import { sql } from "drizzle-orm";
import { resolveAuthSecret } from "~/.server/auth-secret";
import type { Config } from "~/.server/config";
import type { Database } from "~/.server/db/client";
import { queryRows } from "~/.server/db/client";
import type { Logger } from "~/.server/logger";
import type { Mailer } from "~/.server/mail";
import { ownerNotificationEmail, type OwnerEvent } from "./emails.server";
import { unsubscribeToken } from "./tokens.server";
import { NOTIFICATION_INTERVAL_MS, type NotificationKind } from "./types";

export interface NotifyDeps {
  db: Database;
  mailer: Mailer;
  config: Config;
  logger: Logger;
}

interface Target {
  business_id: string;
  business_name: string;
  owner_id: string;
  owner_email: string;
  owner_name: string;
  enabled: boolean;
}

/**
 * Claims this hour's email for a listing and kind: one conditional upsert, so
 * of several processes (or requests) at the same moment exactly one wins,
 * and nobody wins again until NOTIFICATION_INTERVAL_MS (an hour) after the last email.
 */
export async function claimNotificationSlot(db: Database, businessId: string, kind: NotificationKind) {
  const rows = await queryRows<{ last_sent_at: string }>(
    db,
    sql`insert into notification_throttle (business_id, kind, last_sent_at) values (${businessId}, ${kind}, now())
        on conflict (business_id, kind) do update set last_sent_at = now()
        where notification_throttle.last_sent_at <= now() - make_interval(secs => ${NOTIFICATION_INTERVAL_MS / 1000})
        returning last_sent_at::text`,
  );
  return rows[0]?.last_sent_at ?? null;
}

const OWNER_COLUMNS = sql`b.id as business_id, b.name as business_name, u.id as owner_id, u.email as owner_email,
  u.name as owner_name`;

async function messageTarget(db: Database, messageId: string) {
  const rows = await queryRows<Target & { sender_name: string; body: string }>(
    db,
    sql`select ${OWNER_COLUMNS}, coalesce(p.email_messages, true) as enabled, m.sender_name, m.body
        from business_messages m
        join businesses b on b.id = m.business_id
        join users u on u.id = b.owner_id and u.email_verified
        left join notification_preferences p on p.user_id = u.id
        where m.id = ${messageId}`,
  );
  const row = rows[0];
  if (!row) return null;
  const event: OwnerEvent = { kind: "message", senderName: row.sender_name, body: row.body };
  return { target: row, event };
}

async function reviewTarget(db: Database, reviewId: string) {
  const rows = await queryRows<Target & { author: string; rating: number; content: string }>(
    db,
    sql`select ${OWNER_COLUMNS}, coalesce(p.email_reviews, true) as enabled, r.author, r.rating, r.content
        from reviews r
        join businesses b on b.id = r.business_id
        join users u on u.id = b.owner_id and u.email_verified and u.id <> r.user_id
        left join notification_preferences p on p.user_id = u.id
        where r.id = ${reviewId}`,
  );
  const row = rows[0];
  if (!row) return null;
  const event: OwnerEvent = { kind: "review", author: row.author, rating: Number(row.rating), content: row.content };
  return { target: row, event };
}

export type NotifyOutcome = "sent" | "no_owner" | "disabled" | "throttled" | "failed";

/**
 * Queues an email to a listing's owner about a new message or review: only a
 * verified owner who has not turned this kind off, at most once per listing
 * and kind per hour (notification_throttle). The write paths (Send Message, a
 * new review) call it inside the transaction that stores the message or
 * review (`deps.db` is that transaction), so the event and its email are
 * stored together; the mail queue sends it moments later and retries while
 * SMTP is down. Never throws: its work runs in a savepoint, so a failure here
 * is logged and rolled back (the throttle slot too) without losing the
 * visitor's message or review.
 */
export async function notifyOwner(
  deps: NotifyDeps,
  event: { kind: NotificationKind; id: string },
): Promise<NotifyOutcome> {
  try {
    return await deps.db.transaction(async (tx) => {
      const found = event.kind === "message" ? await messageTarget(tx, event.id) : await reviewTarget(tx, event.id);
      if (!found) return "no_owner";
      const { target } = found;
      if (!target.enabled) return "disabled";
      const claimedAt = await claimNotificationSlot(tx, target.business_id, event.kind);
      if (!claimedAt) return "throttled";
      const base = deps.config.publicUrl.replace(/\/+$/, "");
      const token = unsubscribeToken(resolveAuthSecret(deps.config), target.owner_id, event.kind);
      await deps.mailer.send(
        ownerNotificationEmail({
          site: deps.config.SITE_NAME,
          publicUrl: base,
          to: target.owner_email,
          name: target.owner_name,
          listing: { id: target.business_id, name: target.business_name },
          event: found.event,
          unsubscribeUrl: `${base}/notifications/unsubscribe?token=${encodeURIComponent(token)}`,
        }),
        { db: tx },
      );
      return "sent";
    });
  } catch (error) {
    deps.logger.error("Owner notification failed", {
      kind: event.kind,
      error: error instanceof Error ? error.message : String(error),
    });
    return "failed";
  }
}
