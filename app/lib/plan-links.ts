/** Links of the plan choice (pricing → choose a listing → checkout or request), shared by the billing feature, My listings and the pricing routes. */
import { PLANS, type BillingPeriod, type ListingPlan } from "~/lib/catalogue";

/** The pricing page's choice, read from the URL (?plan=featured&billing=annual); unknown values fall back. */
export function readPlanChoice(params: URLSearchParams): { plan: ListingPlan | null; period: BillingPeriod } {
  const plan = params.get("plan");
  return {
    plan: (PLANS as readonly string[]).includes(plan ?? "") ? (plan as ListingPlan) : null,
    period: params.get("billing") === "annual" ? "annual" : "monthly",
  };
}

/** Where a signed-in owner picks the listing for a plan. */
export function choosePath(plan: ListingPlan, period: BillingPeriod, extra: Record<string, string> = {}) {
  return `/pricing/choose?${new URLSearchParams({ plan, billing: period, ...extra })}`;
}

/** The add-a-business form with the plan chosen (a paid one is requested once the listing exists). */
export function newListingPath(plan: ListingPlan, period: BillingPeriod) {
  return plan === "basic" ? "/business/new" : `/business/new?${new URLSearchParams({ plan, billing: period })}`;
}
