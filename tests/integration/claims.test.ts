import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { businesses, listingClaims, users } from "~/.server/db/schema";
import type { MailMessage, Mailer } from "~/.server/mail";
import { RateLimiter } from "~/.server/rate-limit";
import { CLAIM_ERRORS, decideClaim, fileClaim } from "~/features/claims/mutations.server";
import { claimState, getClaim, listMyClaims, type listAdminClaims } from "~/features/claims/queries.server";
import { exportAccountData } from "~/features/auth/account-data.server";
import { AppError } from "~/lib/app-error";
import { adminClaimsAction, loadAdminClaims } from "~/routes/admin-claims.server";
import { claimAction, loadClaimPage } from "~/routes/business-claim.server";
import { loader as businessLoader } from "~/routes/business";
import { createApp } from "../../server/http/app";
import { ensureDemoAccounts } from "../../server/seed/demo-accounts";
import { DEMO_CLAIMED_BUSINESS_SLUG } from "../../server/seed/demo-businesses";
import { createBusiness } from "../support/factories";
import { createTestServices } from "../support/services";
import { signedInUser } from "../support/users";

/**
 * Ownership claims: who may file one (business owners, on a published
 * listing without an owner, one open claim each), approval (owner set,
 * other open claims refused, emails) and refusal (a reason, an email), two
 * approvals at once, and the role matrix and IDOR over every page loader,
 * action and API route.
 */

const ORIGIN = "http://near.test";
const sent: MailMessage[] = [];
const mailer: Mailer = { mode: "outbox", send: async (m) => void sent.push(m), close: () => {} };

let ctx: Awaited<ReturnType<typeof createTestServices>>;
let app: ReturnType<typeof createApp>;
let context: AppLoadContext;
type Who = "visitor" | "customer" | "other" | "claimant" | "admin";
type Session = Awaited<ReturnType<typeof signedInUser>>;
const sessions = {} as Record<Exclude<Who, "visitor">, Session>;
const cookies = {} as Record<Who, string>;
const db = () => ctx.database.db;
const unlimited = () => new RateLimiter(1000, 60_000);
const NOTE = "I'm the owner and have run this place since 2015.";
const input = { note: NOTE, verificationMethod: "email_domain" as const, verificationDetail: "me@bakery.example" };

beforeAll(async () => {
  ctx = await createTestServices({ PUBLIC_URL: ORIGIN, AUTH_RATE_LIMIT: "false", SITE_NAME: "Near Springfield" });
  const services = { ...ctx.services, mailer };
  app = createApp({ services });
  sessions.customer = await signedInUser(app, db(), { name: "Casey Customer" });
  sessions.other = await signedInUser(app, db(), { type: "business", name: "Otto Other" });
  sessions.claimant = await signedInUser(app, db(), { type: "business", name: "Clara Claimant" });
  sessions.admin = await signedInUser(app, db(), { admin: true, name: "Ada Admin" });
  for (const who of ["customer", "other", "claimant", "admin"] as const)
    cookies[who] = [...sessions[who].jar].map(([k, v]) => `${k}=${v}`).join("; ");
  cookies.visitor = "";
  context = {
    ...services,
    db: db(),
    nonce: "",
    requestId: "t",
    clientIp: "127.0.0.1",
  } as AppLoadContext;
});
afterAll(async () => {
  await ctx?.cleanup();
});
beforeEach(() => {
  sent.length = 0;
});

const user = (who: Exclude<Who, "visitor">) => ({
  id: sessions[who].id,
  isAdmin: who === "admin",
  type: who === "customer" || who === "admin" ? ("customer" as const) : ("business" as const),
});
const deps = () => ({ db: db(), mail: { mailer, site: "Near Springfield", publicUrl: ORIGIN } });

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("expected an AppError");
}

function request(who: Who, path: string, body?: Record<string, string>) {
  const headers = new Headers();
  if (cookies[who]) headers.set("cookie", cookies[who]);
  if (!body) return new Request(`${ORIGIN}${path}`, { headers });
  headers.set("origin", ORIGIN);
  const form = new FormData();
  for (const [k, v] of Object.entries(body)) form.append(k, v);
  return new Request(`${ORIGIN}${path}`, { method: "POST", headers, body: form });
}

/** A loader's or action's answer: `data()` unwrapped, or the Response it threw. */
async function run(fn: () => Promise<unknown>) {
  try {
    const result = (await fn()) as { data?: unknown; init?: { status?: number } | null };
    if (result && typeof result === "object" && "data" in result && "init" in result)
      return { status: result.init?.status ?? 200, body: result.data as never, location: null as string | null };
    return { status: 200, body: result as never, location: null as string | null };
  } catch (error) {
    if (error instanceof Response)
      return { status: error.status, body: null as never, location: error.headers.get("location") };
    const e = error as { data?: unknown; init?: { status?: number } };
    if (e && typeof e === "object" && "init" in e)
      return { status: e.init?.status ?? 500, body: e.data as never, location: null };
    throw error;
  }
}

type ApiBody = {
  error: { message: string; fields: Record<string, string> };
  items: { id: string }[];
  [key: string]: unknown;
};

async function api(who: Who, method: string, path: string, json?: unknown) {
  const init: RequestInit & { json?: unknown } = { method, ...(json !== undefined ? { json } : {}) };
  const res =
    who === "visitor"
      ? await app.request(`${ORIGIN}/api/v1${path}`, {
          method,
          headers: { origin: ORIGIN, "content-type": "application/json" },
          body: json !== undefined ? JSON.stringify(json) : undefined,
        })
      : await sessions[who].request(`/api/v1${path}`, init);
  return { status: res.status, body: (await res.json().catch(() => null)) as ApiBody };
}

const ownerOf = async (id: string) =>
  (await db().select({ ownerId: businesses.ownerId }).from(businesses).where(eq(businesses.id, id)))[0]?.ownerId;

describe("filing a claim", () => {
  it("a business owner claims a published listing without an owner, once", async () => {
    const listing = await createBusiness(db(), { name: "Unclaimed Bakery" });
    const claim = await fileClaim(db(), user("claimant"), listing.slug, input, unlimited());
    expect(claim).toMatchObject({ status: "open", business: { id: listing.id }, note: NOTE, reason: null });
    const again = await refusal(fileClaim(db(), user("claimant"), listing.id, input, unlimited()));
    expect(again.code).toBe("conflict");
    expect(again.message).toBe(CLAIM_ERRORS.duplicate);
    // Another owner may claim it too; the admins decide.
    await expect(fileClaim(db(), user("other"), listing.id, input, unlimited())).resolves.toMatchObject({
      status: "open",
    });
    expect(await claimState(db(), listing.id, { id: sessions.claimant.id })).toMatchObject({
      claimable: true,
      myOpenClaim: { id: claim.id },
    });
  });

  it("refuses an owned listing, an unpublished one, a customer and a malformed id", async () => {
    const owned = await createBusiness(db(), { ownerId: sessions.other.id });
    const pending = await createBusiness(db(), { status: "pending" });
    const open = await createBusiness(db());
    const e1 = await refusal(fileClaim(db(), user("claimant"), owned.id, input, unlimited()));
    expect([e1.code, e1.message]).toEqual(["conflict", CLAIM_ERRORS.owned]);
    expect((await refusal(fileClaim(db(), user("claimant"), pending.id, input, unlimited()))).code).toBe("not_found");
    const e3 = await refusal(fileClaim(db(), user("customer"), open.id, input, unlimited()));
    expect([e3.code, e3.message]).toEqual(["forbidden", CLAIM_ERRORS.customer]);
    expect((await refusal(fileClaim(db(), user("claimant"), "Not An Id!", input, unlimited()))).code).toBe("not_found");
    expect(await claimState(db(), owned.id, null)).toEqual({ claimable: false, myOpenClaim: null });
  });

  it("is rate limited per user", async () => {
    const limiter = new RateLimiter(1, 60_000);
    const a = await createBusiness(db());
    const b = await createBusiness(db());
    await fileClaim(db(), user("claimant"), a.id, input, limiter);
    const e = await refusal(fileClaim(db(), user("claimant"), b.id, input, limiter));
    expect(e.code).toBe("too_many_requests");
    expect(e.retryAfter).toBeGreaterThan(0);
  });

  it("the API: visitor 401, customer 403, owned 409, duplicate 409, bad body 400 naming fields", async () => {
    const listing = await createBusiness(db());
    const owned = await createBusiness(db(), { ownerId: sessions.other.id });
    expect((await api("visitor", "POST", `/businesses/${listing.id}/claims`, input)).status).toBe(401);
    const customer = await api("customer", "POST", `/businesses/${listing.id}/claims`, input);
    expect(customer.status).toBe(403);
    expect(customer.body.error).toMatchObject({ message: CLAIM_ERRORS.customer });
    expect((await api("claimant", "POST", `/businesses/${owned.id}/claims`, input)).status).toBe(409);
    const bad = await api("claimant", "POST", `/businesses/${listing.id}/claims`, {
      note: "short",
      verificationMethod: "phone",
      verificationDetail: "call me",
      extra: 1,
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields)).toEqual(expect.arrayContaining(["note", "verificationDetail", "extra"]));
    expect((await api("claimant", "POST", `/businesses/!!/claims`, input)).status).toBe(400);
    const created = await api("claimant", "POST", `/businesses/${listing.slug}/claims`, {
      ...input,
      verificationMethod: "phone",
      verificationDetail: "(217) 555-0142",
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: "open", verificationMethod: "phone" });
    expect((await api("claimant", "POST", `/businesses/${listing.id}/claims`, input)).status).toBe(409);
  });
});

describe("deciding", () => {
  it("approval makes the claimant the owner, refuses the other open claims and emails everyone", async () => {
    const listing = await createBusiness(db(), { name: "Corner Shop" });
    const mine = await fileClaim(db(), user("claimant"), listing.id, input, unlimited());
    const theirs = await fileClaim(db(), user("other"), listing.id, input, unlimited());
    await decideClaim(deps(), user("admin"), mine.id, { decision: "approve" });
    expect(await ownerOf(listing.id)).toBe(sessions.claimant.id);
    expect(await getClaim(db(), user("claimant"), mine.id)).toMatchObject({ status: "approved" });
    expect(await getClaim(db(), user("other"), theirs.id)).toMatchObject({
      status: "refused",
      reason: CLAIM_ERRORS.otherApproved,
    });
    const approved = sent.find((m) => m.to === sessions.claimant.email)!;
    expect(approved.subject).toBe("Your claim for Corner Shop was approved on Near Springfield");
    expect(approved.link).toBe(`${ORIGIN}/business/edit/${listing.id}`);
    const refused = sent.find((m) => m.to === sessions.other.email)!;
    expect(refused.text).toContain(CLAIM_ERRORS.otherApproved);
    // "Open the listing": the page's readable address at PUBLIC_URL (issue 40, defect 10).
    expect(refused.link).toBe(`${ORIGIN}/business/${listing.slug}`);
    // Decided claims stay decided; the owned listing can't be claimed again.
    expect(
      (await refusal(decideClaim(deps(), user("admin"), mine.id, { decision: "refuse", reason: "x y z" }))).code,
    ).toBe("conflict");
    expect((await refusal(fileClaim(db(), user("other"), listing.id, input, unlimited()))).code).toBe("conflict");
  });

  it("refusal needs a reason, which the claimant is emailed; only admins decide", async () => {
    const listing = await createBusiness(db(), { name: "Tiny Cafe" });
    const claim = await fileClaim(db(), user("claimant"), listing.id, input, unlimited());
    expect((await refusal(decideClaim(deps(), user("admin"), claim.id, { decision: "refuse" }))).code).toBe(
      "bad_request",
    );
    expect((await refusal(decideClaim(deps(), user("claimant"), claim.id, { decision: "approve" }))).code).toBe(
      "forbidden",
    );
    await decideClaim(deps(), user("admin"), claim.id, {
      decision: "refuse",
      reason: "We couldn't reach that number.",
    });
    expect(await ownerOf(listing.id)).toBeNull();
    expect(await getClaim(db(), user("admin"), claim.id)).toMatchObject({
      status: "refused",
      reason: "We couldn't reach that number.",
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toBe(sessions.claimant.email);
    expect(sent[0]!.text).toContain("We couldn't reach that number.");
    // Refused: a new claim may be filed.
    await expect(fileClaim(db(), user("claimant"), listing.id, input, unlimited())).resolves.toMatchObject({
      status: "open",
    });
  });

  it("approving when the listing got an owner meanwhile changes nothing", async () => {
    const listing = await createBusiness(db());
    const claim = await fileClaim(db(), user("claimant"), listing.id, input, unlimited());
    await db().update(businesses).set({ ownerId: sessions.other.id }).where(eq(businesses.id, listing.id));
    const e = await refusal(decideClaim(deps(), user("admin"), claim.id, { decision: "approve" }));
    expect([e.code, e.message]).toEqual(["conflict", CLAIM_ERRORS.ownedOnApprove]);
    expect(await ownerOf(listing.id)).toBe(sessions.other.id);
    expect(await getClaim(db(), user("admin"), claim.id)).toMatchObject({ status: "open" });
  });

  it("two approvals at once can't produce two owners", async () => {
    const listing = await createBusiness(db());
    const a = await fileClaim(db(), user("claimant"), listing.id, input, unlimited());
    const b = await fileClaim(db(), user("other"), listing.id, input, unlimited());
    const results = await Promise.allSettled([
      decideClaim(deps(), user("admin"), a.id, { decision: "approve" }),
      decideClaim(deps(), user("admin"), b.id, { decision: "approve" }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const failed = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(failed.reason).toBeInstanceOf(AppError);
    expect((failed.reason as AppError).code).toBe("conflict");
    const rows = await db().select().from(listingClaims).where(eq(listingClaims.businessId, listing.id));
    expect(rows.filter((r) => r.status === "approved")).toHaveLength(1);
    const winner = rows.find((r) => r.status === "approved")!;
    expect(await ownerOf(listing.id)).toBe(winner.userId);
  });
});

describe("pages", () => {
  it("the business page shows Claim it on an unowned listing, the pending claim to its claimant, nothing when owned", async () => {
    const listing = await createBusiness(db());
    const load = async (who: Who) =>
      (
        (await businessLoader({
          params: { id: listing.slug },
          request: request(who, `/business/${listing.slug}`),
          context,
        } as never)) as { claim: unknown }
      ).claim;
    expect(await load("visitor")).toEqual({ claimable: true, myOpenClaim: null });
    const claim = await fileClaim(db(), user("claimant"), listing.id, input, unlimited());
    expect(await load("claimant")).toMatchObject({ claimable: true, myOpenClaim: { id: claim.id } });
    // Read with the rest of the reader's state in one query (routes/business.server.ts): the same item as their list's.
    const [mine] = (await listMyClaims(db(), user("claimant").id)).items;
    expect(((await load("claimant")) as { myOpenClaim: unknown }).myOpenClaim).toEqual(mine);
    for (const who of ["other", "customer", "admin"] as const) {
      expect(await load(who), who).toEqual({ claimable: true, myOpenClaim: null });
    }
    await decideClaim(deps(), user("admin"), claim.id, { decision: "approve" });
    expect(await load("visitor")).toEqual({ claimable: false, myOpenClaim: null });
  });

  it("the claim page: visitor to sign-in and back, customer told how, owner gets the form, then sees the pending claim", async () => {
    const listing = await createBusiness(db());
    const path = `/business/${listing.id}/claim`;
    const page = (who: Who) =>
      run(() => loadClaimPage({ params: { id: listing.id }, request: request(who, path), context }));
    const visitor = await page("visitor");
    expect(visitor.status).toBe(302);
    expect(visitor.location).toBe(`/auth?${new URLSearchParams({ redirectTo: path })}`);
    expect((await page("customer")).body).toMatchObject({ state: "customer" });
    expect((await page("claimant")).body).toMatchObject({ state: "form", claims: [] });
    expect((await page("admin")).body).toMatchObject({ state: "customer" });

    const post = (who: Who, body: Record<string, string>) =>
      run(() => claimAction({ params: { id: listing.id }, request: request(who, path, body), context }));
    const form = { ...input };
    expect((await post("visitor", form)).status).toBe(302);
    const customer = await post("customer", form);
    expect(customer.status).toBe(403);
    expect(customer.body).toMatchObject({ ok: false, result: { error: { "": [CLAIM_ERRORS.customer] } } });
    // An admin's account here is a customer one: admins decide claims, they don't file them.
    expect((await post("admin", form)).status).toBe(403);
    const invalid = await post("claimant", {
      note: "hi",
      verificationMethod: "email_domain",
      verificationDetail: "no",
    });
    expect(invalid.status).toBe(400);
    expect(Object.keys((invalid.body as { result: { error: object } }).result.error)).toEqual(
      expect.arrayContaining(["note", "verificationDetail"]),
    );
    const ok = await post("claimant", form);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ ok: true });
    expect((await page("claimant")).body).toMatchObject({ state: "pending", claims: [{ status: "open" }] });
    const dup = await post("claimant", form);
    expect(dup.status).toBe(409);
    // Another owner sees only their own (empty) history, and may file their own claim.
    expect((await page("other")).body).toMatchObject({ state: "form", claims: [] });
    expect((await post("other", form)).body).toMatchObject({ ok: true });
    // Unknown or unpublished: 404.
    const missing = await run(() =>
      loadClaimPage({
        params: { id: "no-such-place" },
        request: request("claimant", "/business/no-such-place/claim"),
        context,
      }),
    );
    expect(missing.status).toBe(404);
  });

  it("the admin Claims tab: admins only, open first; approve and refuse (with a reason) by form", async () => {
    const listing = await createBusiness(db(), { name: "Admin Tab Deli" });
    const claim = await fileClaim(db(), user("claimant"), listing.id, input, unlimited());
    const load = (who: Who) => run(() => loadAdminClaims({ request: request(who, "/admin/claims"), context }));
    expect((await load("visitor")).status).toBe(302);
    for (const who of ["customer", "other", "claimant"] as const) {
      const res = await load(who);
      expect(res.status).toBe(302);
      expect(res.location).not.toMatch(/^\/admin/);
    }
    const list = (await load("admin")).body as Awaited<ReturnType<typeof listAdminClaims>>;
    expect(list.open).toBeGreaterThan(0);
    expect(list.items[0]!.status).toBe("open");
    expect(list.items.find((i) => i.id === claim.id)).toMatchObject({
      claimant: { email: sessions.claimant.email },
      business: { name: "Admin Tab Deli" },
    });

    const act = (who: Who, body: Record<string, string>) =>
      run(() => adminClaimsAction({ request: request(who, "/admin/claims", body), context }));
    for (const who of ["visitor", "customer", "other", "claimant"] as const) {
      expect((await act(who, { intent: "approve", claimId: claim.id })).status).toBe(302);
    }
    expect(await ownerOf(listing.id)).toBeNull();
    const noReason = await act("admin", { intent: "refuse", claimId: claim.id, reason: "" });
    expect(noReason.status).toBe(400);
    expect((await act("admin", { intent: "approve", claimId: "not-a-uuid" })).status).toBe(404);
    const approved = await act("admin", { intent: "approve", claimId: claim.id });
    expect(approved).toMatchObject({ status: 200, body: { ok: true } });
    expect(await ownerOf(listing.id)).toBe(sessions.claimant.id);
    expect((await act("admin", { intent: "refuse", claimId: claim.id, reason: "Too late now" })).status).toBe(409);
  });
});

describe("the API role matrix and IDOR", () => {
  it("GET /me/claims lists only your own; GET /claims/{id} is the claimant's or an admin's", async () => {
    const listing = await createBusiness(db());
    const mine = await fileClaim(db(), user("claimant"), listing.id, input, unlimited());
    expect((await api("visitor", "GET", "/me/claims")).status).toBe(401);
    const own = await api("claimant", "GET", "/me/claims");
    expect(own.status).toBe(200);
    expect(own.body.items.map((i) => i.id)).toContain(mine.id);
    const others = await api("other", "GET", "/me/claims");
    expect(others.body.items.map((i) => i.id)).not.toContain(mine.id);
    expect((await api("customer", "GET", "/me/claims")).body).toMatchObject({ items: [], total: 0 });
    expect((await api("claimant", "GET", "/me/claims?page=0")).status).toBe(400);
    expect((await api("claimant", "GET", "/me/claims?userId=x")).status).toBe(400);

    const statuses: Record<Who, number> = { visitor: 401, customer: 404, other: 404, claimant: 200, admin: 200 };
    for (const [who, status] of Object.entries(statuses) as [Who, number][]) {
      expect((await api(who, "GET", `/claims/${mine.id}`)).status, who).toBe(status);
    }
    expect((await api("claimant", "GET", "/claims/not-a-uuid")).status).toBe(404);
    expect(await listMyClaims(db(), sessions.other.id)).toMatchObject({
      items: expect.not.arrayContaining([expect.objectContaining({ id: mine.id })]),
    });
  });

  it("the admin routes: 401 visitor, 403 everyone else but admins; decisions by id", async () => {
    const listing = await createBusiness(db(), { name: "Api Approve Co" });
    const claim = await fileClaim(db(), user("claimant"), listing.id, input, unlimited());
    const other = await createBusiness(db(), { name: "Api Refuse Co" });
    const refuseMe = await fileClaim(db(), user("other"), other.id, input, unlimited());
    const expected: Record<Who, number> = { visitor: 401, customer: 403, other: 403, claimant: 403, admin: 200 };
    for (const [who, status] of Object.entries(expected) as [Who, number][]) {
      expect((await api(who, "GET", "/admin/claims")).status, who).toBe(status);
      if (who === "admin") continue;
      // Nobody but an admin decides, not even on their own claim or with another user's claim id.
      expect((await api(who, "POST", `/admin/claims/${claim.id}/approve`, {})).status, who).toBe(status);
      expect((await api(who, "POST", `/admin/claims/${refuseMe.id}/refuse`, { reason: "Nope nope" })).status, who).toBe(
        status,
      );
    }
    expect(await ownerOf(listing.id)).toBeNull();
    expect((await api("admin", "GET", "/admin/claims?page=abc")).status).toBe(400);
    expect((await api("admin", "POST", `/admin/claims/${refuseMe.id}/refuse`, {})).status).toBe(400);
    expect((await api("admin", "POST", `/admin/claims/not-a-uuid/approve`, {})).status).toBe(404);
    expect((await api("admin", "POST", `/admin/claims/00000000-0000-4000-8000-000000000000/approve`, {})).status).toBe(
      404,
    );
    const approved = await api("admin", "POST", `/admin/claims/${claim.id}/approve`, {});
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: "approved", claimant: { id: sessions.claimant.id } });
    expect(await ownerOf(listing.id)).toBe(sessions.claimant.id);
    const refused = await api("admin", "POST", `/admin/claims/${refuseMe.id}/refuse`, { reason: "Couldn't verify." });
    expect(refused.body).toMatchObject({ status: "refused", reason: "Couldn't verify." });
    expect((await api("admin", "POST", `/admin/claims/${refuseMe.id}/approve`, {})).status).toBe(409);
  });

  it("the claim routes are in the OpenAPI document", async () => {
    const res = await app.request(`${ORIGIN}/api/v1/openapi.json`);
    const doc = (await res.json()) as { paths: Record<string, Record<string, unknown>> };
    expect(Object.keys(doc.paths["/businesses/{id}/claims"]!)).toContain("post");
    expect(Object.keys(doc.paths["/me/claims"]!)).toContain("get");
    expect(Object.keys(doc.paths["/claims/{id}"]!)).toContain("get");
    expect(Object.keys(doc.paths["/admin/claims"]!)).toContain("get");
    expect(Object.keys(doc.paths["/admin/claims/{id}/approve"]!)).toContain("post");
    expect(Object.keys(doc.paths["/admin/claims/{id}/refuse"]!)).toContain("post");
  });
});

describe("demo data", () => {
  it("the demo owner has an open claim on a published listing without an owner", async () => {
    const listing = await createBusiness(db(), { name: "Nest Home Goods", slug: DEMO_CLAIMED_BUSINESS_SLUG });
    await ensureDemoAccounts({ auth: ctx.services.auth, db: db(), config: ctx.services.config });
    const [owner] = await db().select({ id: users.id }).from(users).where(eq(users.email, "owner@example.com"));
    const claims = await listMyClaims(db(), owner!.id);
    expect(claims.items).toEqual([
      expect.objectContaining({ status: "open", business: expect.objectContaining({ id: listing.id }) }),
    ]);
    expect(await claimState(db(), listing.id, null)).toEqual({ claimable: true, myOpenClaim: null });
  });
});

describe("your data", () => {
  it("the export lists the account's claims; deleting the account deletes them", async () => {
    const listing = await createBusiness(db(), { name: "Export Me Co" });
    const who = await signedInUser(app, db(), { type: "business", name: "Ed Exporter" });
    await fileClaim(db(), { id: who.id, isAdmin: false, type: "business" }, listing.id, input, unlimited());
    const data = await exportAccountData(db(), who.id);
    expect(data.claims).toEqual([
      expect.objectContaining({ business: expect.objectContaining({ id: listing.id }), status: "open", note: NOTE }),
    ]);
    await db().delete(users).where(eq(users.id, who.id));
    expect(await db().select().from(listingClaims).where(eq(listingClaims.userId, who.id))).toEqual([]);
  });
});
