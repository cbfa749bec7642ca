import { and, eq } from "drizzle-orm";
import type { Database } from "~/.server/db/client";
import { businesses, businessMessages } from "~/.server/db/schema";
import type { RateLimiter } from "~/.server/rate-limit";
import { zodFields } from "~/lib/app-error";
import { messageSchema } from "./message-schema";
import { businessIdOrSlug } from "./queries.server";

/** Five messages per sender address per 10 minutes, across all businesses (the limiter is built once at boot). */
export const MESSAGE_RATE = { limit: 5, windowMs: 10 * 60 * 1000 } as const;

export type SendMessageResult =
  | { ok: true; id: string | null }
  | { ok: false; status: 400; fields: Record<string, string> }
  | { ok: false; status: 404 }
  | { ok: false; status: 429; retryAfter: number };

/**
 * Stores a visitor's message for the business's owner. A filled honeypot is
 * answered like a success (so bots learn nothing) but nothing is stored.
 * `onStored` runs in the same transaction (the owner's email is queued there,
 * so the message and its notification are stored together or not at all).
 */
export async function sendBusinessMessage(
  db: Database,
  businessId: string,
  input: unknown,
  sender: { ip: string },
  /** MESSAGE_RATE, per sender address. */
  limiter: RateLimiter,
  onStored?: (tx: Database, messageId: string) => Promise<unknown>,
): Promise<SendMessageResult> {
  const parsed = messageSchema.safeParse(input);
  if (!parsed.success) return { ok: false, status: 400, fields: zodFields(parsed.error) };
  if (parsed.data.website) return { ok: true, id: null };
  const retryAfter = await limiter.hit(sender.ip);
  if (retryAfter > 0) return { ok: false, status: 429, retryAfter };
  // The API takes a UUID or a slug; comparing a slug with the uuid column would be a database error (500).
  const key = businessIdOrSlug(businessId);
  if (!key) return { ok: false, status: 404 };
  const [business] = await db
    .select({ id: businesses.id })
    .from(businesses)
    .where(and(key, eq(businesses.status, "published")))
    .limit(1);
  if (!business) return { ok: false, status: 404 };
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(businessMessages)
      .values({
        businessId: business.id,
        senderName: parsed.data.name,
        senderEmail: parsed.data.email,
        body: parsed.data.message,
      })
      .returning({ id: businessMessages.id });
    if (row && onStored) await onStored(tx, row.id);
    return row?.id ?? null;
  });
  return { ok: true, id };
}
