import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businessMessages, listingClaims, peopleProfiles, reviews, users as userTable } from "~/.server/db/schema";
import { loader as exportLoader } from "~/routes/account-export";
import { action as settingsAction } from "~/routes/account-settings";
import { action as portalAction, loader as portalLoader } from "~/routes/portal";
import { action as inboxRouteAction, loader as inboxRouteLoader } from "~/routes/portal-inbox";
import { loader as statsRouteLoader } from "~/routes/portal-stats";
import { createBusiness } from "../support/factories";
import { ORIGIN, listingHarness, settle, type ListingHarness, type Role } from "./listings-support";

/**
 * The portal's role matrix (issue 16): every portal loader and action and the
 * portal's API routes (favorites, inbox, claims, reviews/mine and replies,
 * account export, notification settings, claim withdrawal) tried as a
 * visitor, a customer, another owner, the owner and an admin; then an IDOR
 * pass: every id-taking route with the owner's ids from the other users.
 */

type Who = Role | "visitor";
const WHO: Who[] = ["visitor", "customer", "other", "owner", "admin"];

let h: ListingHarness;
const ids = {} as Record<
  "cafe" | "otherBar" | "unowned" | "unowned2" | "message" | "claim" | "decidedClaim" | "review",
  string
>;

beforeAll(async () => {
  h = await listingHarness();
  const db = h.ctx.database.db;
  // A verified customer (reviews need it).
  await db.update(userTable).set({ emailVerified: true }).where(eq(userTable.id, h.users.customer.id));
  ids.cafe = (await createBusiness(db, { name: "Owner Cafe", ownerId: h.users.owner.id })).id;
  ids.otherBar = (await createBusiness(db, { name: "Other Bar", ownerId: h.users.other.id })).id;
  ids.unowned = (await createBusiness(db, { name: "Unowned Diner" })).id;
  ids.unowned2 = (await createBusiness(db, { name: "Unowned Deli" })).id;
  const [m] = await db
    .insert(businessMessages)
    .values({ businessId: ids.cafe, senderName: "Sam", senderEmail: "sam@example.org", body: "Hello there" })
    .returning({ id: businessMessages.id });
  ids.message = m!.id;
  const claim = (businessId: string, status: "open" | "refused") =>
    db
      .insert(listingClaims)
      .values({
        businessId,
        userId: h.users.owner.id,
        note: "I run it.",
        verificationMethod: "phone",
        verificationDetail: "(217) 555-0100",
        status,
        reason: status === "refused" ? "No proof." : null,
        decidedAt: status === "refused" ? new Date() : null,
      })
      .returning({ id: listingClaims.id });
  ids.claim = (await claim(ids.unowned, "open"))[0]!.id;
  ids.decidedClaim = (await claim(ids.unowned2, "refused"))[0]!.id;
  const [r] = await db
    .insert(reviews)
    .values({ businessId: ids.cafe, userId: h.users.customer.id, author: "The customer", rating: 4, content: "Nice!" })
    .returning({ id: reviews.id });
  ids.review = r!.id;
});
afterAll(async () => {
  await h?.ctx.cleanup();
});

async function api(who: Who, method: string, path: string, json?: unknown) {
  const res = await h.as(who).request(`/api/v1${path}`, { method, json });
  return res.status;
}

function routeRequest(who: Who, path: string, form?: Record<string, string>) {
  const headers: Record<string, string> = {};
  if (who !== "visitor") headers.cookie = h.users[who].cookie;
  if (!form) return new Request(`${ORIGIN}${path}`, { headers });
  const body = new FormData();
  for (const [k, v] of Object.entries(form)) body.append(k, v);
  return new Request(`${ORIGIN}${path}`, { method: "POST", headers: { ...headers, origin: ORIGIN }, body });
}

/** The status a route module answers with: a thrown or returned Response's, data()'s init, else 200. */
async function routeStatus(run: Promise<unknown>) {
  const { response, value } = await settle(run);
  if (response) return response.status;
  const init = (value as { init?: { status?: number } } | undefined)?.init;
  return init?.status ?? 200;
}

function matrix(expected: Record<Who, number>, actual: Record<Who, number>) {
  expect(actual).toEqual(expected);
}

async function each(fn: (who: Who) => Promise<number>) {
  const out = {} as Record<Who, number>;
  for (const who of WHO) out[who] = await fn(who);
  return out;
}

describe("API routes", () => {
  it("lists need a session: favorites, my businesses, inbox, claims", async () => {
    for (const path of ["/me/favorites", "/me/businesses", "/me/messages", "/me/claims"])
      matrix(
        { visitor: 401, customer: 200, other: 200, owner: 200, admin: 200 },
        await each((who) => api(who, "GET", path)),
      );
  });

  it("favorite toggles are the signed-in user's own", async () => {
    matrix(
      { visitor: 401, customer: 200, other: 200, owner: 200, admin: 200 },
      await each((who) => api(who, "PUT", `/businesses/${ids.otherBar}/favorite`)),
    );
    matrix(
      { visitor: 401, customer: 204, other: 204, owner: 204, admin: 204 },
      await each((who) => api(who, "DELETE", `/businesses/${ids.otherBar}/favorite`)),
    );
  });

  it("a message: only its listing's owner (and an admin) can change it", async () => {
    matrix(
      { visitor: 401, customer: 404, other: 404, owner: 200, admin: 200 },
      await each((who) => api(who, "PATCH", `/messages/${ids.message}`, { read: true })),
    );
    const inbox = await h.as("other").json<{ items: { id: string }[] }>("/api/v1/me/messages");
    expect(inbox.body.items.map((m) => m.id)).not.toContain(ids.message);
  });

  it("a claim: its claimant (and an admin) can read it; only the claimant withdraws a pending one", async () => {
    matrix(
      { visitor: 401, customer: 404, other: 404, owner: 200, admin: 200 },
      await each((who) => api(who, "GET", `/claims/${ids.claim}`)),
    );
    const withdraw = await each((who) =>
      who === "owner" ? Promise.resolve(0) : api(who, "DELETE", `/claims/${ids.claim}`),
    );
    matrix({ visitor: 401, customer: 404, other: 404, owner: 0, admin: 404 }, withdraw);
    expect(await api("owner", "DELETE", `/claims/${ids.decidedClaim}`)).toBe(409);
    expect(await api("owner", "DELETE", `/claims/${ids.claim}`)).toBe(204);
    expect(await api("owner", "DELETE", `/claims/${ids.claim}`)).toBe(404);
    expect(await api("owner", "DELETE", `/claims/not-a-uuid`)).toBe(404);
    // Filed again for the route tests below.
    const [again] = await h.ctx.database.db
      .insert(listingClaims)
      .values({
        businessId: ids.unowned,
        userId: h.users.owner.id,
        note: "Again.",
        verificationMethod: "phone",
        verificationDetail: "(217) 555-0100",
      })
      .returning({ id: listingClaims.id });
    ids.claim = again!.id;
  });

  it("reviews: the owner can't review their own listing; only the owner replies", async () => {
    // customer: an edit of their review (200); other: email not verified (403); admin: verified (201).
    matrix(
      { visitor: 401, customer: 200, other: 403, owner: 403, admin: 201 },
      await each((who) =>
        api(who, "PUT", `/businesses/${ids.cafe}/reviews/mine`, {
          rating: 5,
          content: "A lovely place with great coffee and kind staff.",
        }),
      ),
    );
    matrix(
      { visitor: 401, customer: 403, other: 403, owner: 204, admin: 403 },
      await each((who) => api(who, "PUT", `/reviews/${ids.review}/reply`, { content: "Thank you!" })),
    );
  });
});

describe("route loaders and actions", () => {
  it("/portal: everyone signed in gets their own sections; a visitor signs in and comes back", async () => {
    const load = (who: Who, path = "/portal") =>
      settle(portalLoader({ request: routeRequest(who, path), context: h.routeContext, params: {} } as never));
    for (const who of WHO) {
      const { value, response } = await load(who);
      if (who === "visitor") {
        // Not an empty dashboard of zeros: to sign in, and back (as every guarded page does).
        expect(response?.status).toBe(302);
        expect(response?.headers.get("location")).toBe(`/auth?${new URLSearchParams({ redirectTo: "/portal" })}`);
        continue;
      }
      expect(response, who).toBeUndefined();
      const v = value as { owner?: unknown; adminQueue?: unknown; favorites: unknown };
      expect(Boolean(v.owner), `${who} owner section`).toBe(who === "owner" || who === "other");
      expect(Boolean(v.adminQueue), `${who} admin queue`).toBe(who === "admin");
      expect(v.favorites, `${who} favorites`).not.toBeNull();
    }
    const paged = await load("visitor", "/portal?reviewsPage=2");
    expect(paged.response?.headers.get("location")).toBe(
      `/auth?${new URLSearchParams({ redirectTo: "/portal?reviewsPage=2" })}`,
    );
  });

  it("/portal withdraw-claim: only the claimant", async () => {
    const post = (who: Who) =>
      routeStatus(
        portalAction({
          request: routeRequest(who, "/portal", { intent: "withdraw-claim", claimId: ids.claim }),
          context: h.routeContext,
          params: {},
        } as never),
      );
    matrix({ visitor: 302, customer: 404, other: 404, owner: 200, admin: 404 }, await each(post));
    const [gone] = await h.ctx.database.db.select().from(listingClaims).where(eq(listingClaims.id, ids.claim));
    expect(gone).toBeUndefined();
  });

  it("/portal/inbox: signed in only; the action touches the owner's messages only", async () => {
    matrix(
      { visitor: 302, customer: 200, other: 200, owner: 200, admin: 200 },
      await each((who) =>
        routeStatus(
          inboxRouteLoader({
            request: routeRequest(who, "/portal/inbox"),
            context: h.routeContext,
            params: {},
          } as never),
        ),
      ),
    );
    matrix(
      { visitor: 302, customer: 404, other: 404, owner: 200, admin: 200 },
      await each((who) =>
        routeStatus(
          inboxRouteAction({
            request: routeRequest(who, "/portal/inbox", { intent: "unread", messageId: ids.message }),
            context: h.routeContext,
            params: {},
          } as never),
        ),
      ),
    );
  });

  it("/portal/stats/:id: the listing's owner and admins; anyone else 404 (signed out: sign in)", async () => {
    matrix(
      { visitor: 302, customer: 404, other: 404, owner: 200, admin: 200 },
      await each((who) =>
        routeStatus(
          statsRouteLoader({
            request: routeRequest(who, `/portal/stats/${ids.cafe}?days=7`),
            context: h.routeContext,
            params: { id: ids.cafe },
          } as never),
        ),
      ),
    );
    matrix(
      { visitor: 401, customer: 404, other: 404, owner: 200, admin: 200 },
      await each((who) => api(who, "GET", `/businesses/${ids.cafe}/stats?days=7`)),
    );
  });

  it("/account/export and the notification settings: signed in only, the account's own", async () => {
    const exports = await each((who) =>
      routeStatus(
        exportLoader({ request: routeRequest(who, "/account/export"), context: h.routeContext, params: {} } as never),
      ),
    );
    matrix({ visitor: 302, customer: 200, other: 200, owner: 200, admin: 200 }, exports);
    const { response } = await settle(
      exportLoader({ request: routeRequest("other", "/account/export"), context: h.routeContext, params: {} } as never),
    );
    const text = await response!.text();
    expect(text).toContain(h.users.other.email);
    expect(text).not.toContain(h.users.owner.email);

    matrix(
      { visitor: 302, customer: 200, other: 200, owner: 200, admin: 200 },
      await each((who) =>
        routeStatus(
          settingsAction({
            request: routeRequest(who, "/account/settings", { intent: "notification-preferences", emailReviews: "on" }),
            context: h.routeContext,
            params: {},
          } as never),
        ),
      ),
    );
  });

  it("the public profile settings (issue 41): signed in only, always the account's own", async () => {
    const profileOf = async (userId: string) =>
      (await h.ctx.database.db.select().from(peopleProfiles).where(eq(peopleProfiles.userId, userId)))[0];
    const before = await profileOf(h.users.owner.id);
    matrix(
      { visitor: 302, customer: 200, other: 200, owner: 200, admin: 200 },
      await each((who) =>
        routeStatus(
          settingsAction({
            request: routeRequest(who, "/account/settings", {
              intent: "public-profile",
              nameDisplay: "full",
              city: `${who} city`,
              // Naming another account changes nothing: the profile is the session's.
              userId: h.users.owner.id,
              handle: before!.handle,
            }),
            context: h.routeContext,
            params: {},
          } as never),
        ),
      ),
    );
    expect(await profileOf(h.users.owner.id)).toMatchObject({ handle: before!.handle, city: "owner city" });
    expect(await profileOf(h.users.other.id)).toMatchObject({ city: "other city" });
  });
});

describe("IDOR: the owner's ids from everyone else", () => {
  it("changes nothing of the owner's", async () => {
    const db = h.ctx.database.db;
    const before = await db.select().from(businessMessages).where(eq(businessMessages.id, ids.message));
    for (const who of ["customer", "other"] as const) {
      expect(await api(who, "PATCH", `/messages/${ids.message}`, { archived: true })).toBe(404);
      expect(await api(who, "GET", `/claims/${ids.decidedClaim}`)).toBe(404);
      expect(await api(who, "DELETE", `/claims/${ids.decidedClaim}`)).toBe(404);
      expect(await api(who, "DELETE", `/reviews/${ids.review}/reply`)).toBe(403);
      expect(
        await routeStatus(
          portalAction({
            request: routeRequest(who, "/portal", { intent: "withdraw-claim", claimId: ids.decidedClaim }),
            context: h.routeContext,
            params: {},
          } as never),
        ),
      ).toBe(404);
    }
    const after = await db.select().from(businessMessages).where(eq(businessMessages.id, ids.message));
    expect(after).toEqual(before);
    const [claim] = await db.select().from(listingClaims).where(eq(listingClaims.id, ids.decidedClaim));
    expect(claim?.status).toBe("refused");
  });
});
