import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businesses, planRequests } from "~/.server/db/schema";
import AdminPlansPage from "~/routes/admin-plans";
import { adminPlansAction, loadAdminPlans } from "~/routes/admin-plans.server";
import { action as settingsAction } from "~/routes/account-settings";
import PricingPage from "~/routes/pricing";
import ChoosePlanPage from "~/routes/pricing-choose";
import { loadPricing } from "~/routes/pricing.server";
import { choosePlanAction, loadPlanChoice } from "~/routes/pricing-choose.server";
import { createBusiness } from "../support/factories";
import { renderPage, visibleText } from "../support/render-page";
import { signedInUser } from "../support/users";
import { ORIGIN, listingHarness, settle, type ListingHarness, type Role } from "./listings-support";

/**
 * Upgrade requests without Stripe (issue 10): /pricing's Get Started per
 * role, /pricing/choose (only the listing's owner asks for its plan), and
 * /admin/plans (only admins grant or refuse). Role matrix: visitor,
 * customer, another owner, the owner, admin.
 */

let h: ListingHarness;
beforeAll(async () => {
  h = await listingHarness();
});
afterAll(async () => {
  await h?.ctx.cleanup();
});

type Who = Role | "visitor";
const db = () => h.ctx.database.db;

function req(who: Who, path: string, fields?: Record<string, string>) {
  const headers = new Headers();
  if (who !== "visitor") headers.set("cookie", h.users[who].cookie);
  if (!fields) return new Request(`${ORIGIN}${path}`, { headers });
  headers.set("origin", ORIGIN);
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  return new Request(`${ORIGIN}${path}`, { method: "POST", headers, body });
}
const ctx = () => h.routeContext;
type Answer = { ok: boolean; message: string };
function answer(value: unknown): { status: number; body: Answer } {
  // data() results carry init; plain objects are 200.
  const v = value as { data?: Answer; init?: { status?: number }; type?: string };
  if (v && typeof v === "object" && "data" in v && v.type === "DataWithResponseInit")
    return { status: v.init?.status ?? 200, body: v.data! };
  return { status: 200, body: value as Answer };
}

describe("/pricing Get Started", () => {
  it("sends a visitor to sign up as a business owner, then on to the plan", async () => {
    const { period, hrefs } = await loadPricing({ request: req("visitor", "/pricing?billing=annual"), context: ctx() });
    expect(period).toBe("annual");
    const url = new URL(hrefs.featured, ORIGIN);
    expect(url.pathname).toBe("/auth");
    expect(url.searchParams.get("type")).toBe("business");
    expect(url.searchParams.get("redirectTo")).toBe("/pricing/choose?plan=featured&billing=annual");
    expect(new URL(hrefs.basic, ORIGIN).searchParams.get("redirectTo")).toBe("/business/new");
  });

  it("sends an owner to the chooser, and a customer to learn how to become one", async () => {
    const owner = await loadPricing({ request: req("owner", "/pricing"), context: ctx() });
    expect(owner.hrefs.premium).toBe("/pricing/choose?plan=premium&billing=monthly");
    expect(owner.hrefs.basic).toBe("/business/new");
    const customer = await loadPricing({ request: req("customer", "/pricing"), context: ctx() });
    expect(customer.hrefs.basic).toBe("/pricing/choose?plan=basic&billing=monthly");
    const page = await loadPlanChoice({ request: req("customer", customer.hrefs.featured), context: ctx() });
    expect(page.role).toBe("customer");
    expect(page.listings).toEqual([]);
  });
});

describe("/pricing says how plans work here", () => {
  async function pricingText(path: string, stripe: boolean) {
    const request = req("visitor", path);
    const context = stripe ? { ...ctx(), config: { ...ctx().config, STRIPE_SECRET_KEY: "sk_test_near" } } : ctx();
    const loaderData = await loadPricing({ request, context });
    // The FAQ's answers are in closed <details>: still in the page, and what a reader opens.
    return visibleText(await renderPage(PricingPage, { request, context, loaderData }));
  }

  it("without payments: no billing, card provider, refunds or renewals; upgrades are requests the team grants", async () => {
    for (const path of ["/pricing", "/pricing?billing=annual"]) {
      const text = await pricingText(path, false);
      expect(text).not.toMatch(/bill|card payment provider|refund|renew|prorat|cancel anytime|subscription/i);
      expect(text).toMatch(/How do upgrades work here\?.*sends our team a request.*Plans tab/);
      expect(text).toMatch(/nothing is charged online/);
      // The spec's plans, prices and yearly saving stay.
      expect(text).toMatch(/Most Popular/);
    }
    expect(await pricingText("/pricing?billing=annual", false)).toMatch(/\$228 a year · Save \$72\/year/);
  });

  it("with Stripe: today's billing text", async () => {
    const monthly = await pricingText("/pricing", true);
    expect(monthly).toMatch(/Billed monthly, cancel anytime/);
    expect(monthly).toMatch(/How does billing work\?.*renew automatically/);
    expect(monthly).toMatch(/card payment provider/);
    expect(await pricingText("/pricing?billing=annual", true)).toMatch(/\$228 billed yearly · Save \$72\/year/);
  });
});

describe("/pricing/choose", () => {
  it("redirects a visitor to sign up", async () => {
    const { response } = await settle(
      loadPlanChoice({ request: req("visitor", "/pricing/choose?plan=featured"), context: ctx() }),
    );
    expect(response?.status).toBe(302);
    expect(response?.headers.get("location")).toMatch(/^\/auth\?mode=signup&type=business&redirectTo=/);
    const post = await settle(
      choosePlanAction({
        request: req("visitor", "/pricing/choose", { plan: "featured", listing: "new" }),
        context: ctx(),
      }),
    );
    expect(post.response?.status).toBe(302);
  });

  it("lists only the owner's listings and files a request for their own; another owner and a customer can't", async () => {
    const mine = await createBusiness(db(), { name: "Owner's Bakery", ownerId: h.users.owner.id });
    await createBusiness(db(), { name: "Other's Garage", ownerId: h.users.other.id });
    const page = await loadPlanChoice({ request: req("owner", "/pricing/choose?plan=featured"), context: ctx() });
    expect(page.listings.map((l) => l.name)).toEqual(["Owner's Bakery"]);

    const fields = { plan: "featured", billing: "annual", listing: mine.id };
    const other = answer(await choosePlanAction({ request: req("other", "/pricing/choose", fields), context: ctx() }));
    expect(other.status).toBe(403);
    expect(other.body.message).toBe("You can only choose a plan for your own listings.");
    const customer = answer(
      await choosePlanAction({ request: req("customer", "/pricing/choose", fields), context: ctx() }),
    );
    expect(customer.status).toBe(403);
    expect(await db().select().from(planRequests).where(eq(planRequests.businessId, mine.id))).toEqual([]);

    const ok = answer(await choosePlanAction({ request: req("owner", "/pricing/choose", fields), context: ctx() }));
    expect(ok.body).toMatchObject({ ok: true });
    expect(ok.body.message).toMatch(/waiting for an admin/);
    const [row] = await db().select().from(planRequests).where(eq(planRequests.businessId, mine.id));
    expect(row).toMatchObject({ plan: "featured", period: "annual", status: "open", userId: h.users.owner.id });
    // Never a silent free upgrade.
    const [listing] = await db().select().from(businesses).where(eq(businesses.id, mine.id));
    expect(listing?.plan).toBe("basic");
    // Asking again replaces the open request.
    answer(
      await choosePlanAction({
        request: req("owner", "/pricing/choose", { ...fields, plan: "premium" }),
        context: ctx(),
      }),
    );
    const rows = await db().select().from(planRequests).where(eq(planRequests.businessId, mine.id));
    expect(rows.map((r) => r.plan)).toEqual(["premium"]);
  });

  it("answers bad input with a 400 and a new listing with the add form", async () => {
    const bad = answer(
      await choosePlanAction({
        request: req("owner", "/pricing/choose", { plan: "gold", listing: "x" }),
        context: ctx(),
      }),
    );
    expect(bad.status).toBe(400);
    const { response } = await settle(
      choosePlanAction({
        request: req("owner", "/pricing/choose", { plan: "premium", billing: "monthly", listing: "new" }),
        context: ctx(),
      }),
    );
    expect(response?.headers.get("location")).toBe("/business/new?plan=premium&billing=monthly");
  });
});

describe("/admin/plans", () => {
  it("is for admins only; grant moves the listing to the plan, refuse needs a reason", async () => {
    const listing = await createBusiness(db(), { name: "Upgrade Me", ownerId: h.users.other.id });
    const [request] = await db()
      .insert(planRequests)
      .values({ businessId: listing.id, userId: h.users.other.id, plan: "premium", period: "monthly" })
      .returning();
    for (const who of ["visitor", "customer", "owner", "other"] as const) {
      const load = await settle(loadAdminPlans({ request: req(who, "/admin/plans"), context: ctx() }));
      expect(load.response?.status, who).toBeGreaterThanOrEqual(300);
      const act = await settle(
        adminPlansAction({
          request: req(who, "/admin/plans", { requestId: request!.id, intent: "grant" }),
          context: ctx(),
        }),
      );
      expect(act.response?.status, who).toBeGreaterThanOrEqual(300);
    }
    let [row] = await db().select().from(businesses).where(eq(businesses.id, listing.id));
    expect(row?.plan).toBe("basic");

    const page = await loadAdminPlans({ request: req("admin", "/admin/plans"), context: ctx() });
    expect(page.items.find((i) => i.id === request!.id)).toMatchObject({ status: "open", businessName: "Upgrade Me" });

    const noReason = answer(
      await adminPlansAction({
        request: req("admin", "/admin/plans", { requestId: request!.id, intent: "refuse" }),
        context: ctx(),
      }),
    );
    expect(noReason.status).toBe(400);
    const granted = answer(
      await adminPlansAction({
        request: req("admin", "/admin/plans", { requestId: request!.id, intent: "grant" }),
        context: ctx(),
      }),
    );
    expect(granted.body).toEqual({ ok: true, message: "Granted: the listing is now on the Premium plan." });
    [row] = await db().select().from(businesses).where(eq(businesses.id, listing.id));
    expect(row).toMatchObject({ plan: "premium", billingState: "active" });
    const again = answer(
      await adminPlansAction({
        request: req("admin", "/admin/plans", { requestId: request!.id, intent: "grant" }),
        context: ctx(),
      }),
    );
    expect(again.status).toBe(409);
    const unknown = answer(
      await adminPlansAction({
        request: req("admin", "/admin/plans", { requestId: "not-a-uuid", intent: "grant" }),
        context: ctx(),
      }),
    );
    expect(unknown.status).toBe(404);
  });

  it("history reads from the plan the listing had: Basic → Featured after a grant, and after a refusal", async () => {
    const granted = await createBusiness(db(), { name: "History Grill", ownerId: h.users.other.id });
    const refused = await createBusiness(db(), { name: "History Deli", ownerId: h.users.other.id, plan: "featured" });
    const file = async (businessId: string, plan: "featured" | "premium") =>
      (
        await db()
          .insert(planRequests)
          .values({ businessId, userId: h.users.other.id, plan, period: "annual" })
          .returning()
      )[0]!.id;
    const grantId = await file(granted.id, "featured");
    const refuseId = await file(refused.id, "premium");
    const line = async (name: string) => {
      const request = req("admin", "/admin/plans");
      const loaderData = await loadAdminPlans({ request, context: ctx() });
      const html = await renderPage(AdminPlansPage, { request, context: ctx(), loaderData });
      const item = html.split('data-testid="plan-request"').find((part) => part.includes(name));
      // (The plan is in <strong>: its closing tag reads as a space before the comma.)
      return visibleText(item ?? "")
        .replace(/ ,/g, ",")
        .match(/(?:\w+ → )?\w+, billed annually/)?.[0];
    };
    expect(await line("History Grill")).toBe("Basic → Featured, billed annually");
    expect(await line("History Deli")).toBe("Featured → Premium, billed annually");
    for (const [requestId, intent, reason] of [
      [grantId, "grant", ""],
      [refuseId, "refuse", "Not this month."],
    ] as const)
      await adminPlansAction({
        request: req("admin", "/admin/plans", { requestId, intent, reason }),
        context: ctx(),
      });
    const items = (await loadAdminPlans({ request: req("admin", "/admin/plans"), context: ctx() })).items;
    expect(items.find((i) => i.id === grantId)).toMatchObject({
      status: "granted",
      fromPlan: "basic",
      plan: "featured",
    });
    expect(items.find((i) => i.id === refuseId)).toMatchObject({ status: "refused", fromPlan: "featured" });
    expect(await line("History Grill")).toBe("Basic → Featured, billed annually");
    expect(await line("History Deli")).toBe("Featured → Premium, billed annually");
  });
});

describe("a customer choosing a plan", () => {
  it("is sent to Become a Business Owner in Account Settings and back, not told to sign out", async () => {
    const customer = await signedInUser(h.app, db(), { name: "Cora Customer" });
    const cookie = [...customer.jar].map(([k, v]) => `${k}=${v}`).join("; ");
    const choose = "/pricing/choose?plan=featured&billing=annual";
    const request = new Request(`${ORIGIN}${choose}`, { headers: { cookie } });
    const loaderData = await loadPlanChoice({ request, context: ctx() });
    const html = await renderPage(ChoosePlanPage, { request, context: ctx(), loaderData });
    expect(visibleText(html)).not.toMatch(/sign out|second account/i);
    expect(visibleText(html)).toMatch(/Become a Business Owner/);
    const settings = `/account/settings?${new URLSearchParams({ redirectTo: choose })}#become-owner`;
    expect(html).toContain(`href="${settings.replace(/&/g, "&amp;")}"`);

    // The switch there leads back to the plan, now as an owner.
    const body = new FormData();
    body.append("intent", "become-business-owner");
    body.append("redirectTo", choose);
    const { response } = await settle(
      settingsAction({
        request: new Request(`${ORIGIN}${settings.split("#")[0]}`, {
          method: "POST",
          headers: { cookie, origin: ORIGIN },
          body,
        }),
        context: ctx(),
        params: {},
      } as Parameters<typeof settingsAction>[0]),
    );
    expect(response?.status).toBe(302);
    expect(response?.headers.get("location")).toBe(choose);
    const again = new Request(`${ORIGIN}${choose}`, { headers: { cookie } });
    expect((await loadPlanChoice({ request: again, context: ctx() })).role).toBe("owner");
  });
});
