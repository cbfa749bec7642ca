import { createHmac, timingSafeEqual } from "node:crypto";
import { NOTIFICATION_KINDS, type NotificationKind } from "./types";

/**
 * One-click unsubscribe links: `<user id, base64url>.<kind>.<HMAC>`, signed
 * with the server's auth secret (every process sharing a database shares it).
 * They never expire — an unsubscribe link in an old email must still work —
 * and they can only turn one setting off for one account.
 */
function signature(secret: string, userId: string, kind: NotificationKind) {
  return createHmac("sha256", secret).update(`near-unsubscribe:${userId}:${kind}`).digest("base64url");
}

export function unsubscribeToken(secret: string, userId: string, kind: NotificationKind) {
  return `${Buffer.from(userId).toString("base64url")}.${kind}.${signature(secret, userId, kind)}`;
}

/** The account and setting a token names, or null when it is malformed or not ours. */
export function readUnsubscribeToken(secret: string, token: string): { userId: string; kind: NotificationKind } | null {
  if (token.length > 300) return null;
  const [encoded, kind, sig, ...rest] = token.split(".");
  if (rest.length || !encoded || !sig || !NOTIFICATION_KINDS.includes(kind as NotificationKind)) return null;
  const userId = Buffer.from(encoded, "base64url").toString("utf8");
  if (!userId || !/^[A-Za-z0-9_-]{1,64}$/.test(userId)) return null;
  const expected = Buffer.from(signature(secret, userId, kind as NotificationKind));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { userId, kind: kind as NotificationKind };
}
