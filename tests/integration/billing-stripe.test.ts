import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businesses, stripeEvents } from "~/.server/db/schema";
import { choosePlanAction } from "~/routes/pricing-choose.server";
import { createBusiness } from "../support/factories";
import { ORIGIN, listingHarness, settle, type ListingHarness, type Role } from "./listings-support";

/**
 * Paid plans through Stripe (issue 10): Checkout opened through a local
 * stand-in for Stripe's API (nothing reaches the internet), and the webhook:
 * signature checked (400, nothing touched), each event id applied once,
 * checkout completion, failed payments, plan changes, cancellations.
 * Signed payloads come from stripe.webhooks.generateTestHeaderString.
 */

const SECRET = "whsec_test_near";
const PRICES = {
  STRIPE_PRICE_FEATURED_MONTHLY: "price_featured_m",
  STRIPE_PRICE_FEATURED_ANNUAL: "price_featured_a",
  STRIPE_PRICE_PREMIUM_MONTHLY: "price_premium_m",
  STRIPE_PRICE_PREMIUM_ANNUAL: "price_premium_a",
};

const calls: { path: string; body: URLSearchParams }[] = [];
let standIn: http.Server;
let h: ListingHarness;
const stripe = new Stripe("sk_test_near");

beforeAll(async () => {
  standIn = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk: Buffer) => (raw += chunk.toString()));
    req.on("end", () => {
      calls.push({ path: req.url ?? "", body: new URLSearchParams(raw) });
      res.setHeader("content-type", "application/json");
      if (req.url === "/v1/checkout/sessions")
        return res.end(
          JSON.stringify({ id: "cs_test_1", object: "checkout.session", url: "https://checkout.example/cs_test_1" }),
        );
      if (req.url === "/v1/billing_portal/sessions")
        return res.end(
          JSON.stringify({ id: "bps_1", object: "billing_portal.session", url: "https://billing.example/p/1" }),
        );
      res.statusCode = 404;
      res.end(JSON.stringify({ error: { type: "invalid_request_error", message: "No such route" } }));
    });
  });
  await new Promise<void>((resolve) => standIn.listen(0, "127.0.0.1", resolve));
  const port = (standIn.address() as AddressInfo).port;
  h = await listingHarness({
    STRIPE_SECRET_KEY: "sk_test_near",
    STRIPE_WEBHOOK_SECRET: SECRET,
    STRIPE_API_URL: `http://127.0.0.1:${port}`,
    ...PRICES,
  });
});
afterAll(async () => {
  await h?.ctx.cleanup();
  await new Promise((resolve) => standIn?.close(resolve));
});

const db = () => h.ctx.database.db;

function req(who: Role, fields: Record<string, string>) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  return new Request(`${ORIGIN}/pricing/choose`, {
    method: "POST",
    headers: { cookie: h.users[who].cookie, origin: ORIGIN },
    body,
  });
}

let seq = 0;
function send(type: string, object: Record<string, unknown>, opts: { id?: string; secret?: string } = {}) {
  const payload = JSON.stringify({
    id: opts.id ?? `evt_${++seq}`,
    object: "event",
    type,
    created: 1_700_000_000 + seq,
    data: { object },
  });
  const header = stripe.webhooks.generateTestHeaderString({ payload, secret: opts.secret ?? SECRET });
  return h.app.request(`${ORIGIN}/api/v1/stripe/webhook`, {
    method: "POST",
    headers: { "stripe-signature": header, "content-type": "application/json" },
    body: payload,
  });
}
const listing = async (id: string) => (await db().select().from(businesses).where(eq(businesses.id, id)))[0]!;

describe("Checkout", () => {
  it("opens Checkout for the owner's own listing with the plan's price; another owner can't", async () => {
    const mine = await createBusiness(db(), { name: "Paying Cafe", ownerId: h.users.owner.id });
    const other = await choosePlanAction({
      request: req("other", { plan: "featured", billing: "annual", listing: mine.id }),
      context: h.routeContext,
    });
    expect((other as { init?: { status?: number } }).init?.status).toBe(403);
    expect(calls).toEqual([]);

    const { response } = await settle(
      choosePlanAction({
        request: req("owner", { plan: "featured", billing: "annual", listing: mine.id }),
        context: h.routeContext,
      }),
    );
    expect(response?.status).toBe(302);
    expect(response?.headers.get("location")).toBe("https://checkout.example/cs_test_1");
    const call = calls.find((c) => c.path === "/v1/checkout/sessions")!;
    expect(call.body.get("mode")).toBe("subscription");
    expect(call.body.get("line_items[0][price]")).toBe("price_featured_a");
    expect(call.body.get("client_reference_id")).toBe(mine.id);
    expect(call.body.get("metadata[plan]")).toBe("featured");
    // Nothing changes until Stripe confirms.
    expect((await listing(mine.id)).plan).toBe("basic");
  });
});

describe("the webhook", () => {
  it("refuses a bad signature with 400 and touches nothing", async () => {
    const target = await createBusiness(db(), { name: "Forged", ownerId: h.users.owner.id });
    const object = {
      object: "checkout.session",
      mode: "subscription",
      client_reference_id: target.id,
      metadata: { plan: "premium" },
      customer: "cus_x",
      subscription: "sub_x",
    };
    const forged = await send("checkout.session.completed", object, { id: "evt_forged", secret: "whsec_wrong" });
    expect(forged.status).toBe(400);
    const unsigned = await h.app.request(`${ORIGIN}/api/v1/stripe/webhook`, { method: "POST", body: "{}" });
    expect(unsigned.status).toBe(400);
    expect((await listing(target.id)).plan).toBe("basic");
    expect(await db().select().from(stripeEvents).where(eq(stripeEvents.id, "evt_forged"))).toEqual([]);
  });

  it("applies checkout, failed payments, renewals, plan changes and cancellation, each event once", async () => {
    const target = await createBusiness(db(), {
      name: "Subscribed Salon",
      ownerId: h.users.owner.id,
      categories: ["Hair", "Nails", "Spa"],
    });
    const completed = {
      object: "checkout.session",
      mode: "subscription",
      client_reference_id: target.id,
      metadata: { businessId: target.id, plan: "featured" },
      customer: "cus_salon",
      subscription: "sub_salon",
    };
    const first = await send("checkout.session.completed", completed, { id: "evt_checkout" });
    expect(first.status).toBe(200);
    expect(await listing(target.id)).toMatchObject({
      plan: "featured",
      billingState: "active",
      stripeCustomerId: "cus_salon",
      stripeSubscriptionId: "sub_salon",
    });

    // A failed renewal: past due (Stripe retries).
    const invoice = { object: "invoice", subscription: "sub_salon" };
    await send("invoice.payment_failed", invoice, { id: "evt_failed" });
    expect((await listing(target.id)).billingState).toBe("past_due");
    await send("invoice.paid", invoice, { id: "evt_paid" });
    expect((await listing(target.id)).billingState).toBe("active");
    // The same event again changes nothing (and says so).
    const replay = await send("invoice.payment_failed", invoice, { id: "evt_failed" });
    expect(await replay.json()).toEqual({ received: true, result: "duplicate" });
    expect((await listing(target.id)).billingState).toBe("active");

    // A plan change in the portal (to Premium), set to cancel at the period end.
    const sub = (price: string, status: string, cancel = false) => ({
      object: "subscription",
      id: "sub_salon",
      status,
      cancel_at_period_end: cancel,
      items: {
        object: "list",
        data: [{ object: "subscription_item", price: { id: price }, current_period_end: 1_900_000_000 }],
      },
    });
    await send("customer.subscription.updated", sub("price_premium_m", "active", true));
    expect(await listing(target.id)).toMatchObject({ plan: "premium", billingState: "cancel_at_period_end" });
    expect((await listing(target.id)).currentPeriodEnd?.toISOString()).toBe(
      new Date(1_900_000_000 * 1000).toISOString(),
    );

    // The subscription ends: back on Basic, extra labels hidden but kept.
    await send("customer.subscription.deleted", sub("price_premium_m", "canceled"));
    expect(await listing(target.id)).toMatchObject({
      plan: "basic",
      billingState: "expired",
      stripeSubscriptionId: null,
    });
    expect((await listing(target.id)).categories).toEqual(["Hair", "Nails", "Spa"]);
    const page = (await (await h.visitor.request(`/api/v1/businesses/${target.id}`)).json()) as {
      categories: string[];
    };
    expect(page.categories).toEqual(["Hair"]);

    // A late (out-of-order) update of the ended subscription changes nothing.
    const late = await send("customer.subscription.updated", sub("price_featured_m", "active"));
    expect(await late.json()).toEqual({ received: true, result: "ignored" });
    expect(await listing(target.id)).toMatchObject({ plan: "basic", billingState: "expired" });
  });

  it("opens the billing portal for the owner's subscribed listing only", async () => {
    const target = await createBusiness(db(), {
      name: "Portal Pub",
      ownerId: h.users.owner.id,
      stripeCustomerId: "cus_pub",
    });
    const other = await choosePlanAction({
      request: req("other", { plan: "premium", listing: target.id, intent: "portal" }),
      context: h.routeContext,
    });
    expect((other as { init?: { status?: number } }).init?.status).toBe(403);
    const { response } = await settle(
      choosePlanAction({
        request: req("owner", { plan: "premium", listing: target.id, intent: "portal" }),
        context: h.routeContext,
      }),
    );
    expect(response?.headers.get("location")).toBe("https://billing.example/p/1");
    expect(calls.find((c) => c.path === "/v1/billing_portal/sessions")?.body.get("customer")).toBe("cus_pub");
  });
});
