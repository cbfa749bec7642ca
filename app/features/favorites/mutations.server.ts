import { and, eq } from "drizzle-orm";
import type { Database } from "~/.server/db/client";
import { businesses, favorites } from "~/.server/db/schema";
import type { RateLimiter } from "~/.server/rate-limit";
import { businessIdOrSlug } from "~/features/directory/queries.server";
import { AppError } from "~/lib/app-error";
import { businessRefSchema, FAVORITE_MESSAGES } from "./schema";

/**
 * Saving and removing favorites. The user is always the signed-in one (the
 * caller passes the session's id), so a user can only ever change their own
 * list. Both are idempotent: saving twice keeps one favorite, removing what
 * isn't saved changes nothing.
 */

/** Saves and removals together: 60 per user per 10 minutes. */
export const FAVORITE_RATE = { limit: 60, windowMs: 10 * 60 * 1000 } as const;

function businessKey(idOrSlug: string) {
  const key = businessRefSchema.safeParse(idOrSlug).success ? businessIdOrSlug(idOrSlug) : null;
  if (!key)
    throw new AppError("bad_request", FAVORITE_MESSAGES.businessId, { businessId: FAVORITE_MESSAGES.businessId });
  return key;
}

async function hit(limiter: RateLimiter, userId: string) {
  const retryAfter = await limiter.hit(userId);
  if (retryAfter > 0) {
    const minutes = Math.max(1, Math.ceil(retryAfter / 60));
    throw new AppError(
      "too_many_requests",
      `You're changing favorites too quickly. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
      undefined,
      { retryAfter },
    );
  }
}

/** Save a published business (UUID or slug) to the user's favorites; anything else is a 404. */
export async function saveFavorite(
  db: Database,
  userId: string,
  idOrSlug: string,
  limiter: RateLimiter,
): Promise<{ businessId: string; saved: true; created: boolean }> {
  const key = businessKey(idOrSlug);
  await hit(limiter, userId);
  const [business] = await db
    .select({ id: businesses.id })
    .from(businesses)
    .where(and(key, eq(businesses.status, "published")))
    .limit(1);
  if (!business) throw new AppError("not_found", "Business not found.");
  const added = await db
    .insert(favorites)
    .values({ userId, businessId: business.id })
    .onConflictDoNothing()
    .returning({ businessId: favorites.businessId });
  return { businessId: business.id, saved: true, created: added.length > 0 };
}

/**
 * Remove a business from the user's favorites. Works whatever the listing's
 * status (a favorite of a since-unpublished business can still be dropped);
 * an unknown business is simply not saved.
 */
export async function removeFavorite(
  db: Database,
  userId: string,
  idOrSlug: string,
  limiter: RateLimiter,
): Promise<{ businessId: string | null; saved: false; removed: boolean }> {
  const key = businessKey(idOrSlug);
  await hit(limiter, userId);
  const [business] = await db.select({ id: businesses.id }).from(businesses).where(key).limit(1);
  if (!business) return { businessId: null, saved: false, removed: false };
  const removed = await db
    .delete(favorites)
    .where(and(eq(favorites.userId, userId), eq(favorites.businessId, business.id)))
    .returning({ businessId: favorites.businessId });
  return { businessId: business.id, saved: false, removed: removed.length > 0 };
}
