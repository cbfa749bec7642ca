import { and, desc, eq, sql } from "drizzle-orm";
import type { Database } from "~/.server/db/client";
import { businesses, planRequests, users } from "~/.server/db/schema";
import type { SessionUser } from "~/features/auth/session.server";
import { AppError } from "~/lib/app-error";
import {
  PLAN_LABELS,
  type BillingPeriod,
  type BillingState,
  type ListingPlan,
  type PlanRequestStatus,
} from "~/lib/catalogue";
import { isUuid } from "~/lib/ids";

/**
 * Plans on listings without Stripe (issue 10): an owner's choice of a paid
 * plan files an upgrade request; an admin grants it (the listing gets the
 * plan) or refuses it with a reason. Only the listing's owner (or an admin)
 * asks for a listing's plan; only admins decide.
 */

export type Actor = Pick<SessionUser, "id" | "isAdmin" | "type">;
type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

const NOT_YOURS = "You can only choose a plan for your own listings.";

/** A listing the actor may choose a plan for, as the pricing page's chooser shows it. */
export interface PlanListing {
  id: string;
  name: string;
  plan: ListingPlan;
  billingState: BillingState;
  /** The open upgrade request's plan, if one waits for an admin. */
  requested: ListingPlan | null;
  /** Has a Stripe customer (the billing portal can manage it). */
  subscribed: boolean;
}

/** The owner's listings (an admin's own are none: admins set plans in the listing form). */
export async function listingsForPlanChoice(db: Database, actor: Actor): Promise<PlanListing[]> {
  if (actor.type !== "business") return [];
  const rows = await db
    .select({
      id: businesses.id,
      name: businesses.name,
      plan: businesses.plan,
      billingState: businesses.billingState,
      requested: planRequests.plan,
      subscribed: sql<boolean>`${businesses.stripeCustomerId} is not null`,
    })
    .from(businesses)
    .leftJoin(planRequests, and(eq(planRequests.businessId, businesses.id), eq(planRequests.status, "open")))
    .where(eq(businesses.ownerId, actor.id))
    .orderBy(businesses.name, businesses.id);
  return rows;
}

/** The plan a listing's open upgrade request asks for (the listing form says it waits for an admin), or null. */
export async function openPlanRequest(db: Database, businessId: string): Promise<ListingPlan | null> {
  const [open] = await db
    .select({ plan: planRequests.plan })
    .from(planRequests)
    .where(and(eq(planRequests.businessId, businessId), eq(planRequests.status, "open")))
    .limit(1);
  return open?.plan ?? null;
}

/** Moves a listing to a plan (grants, Stripe's webhook): active, or expired back on Basic. */
export async function setListingPlan(
  tx: Tx | Database,
  businessId: string,
  values: {
    /** Unset: the plan stays (e.g. a renewal's new period end). */
    plan?: ListingPlan;
    billingState: BillingState;
    currentPeriodEnd?: Date | null;
    stripeCustomerId?: string | null;
    stripeSubscriptionId?: string | null;
  },
) {
  await tx
    .update(businesses)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(businesses.id, businessId));
}

/**
 * Files (or replaces) the listing's open upgrade request. The owner's own
 * listing only (ownership in the query); an admin may file one for any.
 */
export async function requestPlan(
  db: Database,
  actor: Actor,
  input: { businessId: string; plan: ListingPlan; period: BillingPeriod },
) {
  if (!actor.isAdmin && actor.type !== "business") throw new AppError("forbidden", NOT_YOURS);
  if (input.plan === "basic")
    throw new AppError("bad_request", "Every listing starts on Basic: choose Featured or Premium to upgrade.", {
      plan: "Choose Featured or Premium.",
    });
  if (!isUuid(input.businessId)) throw new AppError("not_found", "No listing with that id.");
  return db.transaction(async (tx) => {
    const owned = actor.isAdmin
      ? eq(businesses.id, input.businessId)
      : and(eq(businesses.id, input.businessId), eq(businesses.ownerId, actor.id));
    const [listing] = await tx
      .select({ id: businesses.id, name: businesses.name, plan: businesses.plan, ownerId: businesses.ownerId })
      .from(businesses)
      .where(owned)
      .for("update");
    if (!listing)
      throw new AppError(
        actor.isAdmin ? "not_found" : "forbidden",
        actor.isAdmin ? "No listing with that id." : NOT_YOURS,
      );
    if (listing.plan === input.plan)
      throw new AppError("conflict", `${listing.name} is already on the ${PLAN_LABELS[input.plan]} plan.`);
    const [open] = await tx
      .select({ id: planRequests.id })
      .from(planRequests)
      .where(and(eq(planRequests.businessId, listing.id), eq(planRequests.status, "open")))
      .limit(1);
    if (open) {
      await tx
        .update(planRequests)
        .set({ plan: input.plan, period: input.period, userId: actor.id, createdAt: sql`now()` })
        .where(eq(planRequests.id, open.id));
      return { id: open.id, businessId: listing.id, name: listing.name, plan: input.plan };
    }
    const [row] = await tx
      .insert(planRequests)
      .values({ businessId: listing.id, userId: actor.id, plan: input.plan, period: input.period })
      .returning({ id: planRequests.id });
    return { id: row!.id, businessId: listing.id, name: listing.name, plan: input.plan };
  });
}

export interface PlanRequestItem {
  id: string;
  businessId: string;
  businessSlug: string;
  businessName: string;
  /**
   * The plan the request moves the listing from: the listing's plan now while it is open, the plan it had when the
   * request was decided after that; null for one decided before that was recorded (migration 0039).
   */
  fromPlan: ListingPlan | null;
  plan: ListingPlan;
  period: BillingPeriod;
  status: PlanRequestStatus;
  reason: string | null;
  requestedBy: string;
  createdAt: string;
}

/** The admin's Plans tab: open requests first, then the newest decided ones. */
export async function listPlanRequests(db: Database, actor: Actor, limit = 100): Promise<PlanRequestItem[]> {
  if (!actor.isAdmin) throw new AppError("forbidden", "Only admins can review plan requests.");
  const rows = await db
    .select({
      id: planRequests.id,
      businessId: planRequests.businessId,
      businessSlug: businesses.slug,
      businessName: businesses.name,
      currentPlan: businesses.plan,
      decidedFrom: planRequests.fromPlan,
      plan: planRequests.plan,
      period: planRequests.period,
      status: planRequests.status,
      reason: planRequests.reason,
      requestedBy: users.email,
      createdAt: planRequests.createdAt,
    })
    .from(planRequests)
    .innerJoin(businesses, eq(businesses.id, planRequests.businessId))
    .innerJoin(users, eq(users.id, planRequests.userId))
    .orderBy(sql`(${planRequests.status} = 'open') desc`, desc(planRequests.createdAt), planRequests.id)
    .limit(limit);
  return rows.map(({ currentPlan, decidedFrom, ...r }) => ({
    ...r,
    fromPlan: r.status === "open" ? currentPlan : decidedFrom,
    createdAt: r.createdAt.toISOString(),
  }));
}

/** Grants (the listing moves to the plan, active) or refuses (a reason is required) an open request. */
export async function decidePlanRequest(
  db: Database,
  actor: Actor,
  id: string,
  input: { action: "grant" | "refuse"; reason?: string | null },
) {
  if (!actor.isAdmin) throw new AppError("forbidden", "Only admins can decide plan requests.");
  if (!isUuid(id)) throw new AppError("not_found", "No plan request with that id.");
  const reason = input.reason?.trim() || null;
  if (input.action === "refuse" && !reason)
    throw new AppError("bad_request", "Give a reason for refusing.", { reason: "Give a reason for refusing." });
  return db.transaction(async (tx) => {
    const [request] = await tx.select().from(planRequests).where(eq(planRequests.id, id)).for("update");
    if (!request) throw new AppError("not_found", "No plan request with that id.");
    if (request.status !== "open") throw new AppError("conflict", "This request was already decided.");
    const status: PlanRequestStatus = input.action === "grant" ? "granted" : "refused";
    // The plan it moves from (or stays on), for the history: after a grant the listing's own plan is the new one.
    const [listing] = await tx
      .select({ plan: businesses.plan })
      .from(businesses)
      .where(eq(businesses.id, request.businessId))
      .for("update");
    await tx
      .update(planRequests)
      .set({ status, reason, fromPlan: listing?.plan ?? null, decidedBy: actor.id, decidedAt: sql`now()` })
      .where(eq(planRequests.id, id));
    if (status === "granted")
      await setListingPlan(tx, request.businessId, { plan: request.plan, billingState: "active" });
    return { id, status, businessId: request.businessId, plan: request.plan };
  });
}
