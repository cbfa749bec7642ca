import { afterAll, beforeAll, expect, it } from "vitest";
import { requestPlan } from "~/features/billing/plan-requests.server";
import { createBusiness } from "../support/factories";
import { documentOf, pagesApp, textOf } from "../support/page-app";
import { createTestServices } from "../support/services";
import { signedInUser } from "../support/users";

/**
 * Issue 40, defect 1: an owner who chose Featured saw the listing form on Basic's limits with nothing saying why. The
 * edit form says which plan was asked for and that the current plan's limits apply until an admin grants it.
 */

const ORIGIN = "http://near.test";
let ctx: Awaited<ReturnType<typeof createTestServices>>;
let app: Awaited<ReturnType<typeof pagesApp>>;
let owner: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  ctx = await createTestServices({ PUBLIC_URL: ORIGIN, AUTH_RATE_LIMIT: "false", PAGE_CACHE_SECONDS: "0" });
  app = await pagesApp(ctx.services);
  owner = await signedInUser(app, ctx.database.db, { name: "Form Owner", type: "business" });
}, 120_000);
afterAll(async () => {
  await ctx?.cleanup();
});

const note = async (id: string) => {
  const res = await owner.request(`/business/edit/${id}`);
  expect(res.status).toBe(200);
  return (await documentOf(res)).querySelector('[data-testid="plan-request-note"]');
};

it("the edit form says an upgrade waits for an admin, and which limits apply until then", async () => {
  const listing = await createBusiness(ctx.database.db, { name: "Requested Cafe", ownerId: owner.id });
  expect(await note(listing.id)).toBeNull();
  await requestPlan(
    ctx.database.db,
    { id: owner.id, isAdmin: false, type: "business" },
    { businessId: listing.id, plan: "featured", period: "monthly" },
  );
  expect(textOf(await note(listing.id))).toBe(
    "You asked for the Featured plan; an admin confirms it. Until then the listing keeps the Basic plan and its limits.",
  );
});
