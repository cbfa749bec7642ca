import { resolveAuthSecret } from "~/.server/auth-secret";
import type { Config } from "~/.server/config";
import type { Database } from "~/.server/db/client";
import { unsubscribeFromKind, unsubscribeTarget } from "./preferences.server";
import { readUnsubscribeToken } from "./tokens.server";
import type { NotificationKind } from "./types";

export type UnsubscribeView =
  | { valid: true; token: string; kind: NotificationKind; email: string; subscribed: boolean }
  | { valid: false; token: string };

/** GET: what the link would turn off (nothing changes: mail scanners open links). */
export async function viewUnsubscribe(deps: { db: Database; config: Config }, token: string): Promise<UnsubscribeView> {
  const read = readUnsubscribeToken(resolveAuthSecret(deps.config), token);
  const target = read ? await unsubscribeTarget(deps.db, read.userId, read.kind) : null;
  if (!read || !target) return { valid: false, token };
  return { valid: true, token, kind: read.kind, email: target.email, subscribed: target.subscribed };
}

export type UnsubscribeAnswer = { ok: true; kind: NotificationKind; email: string } | { ok: false; message: string };

/** POST: turns the token's setting off. No sign-in needed; the signature is the permission. */
export async function confirmUnsubscribe(
  deps: { db: Database; config: Config },
  token: string,
): Promise<UnsubscribeAnswer> {
  const read = readUnsubscribeToken(resolveAuthSecret(deps.config), token);
  const done = read ? await unsubscribeFromKind(deps.db, read.userId, read.kind) : null;
  if (!read || !done)
    return {
      ok: false,
      message: "This unsubscribe link isn't valid. Change your email settings in your account instead.",
    };
  return { ok: true, kind: read.kind, email: done.email };
}
