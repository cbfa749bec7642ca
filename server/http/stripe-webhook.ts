import type { Context } from "hono";
import { stripeClient } from "../../app/.server/stripe";
import { applyStripeEvent } from "../../app/features/billing/stripe.server";
import { AppError } from "../../app/lib/app-error";
import { errorResponse } from "../api/errors";
import type { AppEnv } from "./env";

/**
 * Stripe's webhook: the signature is checked against STRIPE_WEBHOOK_SECRET
 * over the raw body before anything is read from it (400 and no change when
 * it doesn't match); each event id is applied once (app/features/billing).
 */
export async function stripeWebhook(c: Context<AppEnv>) {
  const { config, database, logger } = c.var.services;
  const stripe = stripeClient(config);
  if (!stripe || !config.STRIPE_WEBHOOK_SECRET)
    return errorResponse(c, new AppError("not_found", "Card payments aren't set up."));
  const signature = c.req.header("stripe-signature");
  const payload = await c.req.text();
  let event;
  try {
    if (!signature) throw new Error("no signature");
    event = await stripe.webhooks.constructEventAsync(payload, signature, config.STRIPE_WEBHOOK_SECRET);
  } catch {
    return errorResponse(c, new AppError("bad_request", "The Stripe signature doesn't match."));
  }
  const result = await applyStripeEvent(database.db, config, event);
  logger.info("Stripe event", { id: event.id, type: event.type, result });
  return c.json({ received: true, result });
}
