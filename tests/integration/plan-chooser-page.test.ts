import { afterAll, beforeAll, expect, it } from "vitest";
import { createBusiness } from "../support/factories";
import { documentOf, pagesApp, textOf } from "../support/page-app";
import { createTestServices } from "../support/services";
import { signedInUser } from "../support/users";

/**
 * Issue 40, defect 13: "Change plan" in My listings opened the Featured plan with only a listing picker. The chooser
 * offers every plan, the chosen one marked, each link keeping the listing picked and the billing period.
 */

const ORIGIN = "http://near.test";
let ctx: Awaited<ReturnType<typeof createTestServices>>;
let app: Awaited<ReturnType<typeof pagesApp>>;
let owner: Awaited<ReturnType<typeof signedInUser>>;
let listingId: string;

beforeAll(async () => {
  ctx = await createTestServices({ PUBLIC_URL: ORIGIN, AUTH_RATE_LIMIT: "false", PAGE_CACHE_SECONDS: "0" });
  app = await pagesApp(ctx.services);
  owner = await signedInUser(app, ctx.database.db, { name: "Plan Owner", type: "business" });
  listingId = (await createBusiness(ctx.database.db, { name: "Chooser Cafe", ownerId: owner.id })).id;
}, 120_000);
afterAll(async () => {
  await ctx?.cleanup();
});

it("My listings' Change plan opens a chooser that offers every plan", async () => {
  const res = await owner.request(`/pricing/choose?plan=featured&billing=monthly&listing=${listingId}`);
  expect(res.status).toBe(200);
  const doc = await documentOf(res);
  const links = doc.querySelectorAll('nav[aria-label="Plans"] a');
  expect(links.map((a) => textOf(a))).toEqual(["Basic$15/mo", "Featured$25/mo", "Premium$35/mo"]);
  expect(links.map((a) => a.getAttribute("href"))).toEqual(
    ["basic", "featured", "premium"].map((p) => `/pricing/choose?plan=${p}&billing=monthly&listing=${listingId}`),
  );
  expect(links.map((a) => a.getAttribute("aria-current"))).toEqual([undefined, "page", undefined]);
  // The listing stays picked.
  expect(doc.querySelector(`input[name="listing"][value="${listingId}"]`)?.hasAttribute("checked")).toBe(true);
});

it("annual billing: the links keep the period and show its prices", async () => {
  const doc = await documentOf(await owner.request("/pricing/choose?plan=premium&billing=annual"));
  const links = doc.querySelectorAll('nav[aria-label="Plans"] a');
  expect(links.map((a) => textOf(a))).toEqual(["Basic$9/mo", "Featured$19/mo", "Premium$29/mo"]);
  expect(links[2]!.getAttribute("href")).toBe("/pricing/choose?plan=premium&billing=annual");
  expect(links[2]!.getAttribute("aria-current")).toBe("page");
});
