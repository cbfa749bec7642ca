import { eq, sql } from "drizzle-orm";
import type { Database } from "~/.server/db/client";
import { notificationPreferences, users } from "~/.server/db/schema";
import type { NotificationKind, NotificationPreferences } from "./types";

const DEFAULTS: NotificationPreferences = { emailMessages: true, emailReviews: true };

/** An account's owner-email settings; both are on until the owner turns one off. */
export async function getNotificationPreferences(db: Database, userId: string): Promise<NotificationPreferences> {
  const [row] = await db
    .select({
      emailMessages: notificationPreferences.emailMessages,
      emailReviews: notificationPreferences.emailReviews,
    })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId))
    .limit(1);
  return row ?? DEFAULTS;
}

/** Saves the settings of the signed-in account (the user id comes from the session, never the form). */
export async function saveNotificationPreferences(
  db: Database,
  userId: string,
  changes: Partial<NotificationPreferences>,
): Promise<NotificationPreferences> {
  const next = { ...(await getNotificationPreferences(db, userId)), ...changes };
  await db
    .insert(notificationPreferences)
    .values({ userId, ...next })
    .onConflictDoUpdate({
      target: notificationPreferences.userId,
      set: { ...next, updatedAt: sql`now()` },
    });
  return next;
}

/** The one-click unsubscribe: turns one kind off for the token's account; null when the account is gone. */
export async function unsubscribeFromKind(db: Database, userId: string, kind: NotificationKind) {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) return null;
  await saveNotificationPreferences(
    db,
    userId,
    kind === "message" ? { emailMessages: false } : { emailReviews: false },
  );
  return { email: user.email };
}

/** For the unsubscribe page's GET: whose link this is and whether the setting is still on. */
export async function unsubscribeTarget(db: Database, userId: string, kind: NotificationKind) {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) return null;
  const prefs = await getNotificationPreferences(db, userId);
  return { email: user.email, subscribed: kind === "message" ? prefs.emailMessages : prefs.emailReviews };
}
