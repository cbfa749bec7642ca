import { and, eq, sql } from "drizzle-orm";
import type Stripe from "stripe";
import type { Config } from "~/.server/config";
import type { Database } from "~/.server/db/client";
import { businesses, stripeEvents } from "~/.server/db/schema";
import { planForPrice, stripeClient, stripePrice } from "~/.server/stripe";
import { AppError } from "~/lib/app-error";
import type { BillingPeriod, BillingState, ListingPlan } from "~/lib/catalogue";
import { isUuid } from "~/lib/ids";
import { choosePath } from "~/lib/plan-links";
import type { Actor } from "./plan-requests.server";
import { setListingPlan } from "./plan-requests.server";

/**
 * Paid plans through Stripe (issue 10): Checkout for a subscription, the
 * customer portal, and the webhook's events applied to the listing, each
 * event id once.
 */

const NOT_YOURS = "You can only choose a plan for your own listings.";

async function ownedListing(db: Database, actor: Actor, businessId: string) {
  if (!actor.isAdmin && actor.type !== "business") throw new AppError("forbidden", NOT_YOURS);
  if (!isUuid(businessId)) throw new AppError("forbidden", NOT_YOURS);
  const owned = actor.isAdmin
    ? eq(businesses.id, businessId)
    : and(eq(businesses.id, businessId), eq(businesses.ownerId, actor.id));
  const [row] = await db
    .select({
      id: businesses.id,
      name: businesses.name,
      plan: businesses.plan,
      stripeCustomerId: businesses.stripeCustomerId,
      stripeSubscriptionId: businesses.stripeSubscriptionId,
    })
    .from(businesses)
    .where(owned)
    .limit(1);
  if (!row) throw new AppError("forbidden", NOT_YOURS);
  return row;
}

/** Opens Stripe Checkout for a subscription to a paid plan; returns Checkout's URL. */
export async function startCheckout(
  db: Database,
  config: Config,
  actor: Actor & { email?: string },
  input: { businessId: string; plan: ListingPlan; period: BillingPeriod },
) {
  const stripe = stripeClient(config);
  if (!stripe) throw new AppError("service_unavailable", "Card payments aren't set up.");
  if (input.plan === "basic") throw new AppError("bad_request", "Choose Featured or Premium to upgrade.");
  const listing = await ownedListing(db, actor, input.businessId);
  if (listing.stripeSubscriptionId)
    throw new AppError("conflict", `${listing.name} already has a subscription: change it in the billing portal.`);
  const price = stripePrice(config, input.plan, input.period);
  if (!price) throw new AppError("service_unavailable", "Card payments aren't set up for this plan.");
  const back = (result: string) =>
    `${config.publicUrl}${choosePath(input.plan, input.period, { checkout: result, listing: listing.id })}`;
  const metadata = { businessId: listing.id, plan: input.plan };
  const session = await stripe.checkout.sessions.create({
    mode: "subscription",
    line_items: [{ price, quantity: 1 }],
    client_reference_id: listing.id,
    metadata,
    subscription_data: { metadata },
    ...(listing.stripeCustomerId
      ? { customer: listing.stripeCustomerId }
      : actor.email
        ? { customer_email: actor.email }
        : {}),
    success_url: back("success"),
    cancel_url: back("cancelled"),
  });
  if (!session.url) throw new AppError("service_unavailable", "Stripe didn't return a Checkout page.");
  return session.url;
}

/** The customer portal (change plan, update the card, cancel) for a listing's subscription. */
export async function openBillingPortal(db: Database, config: Config, actor: Actor, businessId: string) {
  const stripe = stripeClient(config);
  if (!stripe) throw new AppError("service_unavailable", "Card payments aren't set up.");
  const listing = await ownedListing(db, actor, businessId);
  if (!listing.stripeCustomerId) throw new AppError("bad_request", `${listing.name} has no subscription yet.`);
  const session = await stripe.billingPortal.sessions.create({
    customer: listing.stripeCustomerId,
    return_url: `${config.publicUrl}/portal`,
  });
  return session.url;
}

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

function subscriptionIdOf(value: string | { id: string } | null | undefined) {
  return typeof value === "string" ? value : (value?.id ?? null);
}

/** A subscription's state as the listing's billing state (null: leaves the listing as it is). */
function billingStateOf(sub: Stripe.Subscription): BillingState | null {
  switch (sub.status) {
    case "active":
    case "trialing":
      return sub.cancel_at_period_end ? "cancel_at_period_end" : "active";
    case "past_due":
    case "unpaid":
      return "past_due";
    case "canceled":
    case "incomplete_expired":
      return "expired";
    default:
      return null;
  }
}

function periodEndOf(sub: Stripe.Subscription) {
  const item = sub.items?.data?.[0] as (Stripe.SubscriptionItem & { current_period_end?: number }) | undefined;
  const end = item?.current_period_end ?? (sub as unknown as { current_period_end?: number }).current_period_end;
  return end ? new Date(end * 1000) : null;
}

async function listingBySubscription(tx: Tx, subscriptionId: string | null) {
  if (!subscriptionId) return null;
  const [row] = await tx
    .select({ id: businesses.id })
    .from(businesses)
    .where(eq(businesses.stripeSubscriptionId, subscriptionId))
    .for("update");
  return row ?? null;
}

async function expire(tx: Tx, businessId: string) {
  // Back on Basic: photos and categories over its allowance are hidden, not deleted.
  await setListingPlan(tx, businessId, {
    plan: "basic",
    billingState: "expired",
    currentPeriodEnd: null,
    stripeSubscriptionId: null,
  });
}

async function applySubscription(tx: Tx, config: Config, sub: Stripe.Subscription, deleted: boolean) {
  const listing = await listingBySubscription(tx, sub.id);
  // Unknown subscription (or one already ended: its id was cleared): nothing to change.
  if (!listing) return "ignored";
  const state = deleted ? "expired" : billingStateOf(sub);
  if (!state) return "ignored";
  if (state === "expired") {
    await expire(tx, listing.id);
    return "expired";
  }
  const plan = planForPrice(config, sub.items?.data?.[0]?.price?.id);
  await setListingPlan(tx, listing.id, {
    ...(plan ? { plan } : {}),
    billingState: state,
    currentPeriodEnd: periodEndOf(sub),
  });
  return state;
}

function invoiceSubscription(invoice: Stripe.Invoice) {
  const legacy = (invoice as unknown as { subscription?: string | { id: string } | null }).subscription;
  const parent = (
    invoice as unknown as { parent?: { subscription_details?: { subscription?: string | { id: string } } } }
  ).parent?.subscription_details?.subscription;
  return subscriptionIdOf(legacy ?? parent);
}

/**
 * Applies one verified webhook event: checkout completion (the listing gets
 * the plan and its subscription), renewals (invoice.paid: active), failed
 * payments (past_due), plan changes and cancellations
 * (customer.subscription.updated / .deleted: expired listings go back to
 * Basic). Each event id is applied once: a replay changes nothing.
 */
export async function applyStripeEvent(db: Database, config: Config, event: Stripe.Event) {
  return db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id });
    if (!fresh) return "duplicate";
    switch (event.type) {
      case "checkout.session.completed": {
        const session = event.data.object;
        if (session.mode !== "subscription") return "ignored";
        const businessId = session.client_reference_id ?? session.metadata?.businessId ?? "";
        const plan = session.metadata?.plan;
        if (!isUuid(businessId) || (plan !== "featured" && plan !== "premium")) return "ignored";
        const [listing] = await tx
          .select({ id: businesses.id })
          .from(businesses)
          .where(eq(businesses.id, businessId))
          .for("update");
        if (!listing) return "ignored";
        await setListingPlan(tx, listing.id, {
          plan,
          billingState: "active",
          stripeCustomerId: subscriptionIdOf(session.customer as string | { id: string } | null),
          stripeSubscriptionId: subscriptionIdOf(session.subscription as string | { id: string } | null),
        });
        return "active";
      }
      case "customer.subscription.created":
      case "customer.subscription.updated":
        return applySubscription(tx, config, event.data.object, false);
      case "customer.subscription.deleted":
        return applySubscription(tx, config, event.data.object, true);
      case "invoice.paid":
      case "invoice.payment_failed": {
        const listing = await listingBySubscription(tx, invoiceSubscription(event.data.object));
        if (!listing) return "ignored";
        const state: BillingState = event.type === "invoice.paid" ? "active" : "past_due";
        await tx
          .update(businesses)
          .set({ billingState: state, updatedAt: sql`now()` })
          .where(eq(businesses.id, listing.id));
        return state;
      }
      default:
        return "ignored";
    }
  });
}
