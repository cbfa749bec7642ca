import Stripe from "stripe";
import type { Config } from "./config";

/**
 * The Stripe client (the official package), built once per configuration;
 * null without STRIPE_SECRET_KEY (then paid plans are upgrade requests an
 * admin grants). STRIPE_API_URL points it at a local stand-in in tests.
 */
const clients = new WeakMap<Config, Stripe>();

export function stripeClient(config: Config): Stripe | null {
  if (!config.STRIPE_SECRET_KEY) return null;
  let client = clients.get(config);
  if (!client) {
    const api = config.STRIPE_API_URL ? new URL(config.STRIPE_API_URL) : null;
    client = new Stripe(config.STRIPE_SECRET_KEY, {
      maxNetworkRetries: api ? 0 : 2,
      ...(api
        ? {
            host: api.hostname,
            port: Number(api.port || (api.protocol === "https:" ? 443 : 80)),
            protocol: api.protocol === "https:" ? "https" : "http",
          }
        : {}),
    });
    clients.set(config, client);
  }
  return client;
}

/** The configured price of a paid plan and period. */
export function stripePrice(config: Config, plan: "featured" | "premium", period: "monthly" | "annual") {
  const key = `STRIPE_PRICE_${plan.toUpperCase()}_${period.toUpperCase()}` as
    | "STRIPE_PRICE_FEATURED_MONTHLY"
    | "STRIPE_PRICE_FEATURED_ANNUAL"
    | "STRIPE_PRICE_PREMIUM_MONTHLY"
    | "STRIPE_PRICE_PREMIUM_ANNUAL";
  return config[key];
}

/** Which plan a price id sells (webhooks: plan changes made in the customer portal). */
export function planForPrice(config: Config, priceId: string | null | undefined) {
  if (!priceId) return null;
  if (priceId === config.STRIPE_PRICE_FEATURED_MONTHLY || priceId === config.STRIPE_PRICE_FEATURED_ANNUAL)
    return "featured" as const;
  if (priceId === config.STRIPE_PRICE_PREMIUM_MONTHLY || priceId === config.STRIPE_PRICE_PREMIUM_ANNUAL)
    return "premium" as const;
  return null;
}
