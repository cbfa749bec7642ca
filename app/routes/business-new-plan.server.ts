import { getUser } from "~/features/auth/guards.server";
import { choosePath, readPlanChoice } from "~/lib/plan-links";
import { requestPlan } from "~/features/billing/plan-requests.server";
import type { ListingPlan } from "~/lib/catalogue";
import type { Route } from "./+types/business-new";

type Args = Pick<Route.LoaderArgs | Route.ActionArgs, "request" | "context">;

/** /business/new?plan=featured: the plan chosen on the pricing page (paid plans only), shown above the form. */
export function chosenPlan(request: Request): ListingPlan | null {
  const { plan } = readPlanChoice(new URL(request.url).searchParams);
  return plan && plan !== "basic" ? plan : null;
}

/**
 * After an owner adds a listing from the pricing page with a paid plan
 * chosen, the plan is requested for it (an admin grants it) and the owner is
 * sent to the chooser, which says so. The listing itself starts on Basic.
 */
export async function requestChosenPlan<T>(args: Args, result: T): Promise<T | (T & { next: string })> {
  if (!result || typeof result !== "object" || !("ok" in result) || result.ok !== true || !("id" in result))
    return result;
  const plan = chosenPlan(args.request);
  if (!plan) return result;
  const user = await getUser(args);
  if (!user || user.isAdmin) return result;
  const { period } = readPlanChoice(new URL(args.request.url).searchParams);
  const id = String(result.id);
  // With Stripe: back to the chooser with the new listing picked, to pay in Checkout.
  if (args.context.config.STRIPE_SECRET_KEY) return { ...result, next: choosePath(plan, period, { listing: id }) };
  await requestPlan(args.context.db, user, { businessId: id, plan, period });
  return { ...result, next: choosePath(plan, period, { requested: id }) };
}
