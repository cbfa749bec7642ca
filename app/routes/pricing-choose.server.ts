import { data, redirect } from "react-router";
import { z } from "zod";
import { getUser } from "~/features/auth/guards.server";
import { choosePath, newListingPath, readPlanChoice } from "~/lib/plan-links";
import { listingsForPlanChoice, requestPlan } from "~/features/billing/plan-requests.server";
import { openBillingPortal, startCheckout } from "~/features/billing/stripe.server";
import { AppError } from "~/lib/app-error";
import { PLAN_LABELS, PLANS } from "~/lib/catalogue";
import type { Route } from "./+types/pricing-choose";

type Args = Pick<Route.LoaderArgs | Route.ActionArgs, "request" | "context">;

function signUpPath(url: URL) {
  return `/auth?${new URLSearchParams({ mode: "signup", type: "business", redirectTo: url.pathname + url.search })}`;
}

/**
 * /pricing/choose?plan=featured&billing=monthly: a visitor signs up as a
 * business owner first; a customer is told how to become one; an owner picks
 * which listing gets the plan, or a new one.
 */
export async function loadPlanChoice({ request, context }: Args) {
  const url = new URL(request.url);
  const choice = readPlanChoice(url.searchParams);
  if (!choice.plan) throw redirect("/pricing");
  const user = await getUser({ request, context });
  if (!user) throw redirect(signUpPath(url));
  const listings = await listingsForPlanChoice(context.db, user);
  const requested = url.searchParams.get("requested");
  const checkout = url.searchParams.get("checkout");
  return {
    /** Stripe configured: paid plans go through Checkout instead of an admin's grant. */
    payments: Boolean(context.config.STRIPE_SECRET_KEY),
    checkout: checkout === "success" || checkout === "cancelled" ? checkout : null,
    /** Preselected (back from the new-listing form or Checkout). */
    selected: url.searchParams.get("listing"),
    plan: choice.plan,
    period: choice.period,
    role: user.isAdmin ? ("admin" as const) : user.type === "business" ? ("owner" as const) : ("customer" as const),
    listings,
    /** Just filed (the new-listing form sends the owner here): that listing's name. */
    requested: listings.find((l) => l.id === requested && l.requested)?.name ?? null,
  };
}

const choiceSchema = z.object({
  plan: z.enum(PLANS),
  billing: z.enum(["monthly", "annual"]).default("monthly"),
  intent: z.enum(["choose", "portal"]).default("choose"),
  listing: z.union([z.literal("new"), z.string().uuid({ message: "Choose one of your listings." })], {
    message: "Choose one of your listings, or a new one.",
  }),
});

export async function choosePlanAction({ request, context }: Args) {
  const user = await getUser({ request, context });
  if (!user) throw redirect(signUpPath(new URL(request.url)));
  const parsed = choiceSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success)
    return data(
      { ok: false as const, message: parsed.error.issues[0]?.message ?? "Choose a listing." },
      { status: 400 },
    );
  const { plan, billing, listing } = parsed.data;
  if (user.type !== "business" && !user.isAdmin)
    return data(
      { ok: false as const, message: "Only business owners can choose a plan for a listing." },
      { status: 403 },
    );
  if (listing === "new") throw redirect(newListingPath(plan, billing));
  try {
    if (parsed.data.intent === "portal")
      throw redirect(await openBillingPortal(context.db, context.config, user, listing));
    if (context.config.STRIPE_SECRET_KEY && plan !== "basic")
      throw redirect(
        await startCheckout(context.db, context.config, user, { businessId: listing, plan, period: billing }),
      );
    const filed = await requestPlan(context.db, user, { businessId: listing, plan, period: billing });
    return {
      ok: true as const,
      message: `Your request to move ${filed.name} to the ${PLAN_LABELS[plan]} plan is waiting for an admin. Your listing keeps its current plan until then; nothing is charged.`,
      next: choosePath(plan, billing),
    };
  } catch (error) {
    if (error instanceof AppError)
      return data({ ok: false as const, message: error.message }, { status: error.status });
    throw error;
  }
}
