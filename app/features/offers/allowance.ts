import { PLAN_ALLOWANCES, PLAN_LABELS, PLANS, type ListingPlan } from "~/lib/catalogue";

// The plan's "coupons or events" (PLAN_ALLOWANCES.coupons) in words; isomorphic (the owner's page shows them too).

/** The cheapest plan that allows more than `plan` does; null on the top plan. */
export function planAllowingMore(plan: ListingPlan): ListingPlan | null {
  const limit = PLAN_ALLOWANCES[plan].coupons;
  return PLANS.find((p) => PLAN_ALLOWANCES[p].coupons > limit) ?? null;
}

const amount = (n: number) => `${n} ${n === 1 ? "coupon or event" : "coupons or events"}`;

/**
 * The refusal of one more, naming the plan that allows more: "The Featured plan includes 5 coupons or events.
 * Upgrade to Premium for up to 20."
 */
export function offerAllowanceMessage(plan: ListingPlan) {
  const limit = PLAN_ALLOWANCES[plan].coupons;
  const included =
    limit === 0
      ? `The ${PLAN_LABELS[plan]} plan doesn't include coupons or events.`
      : `The ${PLAN_LABELS[plan]} plan includes ${amount(limit)}.`;
  const better = planAllowingMore(plan);
  if (!better) return `${included} Remove one, or wait for one to end, to add another.`;
  return `${included} Upgrade to ${PLAN_LABELS[better]} for up to ${PLAN_ALLOWANCES[better].coupons}.`;
}

/** "2 of 5 coupons or events on the Featured plan". */
export function offerAllowanceSummary(plan: ListingPlan, used: number) {
  const limit = PLAN_ALLOWANCES[plan].coupons;
  return `${used} of ${limit} ${limit === 1 ? "coupon or event" : "coupons or events"} on the ${PLAN_LABELS[plan]} plan`;
}
