import type { AppLoadContext } from "react-router";
import { getUser } from "~/features/auth/guards.server";
import { choosePath, newListingPath, readPlanChoice } from "~/lib/plan-links";
import { PLANS, type ListingPlan } from "~/lib/catalogue";

/**
 * /pricing: the billing period from the URL (?billing=annual, so the toggle
 * works without JavaScript) and where each "Get Started" leads: a visitor
 * signs up as a business owner and continues to the plan; a signed-in user
 * goes to the chooser (an owner picks the listing, a customer learns how to
 * become an owner).
 */
export async function loadPricing({ request, context }: { request: Request; context: AppLoadContext }) {
  const { period } = readPlanChoice(new URL(request.url).searchParams);
  const user = await getUser({ request, context });
  const hrefs = Object.fromEntries(
    PLANS.map((plan) => {
      // Basic needs no upgrade: straight to adding the business.
      const next = plan === "basic" ? newListingPath(plan, period) : choosePath(plan, period);
      if (!user) return [plan, `/auth?${new URLSearchParams({ mode: "signup", type: "business", redirectTo: next })}`];
      if (plan === "basic" && (user.type === "business" || user.isAdmin)) return [plan, next];
      return [plan, choosePath(plan, period)];
    }),
  ) as Record<ListingPlan, string>;
  // Stripe configured: paid plans are card subscriptions; otherwise an upgrade is a request admins grant.
  return { period, hrefs, payments: Boolean(context.config.STRIPE_SECRET_KEY) };
}
