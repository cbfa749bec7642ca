import { and, eq, gte, inArray, sql, type SQL } from "drizzle-orm";
import type { Database } from "~/.server/db/client";
import { businesses, businessOffers, events } from "~/.server/db/schema";
import { AppError } from "~/lib/app-error";
import { PLAN_ALLOWANCES, PLANS, type ListingPlan } from "~/lib/catalogue";
import { offerAllowanceMessage, offerAllowanceSummary } from "./allowance";
import type { OfferAllowance } from "./types";

/**
 * The plan's "coupons or events" (issue 36): a business's offers that have not ended and its upcoming events
 * (waiting for review or approved) count together against PLAN_ALLOWANCES.coupons. The allowance refuses NEW ones
 * beyond it (an offer here, an event in events/mutations.server.ts); it never takes an event away: after a
 * downgrade every approved event stays, and offers are shown only in the room the events leave (hidden, kept; an
 * upgrade shows them again). Admins are not limited.
 */

type Db = Pick<Database, "select">;

/** When "now" is, for counting: the instant (events) and the site's calendar day (offers). */
export interface OfferClock {
  now: Date;
  today: string;
}

/** The plan's allowance as SQL, for a row of businesses. */
export function planLimitSql(plan: SQL | typeof businesses.plan = businesses.plan): SQL<number> {
  const cases = PLANS.map((p) => sql.raw(`when '${p}' then ${PLAN_ALLOWANCES[p].coupons}`));
  return sql<number>`(case ${plan} ${sql.join(cases, sql` `)} else 0 end)`;
}

/**
 * Whether the offer row in scope (business_offers) is inside its business's allowance: the offers not ended,
 * in order of their first day (then age), take the room the approved upcoming events leave.
 */
export function offerVisibleSql({ now, today }: OfferClock, plan: SQL | typeof businesses.plan = businesses.plan) {
  return sql`((select count(*) from business_offers o2
      where o2.business_id = ${businessOffers.businessId} and o2.ends_on >= ${today}::date
        and (o2.starts_on, o2.created_at, o2.id) < (${businessOffers.startsOn}, ${businessOffers.createdAt}, ${businessOffers.id}))
    + (select count(*) from events ev
      where ev.business_id = ${businessOffers.businessId} and ev.status = 'approved' and ev.ends_at >= ${now.toISOString()}::timestamptz)
    < ${planLimitSql(plan)})`;
}

/** How many of the allowance a business uses now: offers not ended and events waiting or approved not over. */
export async function offerAllowanceUsed(db: Db, businessId: string, { now, today }: OfferClock) {
  const [offers, upcoming] = await Promise.all([
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(businessOffers)
      .where(and(eq(businessOffers.businessId, businessId), gte(businessOffers.endsOn, today))),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(events)
      .where(
        and(
          eq(events.businessId, businessId),
          inArray(events.status, ["pending", "approved"]),
          gte(events.endsAt, now),
        ),
      ),
  ]);
  return Number(offers[0]?.n ?? 0) + Number(upcoming[0]?.n ?? 0);
}

export async function offerAllowance(
  db: Db,
  business: { id: string; plan: ListingPlan },
  clock: OfferClock,
  { isAdmin = false }: { isAdmin?: boolean } = {},
): Promise<OfferAllowance> {
  const used = await offerAllowanceUsed(db, business.id, clock);
  const limit = PLAN_ALLOWANCES[business.plan].coupons;
  return {
    plan: business.plan,
    limit,
    used,
    summary: offerAllowanceSummary(business.plan, used),
    refusal: !isAdmin && used >= limit ? offerAllowanceMessage(business.plan) : null,
  };
}

/**
 * Refuses one more offer or event over the plan's allowance (a 400 naming the plan that allows more, on `field`).
 * Admins are not limited.
 */
export async function assertOfferRoom(
  db: Db,
  business: { id: string; plan: ListingPlan },
  clock: OfferClock,
  { isAdmin, field }: { isAdmin: boolean; field: string },
) {
  if (isAdmin) return;
  const used = await offerAllowanceUsed(db, business.id, clock);
  if (used < PLAN_ALLOWANCES[business.plan].coupons) return;
  const message = offerAllowanceMessage(business.plan);
  throw new AppError("bad_request", message, { [field]: message });
}
