import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { asc, eq, sql } from "drizzle-orm";
import type { Config } from "~/.server/config";
import { csvRecord } from "~/.server/csv";
import type { Database } from "~/.server/db/client";
import { newsletterSubscribers } from "~/.server/db/schema";
import type { Logger } from "~/.server/logger";
import type { Mailer } from "~/.server/mail";
import type { RateLimiter } from "~/.server/rate-limit";
import { AppError } from "~/lib/app-error";

/**
 * The newsletter, double opt-in: Subscribe stores the address as pending and
 * emails a confirmation link; only confirmed addresses are ever exported (and
 * so ever receive a newsletter). Every email carries an unsubscribe link. The
 * links hold a random token; only its SHA-256 is stored.
 */

const hash = (token: string) => createHash("sha256").update(token).digest("hex");
const newToken = () => randomBytes(24).toString("base64url");

export const newsletterLinks = (publicUrl: string, token: string) => ({
  confirm: `${publicUrl}/newsletter/confirm?token=${token}`,
  unsubscribe: `${publicUrl}/newsletter/unsubscribe?token=${token}`,
});

/**
 * The unsubscribe link of a newsletter issue: `<subscriber id>.<HMAC>`, signed
 * with the server's auth secret. Only the confirmation's random token is
 * stored (hashed), so an issue sent later can't repeat it; a signature needs
 * nothing stored, never expires (an old issue's link must still work) and can
 * only unsubscribe, never confirm.
 */
const SIGNED_TOKEN = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([A-Za-z0-9_-]{43})$/;
const signature = (secret: string, subscriberId: string) =>
  createHmac("sha256", secret).update(`near-newsletter-unsubscribe:${subscriberId}`).digest("base64url");

export function issueUnsubscribeToken(secret: string, subscriberId: string) {
  return `${subscriberId}.${signature(secret, subscriberId)}`;
}

/** The subscriber a signed unsubscribe token names, or null when it is malformed or not ours. */
function readIssueUnsubscribeToken(secret: string, token: string) {
  const match = SIGNED_TOKEN.exec(token);
  if (!match) return null;
  const expected = Buffer.from(signature(secret, match[1]!));
  const given = Buffer.from(match[2]!);
  return given.length === expected.length && timingSafeEqual(given, expected) ? match[1]! : null;
}

interface Deps {
  db: Database;
  mailer: Mailer;
  config: Pick<Config, "SITE_NAME" | "publicUrl">;
  logger: Logger;
}

/**
 * Subscribe: a new or unsubscribed address gets a fresh token and a
 * confirmation email; a pending one gets the email again (new token); a
 * confirmed one gets nothing. The caller answers the same in every case.
 */
export async function subscribe(deps: Deps, email: string, { ip, limiter }: { ip: string; limiter: RateLimiter }) {
  const retryAfter = await limiter.hit(ip);
  if (retryAfter > 0)
    throw new AppError("too_many_requests", "Too many sign-ups from here. Please try again later.", undefined, {
      retryAfter,
    });
  const [current] = await deps.db
    .select()
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, email))
    .limit(1);
  if (current?.status === "confirmed") return;
  const token = newToken();
  const links = newsletterLinks(deps.config.publicUrl, token);
  const site = deps.config.SITE_NAME;
  // The token and its email are stored together; the mail queue sends it and retries while SMTP is down.
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(newsletterSubscribers)
      .values({ email, tokenHash: hash(token), status: "pending" })
      .onConflictDoUpdate({
        target: newsletterSubscribers.email,
        set: { tokenHash: hash(token), status: "pending", unsubscribedAt: null, createdAt: new Date() },
      });
    await deps.mailer.send(
      {
        to: email,
        subject: `Confirm your ${site} newsletter subscription`,
        text: `Please confirm that you want ${site}'s newsletter (new places, local events and hidden gems, once a month):\n\n${links.confirm}\n\nIf you didn't ask for it, ignore this email: you won't hear from us again.\n\nUnsubscribe: ${links.unsubscribe}`,
        html: `<p>Please confirm that you want ${site}'s newsletter (new places, local events and hidden gems, once a month):</p><p><a href="${links.confirm}">Confirm my subscription</a></p><p>If you didn't ask for it, ignore this email: you won't hear from us again.</p><p style="font-size:12px;color:#666"><a href="${links.unsubscribe}">Unsubscribe</a></p>`,
        link: links.confirm,
      },
      { db: tx },
    );
  });
}

/** A subscriber by a link's token; `secret` also accepts a newsletter issue's signed unsubscribe token. */
async function byToken(db: Database, token: string, secret?: string) {
  const signedId = secret ? readIssueUnsubscribeToken(secret, token) : null;
  if (signedId) {
    const [row] = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.id, signedId)).limit(1);
    return row ?? null;
  }
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) return null;
  const [row] = await db
    .select()
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.tokenHash, hash(token)))
    .limit(1);
  return row ?? null;
}

/**
 * The confirm or unsubscribe link's page: who it is for and their status (null: an unknown or replaced link).
 * `secret` (unsubscribe pages only) also accepts an issue's signed token.
 */
export async function subscriptionForToken(db: Database, token: string, secret?: string) {
  const row = await byToken(db, token, secret);
  return row ? { email: row.email, status: row.status } : null;
}

/** Confirm (from the emailed link). Confirming twice is fine; an unsubscribed address must subscribe again. */
export async function confirmSubscription(db: Database, token: string) {
  const row = await byToken(db, token);
  if (!row) throw new AppError("not_found", "This confirmation link is no longer valid. Please subscribe again.");
  if (row.status === "unsubscribed")
    throw new AppError("not_found", "This address has unsubscribed. Please subscribe again to get the newsletter.");
  if (row.status === "pending")
    await db
      .update(newsletterSubscribers)
      .set({ status: "confirmed", confirmedAt: new Date() })
      .where(eq(newsletterSubscribers.id, row.id));
  return { email: row.email };
}

/** Unsubscribe (from any email's link, or a mail program's one-click POST): nothing more is sent. */
export async function unsubscribe(db: Database, token: string, secret?: string) {
  const row = await byToken(db, token, secret);
  if (!row) throw new AppError("not_found", "This unsubscribe link is no longer valid.");
  if (row.status !== "unsubscribed")
    await db
      .update(newsletterSubscribers)
      .set({ status: "unsubscribed", unsubscribedAt: new Date() })
      .where(eq(newsletterSubscribers.id, row.id));
  return { email: row.email };
}

/** Admin: how many addresses are in each state. */
export async function subscriberCounts(db: Database) {
  const rows = await db
    .select({ status: newsletterSubscribers.status, n: sql<number>`count(*)::int` })
    .from(newsletterSubscribers)
    .groupBy(newsletterSubscribers.status);
  const n = (s: string) => Number(rows.find((r) => r.status === s)?.n ?? 0);
  return { confirmed: n("confirmed"), pending: n("pending"), unsubscribed: n("unsubscribed") };
}

/** Admin: the confirmed subscribers as CSV (email, confirmed_at), oldest first; formula-like cells disarmed. */
export async function confirmedSubscribersCsv(db: Database) {
  const rows = await db
    .select({ email: newsletterSubscribers.email, confirmedAt: newsletterSubscribers.confirmedAt })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.status, "confirmed"))
    .orderBy(asc(newsletterSubscribers.confirmedAt), asc(newsletterSubscribers.email));
  return [["email", "confirmed_at"], ...rows.map((r) => [r.email, r.confirmedAt?.toISOString() ?? ""])]
    .map(csvRecord)
    .join("");
}
