import { and, eq, sql } from "drizzle-orm";
import type { Database } from "~/.server/db/client";
import { businesses, businessOffers } from "~/.server/db/schema";
import type { RateLimiter } from "~/.server/rate-limit";
import type { SessionUser } from "~/features/auth/session.server";
import { AppError } from "~/lib/app-error";
import { isUuid } from "~/lib/ids";
import { assertOfferRoom, type OfferClock } from "./allowance.server";
import { addDays } from "./dates";
import { findOffer } from "./queries.server";
import { OFFER_MESSAGES, type OfferInput, type OfferPatch } from "./schema";

/** Offer writes (add, edit, delete): 30 per user per hour. */
export const OFFER_WRITE_RATE = { limit: 30, windowMs: 60 * 60 * 1000 } as const;
/** How far ahead an offer may run: two years. */
const HORIZON_DAYS = 730;
const FORBIDDEN_OTHERS = "You can only manage your own businesses.";

export type OfferActor = Pick<SessionUser, "id" | "isAdmin" | "type">;
export interface OfferDeps {
  db: Database;
  limiter: RateLimiter;
  clock: OfferClock;
}
type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * Locks the business for this transaction, the ownership rule in the query (its business-account owner, or an
 * admin). A non-admin can't tell a business that isn't theirs from one that doesn't exist.
 */
async function lockBusiness(tx: Tx, actor: OfferActor, businessId: string) {
  if (!actor.isAdmin && actor.type !== "business") throw new AppError("forbidden", FORBIDDEN_OTHERS);
  const missing = actor.isAdmin
    ? new AppError("not_found", "No business with that id.")
    : new AppError("forbidden", FORBIDDEN_OTHERS);
  if (!isUuid(businessId)) throw missing;
  const owned = actor.isAdmin
    ? eq(businesses.id, businessId)
    : and(eq(businesses.id, businessId), eq(businesses.ownerId, actor.id));
  const [row] = await tx
    .select({ id: businesses.id, plan: businesses.plan })
    .from(businesses)
    .where(owned)
    .for("update");
  if (!row) throw missing;
  return row;
}

async function charge(limiter: RateLimiter, actor: OfferActor) {
  const retryAfter = await limiter.hit(actor.id);
  if (retryAfter > 0)
    throw new AppError(
      "too_many_requests",
      "You've changed several offers just now. Please try again later.",
      undefined,
      {
        retryAfter,
      },
    );
}

/** The dates against today: not ended, within the horizon. */
function checkDates({ startsOn, endsOn }: { startsOn: string; endsOn: string }, today: string) {
  if (endsOn < startsOn)
    throw new AppError("bad_request", OFFER_MESSAGES.endBeforeStart, { endsOn: OFFER_MESSAGES.endBeforeStart });
  if (endsOn < today) throw new AppError("bad_request", OFFER_MESSAGES.ended, { endsOn: OFFER_MESSAGES.ended });
  const latest = addDays(today, HORIZON_DAYS);
  if (startsOn > latest) throw new AppError("bad_request", OFFER_MESSAGES.tooFar, { startsOn: OFFER_MESSAGES.tooFar });
  if (endsOn > latest) throw new AppError("bad_request", OFFER_MESSAGES.tooFar, { endsOn: OFFER_MESSAGES.tooFar });
}

/** Adds an offer to a business: its owner or an admin, within the plan's coupons or events (admins not limited). */
export async function createOffer(
  deps: OfferDeps,
  actor: OfferActor,
  businessId: string,
  input: OfferInput,
): Promise<{ id: string }> {
  return deps.db.transaction(async (tx) => {
    const business = await lockBusiness(tx, actor, businessId);
    await charge(deps.limiter, actor);
    checkDates(input, deps.clock.today);
    await assertOfferRoom(tx, business, deps.clock, { isAdmin: actor.isAdmin, field: "title" });
    const [row] = await tx
      .insert(businessOffers)
      .values({
        businessId: business.id,
        title: input.title,
        terms: input.terms,
        code: input.code ?? null,
        startsOn: input.startsOn,
        endsOn: input.endsOn,
        firstCustomers: input.firstCustomers ?? null,
      })
      .returning({ id: businessOffers.id });
    await touch(tx, business.id);
    return { id: row!.id };
  });
}

/**
 * Edits an offer. One that had ended and is brought back counts as a new one against the allowance; a current one
 * keeps its place.
 */
export async function updateOffer(
  deps: OfferDeps,
  actor: OfferActor,
  businessId: string,
  offerId: string,
  patch: OfferPatch,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const business = await lockBusiness(tx, actor, businessId);
    if (!isUuid(offerId)) throw new AppError("not_found", "No offer with that id.");
    const offer = await findOffer(tx, business.id, offerId);
    if (!offer) throw new AppError("not_found", "No offer with that id.");
    await charge(deps.limiter, actor);
    const dates = { startsOn: patch.startsOn ?? offer.startsOn, endsOn: patch.endsOn ?? offer.endsOn };
    if (patch.startsOn !== undefined || patch.endsOn !== undefined) checkDates(dates, deps.clock.today);
    if (offer.endsOn < deps.clock.today && dates.endsOn >= deps.clock.today)
      await assertOfferRoom(tx, business, deps.clock, { isAdmin: actor.isAdmin, field: "endsOn" });
    await tx
      .update(businessOffers)
      .set({
        ...(patch.title !== undefined ? { title: patch.title } : {}),
        ...(patch.terms !== undefined ? { terms: patch.terms } : {}),
        ...(patch.code !== undefined ? { code: patch.code } : {}),
        ...(patch.firstCustomers !== undefined ? { firstCustomers: patch.firstCustomers } : {}),
        ...dates,
        updatedAt: sql`now()`,
      })
      .where(eq(businessOffers.id, offer.id));
    await touch(tx, business.id);
  });
}

/** Deletes an offer (its owner or an admin). */
export async function deleteOffer(deps: OfferDeps, actor: OfferActor, businessId: string, offerId: string) {
  await deps.db.transaction(async (tx) => {
    const business = await lockBusiness(tx, actor, businessId);
    if (!isUuid(offerId)) throw new AppError("not_found", "No offer with that id.");
    await charge(deps.limiter, actor);
    const rows = await tx
      .delete(businessOffers)
      .where(and(eq(businessOffers.businessId, business.id), eq(businessOffers.id, offerId)))
      .returning({ id: businessOffers.id });
    if (!rows.length) throw new AppError("not_found", "No offer with that id.");
    await touch(tx, business.id);
  });
}

/** The listing changed, as for any edit: the businesses trigger announces it, so cached copies and open pages refresh. */
async function touch(tx: Tx, businessId: string) {
  await tx
    .update(businesses)
    .set({ updatedAt: sql`now()` })
    .where(eq(businesses.id, businessId));
}
