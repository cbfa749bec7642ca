import { ChevronLeft, Clock, Store } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { PlanBadge } from "~/components/ui/plan-badge";
import {
  BILLING_STATE_LABELS,
  PLAN_LABELS,
  PLAN_OFFERS,
  pricePerMonth,
  type BillingPeriod,
  type ListingPlan,
} from "~/lib/catalogue";
import { choosePath } from "~/lib/plan-links";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/pricing-choose";
import { choosePlanAction, loadPlanChoice } from "./pricing-choose.server";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "Choose a listing");

export function loader(args: Route.LoaderArgs) {
  return loadPlanChoice(args);
}

export function action(args: Route.ActionArgs) {
  return choosePlanAction(args);
}

function Notice({ ok, children }: { ok: boolean; children: React.ReactNode }) {
  return (
    <p
      role={ok ? "status" : "alert"}
      className={
        ok
          ? "rounded-xl border border-success/40 bg-success/10 px-4 py-3 text-sm"
          : "rounded-xl border border-destructive/40 bg-destructive/10 px-4 py-3 text-sm text-destructive"
      }
    >
      {children}
    </p>
  );
}

/**
 * Every plan, the chosen one marked (issue 40: "Change plan" in My listings opened Featured with only a listing
 * picker). Links keep the billing period and the listing picked, so switching plan is one press, without JavaScript too.
 */
function PlanSwitch({ plan, period, listing }: { plan: ListingPlan; period: BillingPeriod; listing: string | null }) {
  return (
    <nav aria-label="Plans">
      <ul className="grid grid-cols-3 gap-2">
        {PLAN_OFFERS.map((offer) => {
          const current = offer.id === plan;
          return (
            <li key={offer.id} className="grid">
              <Link
                to={choosePath(offer.id, period, listing ? { listing } : {})}
                aria-current={current ? "page" : undefined}
                preventScrollReset
                className={`grid gap-0.5 rounded-xl border p-3 text-center transition-colors hover:border-primary ${
                  current ? "border-primary bg-primary-soft/60 ring-1 ring-primary" : "bg-card"
                }`}
              >
                <span className="font-semibold">{offer.name}</span>
                <span className="text-sm text-muted-foreground tabular-nums">${pricePerMonth(offer, period)}/mo</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** /pricing/choose: which plan, and which listing gets it (or a new one). */
export default function ChoosePlanPage({ loaderData, actionData }: Route.ComponentProps) {
  const { plan, period, role, listings, requested, payments, checkout, selected } = loaderData;
  const busy = useNavigation().state !== "idle";
  const name = PLAN_LABELS[plan];
  return (
    <div className="flex-1 bg-linear-to-b from-primary-soft/50 to-background dark:from-primary-soft/25">
      <div className="mx-auto grid w-full max-w-2xl gap-6 px-4 py-8 sm:px-6 sm:py-12">
        <Link
          to={period === "annual" ? "/pricing?billing=annual" : "/pricing"}
          className="inline-flex w-fit items-center gap-1 text-sm font-medium text-muted-foreground hover:text-foreground"
        >
          <ChevronLeft aria-hidden="true" className="size-4" />
          Pricing
        </Link>
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">The {name} plan</h1>
        {requested ? (
          <Notice ok>
            Your request to move {requested} to the {name} plan is waiting for an admin. Your listing keeps its current
            plan until then; nothing is charged.
          </Notice>
        ) : null}
        {checkout === "success" ? (
          <Notice ok>
            Thank you: your payment went through. Your listing moves to the {name} plan as soon as Stripe confirms it
            (usually within a minute).
          </Notice>
        ) : checkout === "cancelled" ? (
          <Notice ok>Checkout was cancelled; nothing was charged.</Notice>
        ) : null}
        {actionData ? <Notice ok={actionData.ok}>{actionData.message}</Notice> : null}
        {role === "customer" ? (
          <div className="grid gap-3 rounded-2xl border bg-card p-6 shadow-card">
            <h2 className="text-lg font-bold">Plans are for business owners</h2>
            <p className="text-muted-foreground">
              Your account is a customer account. Switch it with <strong>Become a Business Owner</strong> in Account
              Settings (your reviews stay yours), and you come straight back here to choose the {name} plan.
            </p>
            <Button asChild className="w-fit">
              <Link
                to={`/account/settings?${new URLSearchParams({ redirectTo: choosePath(plan, period) })}#become-owner`}
              >
                <Store aria-hidden="true" />
                Become a Business Owner
              </Link>
            </Button>
          </div>
        ) : role === "admin" ? (
          <p className="rounded-2xl border bg-card p-6 shadow-card">
            Admins set a listing’s plan in the listing form, and grant owners’ requests on the{" "}
            <Link to="/admin/plans" className="font-semibold underline underline-offset-4">
              Plans
            </Link>{" "}
            tab.
          </p>
        ) : (
          <>
            <PlanSwitch plan={plan} period={period} listing={selected} />
            <Form method="post" className="grid gap-4 rounded-2xl border bg-card p-6 shadow-card">
              <input type="hidden" name="plan" value={plan} />
              <input type="hidden" name="billing" value={period} />
              <fieldset className="grid min-w-0 grid-cols-1 gap-3">
                <legend className="mb-2 font-semibold">Which listing gets the {name} plan?</legend>
                {listings.map((l) => (
                  <label
                    key={l.id}
                    className="flex items-center gap-3 rounded-xl border p-3 has-checked:border-primary"
                  >
                    <input
                      type="radio"
                      name="listing"
                      value={l.id}
                      required
                      defaultChecked={l.id === selected}
                      className="size-4 accent-primary"
                    />
                    <span className="min-w-0 flex-1 truncate font-medium">{l.name}</span>
                    <PlanBadge plan={l.plan} />
                    {l.plan === "basic" ? <span className="text-xs text-muted-foreground">Basic</span> : null}
                    {l.billingState !== "active" ? (
                      <span className="text-xs text-muted-foreground">{BILLING_STATE_LABELS[l.billingState]}</span>
                    ) : null}
                    {l.requested ? (
                      <span className="inline-flex items-center gap-1 text-xs text-muted-foreground">
                        <Clock aria-hidden="true" className="size-3.5" />
                        {PLAN_LABELS[l.requested]} requested
                      </span>
                    ) : null}
                  </label>
                ))}
                <label className="flex items-center gap-3 rounded-xl border p-3 has-checked:border-primary">
                  <input
                    type="radio"
                    name="listing"
                    value="new"
                    required
                    defaultChecked={listings.length === 0}
                    className="size-4 accent-primary"
                  />
                  <span className="font-medium">A new listing</span>
                </label>
              </fieldset>
              {plan === "basic" ? null : payments ? (
                <p className="text-sm text-muted-foreground">
                  You pay by card on Stripe’s secure Checkout page; the subscription renews each{" "}
                  {period === "annual" ? "year" : "month"} until you cancel.
                </p>
              ) : (
                <p className="text-sm text-muted-foreground">
                  An admin confirms every upgrade: your listing keeps its current plan until then, and nothing is
                  charged now.
                </p>
              )}
              <div className="flex flex-wrap gap-2">
                <Button type="submit" name="intent" value="choose" disabled={busy} className="w-fit">
                  {payments && plan !== "basic" ? `Continue to payment` : `Continue with ${name}`}
                </Button>
                {payments && listings.some((l) => l.subscribed) ? (
                  <Button
                    type="submit"
                    name="intent"
                    value="portal"
                    variant="outline"
                    disabled={busy}
                    className="w-fit"
                  >
                    Manage billing
                  </Button>
                ) : null}
              </div>
            </Form>
          </>
        )}
      </div>
    </div>
  );
}
