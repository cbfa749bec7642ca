import { and, eq, isNull, ne, sql } from "drizzle-orm";
import type { Database } from "~/.server/db/client";
import type { Logger } from "~/.server/logger";
import type { Mailer } from "~/.server/mail";
import type { RateLimiter } from "~/.server/rate-limit";
import { businesses, listingClaims, users } from "~/.server/db/schema";
import type { SessionUser } from "~/features/auth/session.server";
import { businessIdOrSlug } from "~/features/directory/queries.server";
import { AppError } from "~/lib/app-error";
import { isUuid } from "~/lib/ids";
import { claimDecisionEmail } from "./emails.server";
import { getClaim } from "./queries.server";
import type { ClaimDecisionInput, ClaimInput } from "./schema";
import type { ClaimItem } from "./types";

/**
 * Filing and deciding ownership claims. Who may is checked here (not only by
 * the routes): only business-owner accounts file claims, only admins decide.
 */

/** Claims filed: 10 per user per hour. */
export const CLAIM_RATE = { limit: 10, windowMs: 60 * 60 * 1000 } as const;

export const CLAIM_ERRORS = {
  customer:
    "Only business owner accounts can claim a listing. Choose Become a Business Owner in Account Settings, then claim it again.",
  owned: "This listing already has an owner, so it can't be claimed.",
  duplicate: "You already have an open claim for this listing. An admin will review it soon.",
  notFound: "Business not found.",
  decided: "This claim has already been decided.",
  ownedOnApprove: "This listing already has an owner. Refuse the claim instead.",
  otherApproved: "Another claim for this listing was approved.",
} as const;

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

export interface ClaimDeps {
  db: Database;
  logger?: Logger;
  /** Decision emails; without it nobody is emailed (the decision still stands). */
  mail?: { mailer: Mailer; site: string; publicUrl: string };
}

type Claimant = Pick<SessionUser, "id" | "type" | "isAdmin">;

/**
 * A business owner asks for a published listing without an owner. One open
 * claim per listing and user (the partial unique index decides a race).
 */
export async function fileClaim(
  db: Database,
  user: Claimant,
  idOrSlug: string,
  input: ClaimInput,
  limiter: RateLimiter,
): Promise<ClaimItem> {
  if (user.type !== "business")
    throw new AppError("forbidden", CLAIM_ERRORS.customer, undefined, { reason: "not_owner_account" });
  const key = businessIdOrSlug(idOrSlug);
  if (!key) throw new AppError("not_found", CLAIM_ERRORS.notFound);
  const retryAfter = await limiter.hit(user.id);
  if (retryAfter > 0) {
    const minutes = Math.max(1, Math.ceil(retryAfter / 60));
    throw new AppError(
      "too_many_requests",
      `You've filed too many claims. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
      undefined,
      { retryAfter },
    );
  }
  const [listing] = await db
    .select({ id: businesses.id, ownerId: businesses.ownerId })
    .from(businesses)
    .where(and(key, eq(businesses.status, "published")))
    .limit(1);
  if (!listing) throw new AppError("not_found", CLAIM_ERRORS.notFound);
  if (listing.ownerId) throw new AppError("conflict", CLAIM_ERRORS.owned, undefined, { reason: "listing_owned" });
  const inserted = await db
    .insert(listingClaims)
    .values({
      businessId: listing.id,
      userId: user.id,
      note: input.note,
      verificationMethod: input.verificationMethod,
      verificationDetail: input.verificationDetail,
    })
    .onConflictDoNothing()
    .returning({ id: listingClaims.id });
  if (!inserted[0]) throw new AppError("conflict", CLAIM_ERRORS.duplicate, undefined, { reason: "claim_open" });
  return getClaim(db, { id: user.id, isAdmin: false }, inserted[0].id);
}

interface Decided {
  claimId: string;
  userId: string;
  listing: { id: string; slug: string; name: string };
  decision: ClaimDecisionInput["decision"];
  reason: string | null;
}

/**
 * An admin approves or refuses an open claim. Approving, in one transaction:
 * the listing (locked first, so two approvals of the same listing queue up
 * instead of deadlocking) gets the claimant as owner if it still has none,
 * this claim is approved and the listing's other open claims are refused.
 * Everyone decided on is emailed afterwards.
 */
export async function decideClaim(
  deps: ClaimDeps,
  admin: Pick<SessionUser, "id" | "isAdmin">,
  claimId: string,
  input: ClaimDecisionInput,
): Promise<void> {
  if (!admin.isAdmin) throw new AppError("forbidden", "Only admins can decide claims.");
  if (!isUuid(claimId)) throw new AppError("not_found", "Claim not found.");
  const reason = input.reason?.trim() || null;
  if (input.decision === "refuse" && !reason) {
    throw new AppError("bad_request", "Give a reason for refusing the claim.", {
      reason: "Give a reason (3 to 500 characters).",
    });
  }
  const decided = await deps.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ businessId: listingClaims.businessId })
      .from(listingClaims)
      .where(eq(listingClaims.id, claimId))
      .limit(1);
    if (!found) throw new AppError("not_found", "Claim not found.");
    // The listing first, then the claim: every decision takes the locks in this order.
    const [listing] = await tx
      .select({ id: businesses.id, slug: businesses.slug, name: businesses.name, ownerId: businesses.ownerId })
      .from(businesses)
      .where(eq(businesses.id, found.businessId))
      .for("update");
    const [claim] = await tx.select().from(listingClaims).where(eq(listingClaims.id, claimId)).for("update");
    if (!listing || !claim) throw new AppError("not_found", "Claim not found.");
    if (claim.status !== "open")
      throw new AppError("conflict", CLAIM_ERRORS.decided, undefined, { reason: "claim_decided" });
    const out: Decided[] = [];
    const done = { decidedBy: admin.id, decidedAt: sql`now()` };
    if (input.decision === "refuse") {
      await tx
        .update(listingClaims)
        .set({ status: "refused", reason, ...done })
        .where(eq(listingClaims.id, claimId));
      out.push({ claimId, userId: claim.userId, listing, decision: "refuse", reason });
      return out;
    }
    const owned = await tx
      .update(businesses)
      // From now on: what visitors sent before the claim was to no one, not to this owner.
      .set({ ownerId: claim.userId, ownerSince: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(businesses.id, listing.id), isNull(businesses.ownerId)))
      .returning({ id: businesses.id });
    if (!owned.length)
      throw new AppError("conflict", CLAIM_ERRORS.ownedOnApprove, undefined, { reason: "listing_owned" });
    await tx
      .update(listingClaims)
      .set({ status: "approved", reason, ...done })
      .where(eq(listingClaims.id, claimId));
    out.push({ claimId, userId: claim.userId, listing, decision: "approve", reason });
    const others = await refuseOthers(tx, listing.id, claimId, done);
    for (const other of others) {
      out.push({
        claimId: other.id,
        userId: other.userId,
        listing,
        decision: "refuse",
        reason: CLAIM_ERRORS.otherApproved,
      });
    }
    return out;
  });
  for (const d of decided) await tellClaimant(deps, d);
}

function refuseOthers(
  tx: Tx,
  businessId: string,
  approvedId: string,
  done: { decidedBy: string; decidedAt: ReturnType<typeof sql> },
) {
  return tx
    .update(listingClaims)
    .set({ status: "refused", reason: CLAIM_ERRORS.otherApproved, ...done })
    .where(
      and(eq(listingClaims.businessId, businessId), eq(listingClaims.status, "open"), ne(listingClaims.id, approvedId)),
    )
    .returning({ id: listingClaims.id, userId: listingClaims.userId });
}

async function tellClaimant(deps: ClaimDeps, d: Decided) {
  if (!deps.mail) return;
  const [claimant] = await deps.db
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, d.userId))
    .limit(1);
  if (!claimant) return;
  const { mailer, site, publicUrl } = deps.mail;
  // The decision stands even if the email can't go out; the claimant also sees it on the claim page.
  await mailer
    .send(
      claimDecisionEmail({
        site,
        publicUrl,
        to: claimant.email,
        name: claimant.name,
        listing: d.listing,
        decision: d.decision,
        reason: d.reason,
      }),
    )
    .catch((error: unknown) => deps.logger?.error("Claim decision email failed", { claimId: d.claimId, error }));
}

/** The claim deps from the load context or the API's services. */
export function claimDeps(services: {
  db: Database;
  logger: Logger;
  mailer?: Mailer;
  config: { SITE_NAME: string; publicUrl: string };
}): ClaimDeps {
  return {
    db: services.db,
    logger: services.logger,
    mail: services.mailer
      ? { mailer: services.mailer, site: services.config.SITE_NAME, publicUrl: services.config.publicUrl }
      : undefined,
  };
}

/**
 * The claimant takes back a pending claim (it is deleted; they may file a new
 * one later). Ownership is part of the DELETE: someone else's claim, or an
 * unknown id, is a 404; a claim already decided is a 409.
 */
export async function withdrawClaim(db: Database, user: SessionUser, id: string) {
  if (!isUuid(id)) throw new AppError("not_found", "Claim not found.");
  const deleted = await db
    .delete(listingClaims)
    .where(and(eq(listingClaims.id, id), eq(listingClaims.userId, user.id), eq(listingClaims.status, "open")))
    .returning({ id: listingClaims.id });
  if (deleted.length) return;
  const [mine] = await db
    .select({ status: listingClaims.status })
    .from(listingClaims)
    .where(and(eq(listingClaims.id, id), eq(listingClaims.userId, user.id)))
    .limit(1);
  if (!mine) throw new AppError("not_found", "Claim not found.");
  throw new AppError("conflict", "This claim has already been decided, so it can't be withdrawn.");
}
