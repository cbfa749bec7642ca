import { and, eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businesses, businessImages, favorites, users } from "~/.server/db/schema";
import { RateLimiter } from "~/.server/rate-limit";
import { removeFavorite, saveFavorite } from "~/features/favorites/mutations.server";
import { dashboardFavorites, isFavorite, listFavorites } from "~/features/favorites/queries.server";
import type { FavoriteActionResult, FavoritePage } from "~/features/favorites/types";
import { AppError } from "~/lib/app-error";
import { favoriteAction, isFavoriteRequest, loadFavoriteState } from "~/routes/business-favorite.server";
import { loader as portalLoader } from "~/routes/portal";
import { createApp } from "../../server/http/app";
import { addReviews, createBusiness, NEVER_OPEN, OPEN_24_7 } from "../support/factories";
import { createTestServices } from "../support/services";
import { signedInUser } from "../support/users";

/**
 * Favorites: saving and removing (idempotent, published businesses only),
 * the user's own list as cards, the API (/me/favorites, PUT and DELETE
 * /businesses/{id}/favorite), the business page's Save (its ?save=1 after
 * signing in, its action) and the dashboard — and that nobody reads or
 * changes anyone else's favorites.
 */

const ORIGIN = "http://near.test";

let ctx: Awaited<ReturnType<typeof createTestServices>>;
let app: ReturnType<typeof createApp>;
let context: AppLoadContext;
type Who = "visitor" | "alice" | "bob";
type Session = Awaited<ReturnType<typeof signedInUser>>;
const sessions = {} as Record<Exclude<Who, "visitor">, Session>;
const cookies = {} as Record<Who, string>;
const ids = {} as Record<Exclude<Who, "visitor">, string>;
let cafe: Awaited<ReturnType<typeof createBusiness>>;
let diner: Awaited<ReturnType<typeof createBusiness>>;
let bakery: Awaited<ReturnType<typeof createBusiness>>;
let pending: Awaited<ReturnType<typeof createBusiness>>;
const db = () => ctx.database.db;
const unlimited = () => new RateLimiter(1000, 60_000);

beforeAll(async () => {
  ctx = await createTestServices({ PUBLIC_URL: ORIGIN, AUTH_RATE_LIMIT: "false" });
  app = createApp({ services: ctx.services });
  for (const who of ["alice", "bob"] as const) {
    const user = await signedInUser(app, db(), { name: who });
    sessions[who] = user;
    cookies[who] = [...user.jar].map(([k, v]) => `${k}=${v}`).join("; ");
    ids[who] = user.id;
  }
  cookies.visitor = "";
  context = { ...ctx.services, db: db(), nonce: "", requestId: "t", clientIp: "127.0.0.1" } as AppLoadContext;
  cafe = await createBusiness(db(), { name: "Bean There", hours: OPEN_24_7 });
  diner = await createBusiness(db(), { name: "Night Diner", hours: NEVER_OPEN });
  bakery = await createBusiness(db(), { name: "Crumb Bakery" });
  pending = await createBusiness(db(), { name: "Not Yet Open", status: "pending" });
  await addReviews(db(), cafe.id, [5, 4, 4]);
  await db()
    .insert(businessImages)
    .values({
      businessId: cafe.id,
      position: 0,
      storageKey: "cafe-cover",
      widths: [400, 800],
      width: 1200,
      height: 800,
      alt: "Cafe front",
    });
});
afterAll(async () => {
  await ctx?.cleanup();
});

async function clear() {
  await db().delete(favorites);
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

/** A loader's or action's answer: `data()` unwrapped, or the Response it returned or threw. */
async function run<T>(fn: () => Promise<T>) {
  try {
    const result = (await fn()) as unknown as { data?: unknown; init?: { status?: number } | null };
    if (result && typeof result === "object" && "data" in result && "init" in result)
      return { status: result.init?.status ?? 200, body: result.data as never, location: null };
    return { status: 200, body: result as never, location: null };
  } catch (error) {
    if (error instanceof Response)
      return { status: error.status, body: null as never, location: error.headers.get("location") };
    throw error;
  }
}

const act = (who: Who, businessId: string, body: Record<string, string>) =>
  run(() => favoriteAction(businessId, request(who, `/business/${businessId}`, body), context)) as Promise<{
    status: number;
    body: FavoriteActionResult;
    location: string | null;
  }>;

/** What an API call answers: status and JSON body (null for 204). */
async function api(who: Who, method: string, path: string) {
  const res =
    who === "visitor"
      ? await app.request(`${ORIGIN}/api/v1${path}`, { method, headers: { origin: ORIGIN } })
      : await sessions[who].request(`/api/v1${path}`, { method });
  return { status: res.status, body: (await res.json().catch(() => null)) as never, res };
}

const saved = async (userId: string) =>
  (await db().select({ businessId: favorites.businessId }).from(favorites).where(eq(favorites.userId, userId))).map(
    (r) => r.businessId,
  );

describe("saving and removing", () => {
  it("saves a published business once, by id or slug, and removes it; both repeat harmlessly", async () => {
    await clear();
    const first = await saveFavorite(db(), ids.alice, cafe.id, unlimited());
    expect(first).toEqual({ businessId: cafe.id, saved: true, created: true });
    const again = await saveFavorite(db(), ids.alice, cafe.slug, unlimited());
    expect(again).toEqual({ businessId: cafe.id, saved: true, created: false });
    expect(await saved(ids.alice)).toEqual([cafe.id]);
    expect(await isFavorite(db(), ids.alice, cafe.id)).toBe(true);

    expect(await removeFavorite(db(), ids.alice, cafe.id, unlimited())).toEqual({
      businessId: cafe.id,
      saved: false,
      removed: true,
    });
    expect(await removeFavorite(db(), ids.alice, cafe.id, unlimited())).toMatchObject({ saved: false, removed: false });
    expect(await saved(ids.alice)).toEqual([]);
  });

  it("refuses a business that isn't published (404) and an id that isn't one (400), before touching the database", async () => {
    await expect(saveFavorite(db(), ids.alice, pending.id, unlimited())).rejects.toMatchObject({ code: "not_found" });
    await expect(
      saveFavorite(db(), ids.alice, "00000000-0000-4000-8000-000000000000", unlimited()),
    ).rejects.toMatchObject({ code: "not_found" });
    for (const bad of ["Not An Id", "x\u0000y", "../etc", "a".repeat(121), ""]) {
      await expect(saveFavorite(db(), ids.alice, bad, unlimited())).rejects.toMatchObject({
        code: "bad_request",
        fields: { businessId: expect.any(String) },
      });
      await expect(removeFavorite(db(), ids.alice, bad, unlimited())).rejects.toMatchObject({ code: "bad_request" });
    }
    expect(await saved(ids.alice)).toEqual([]);
  });

  it("is rate-limited per user (429 with a wait)", async () => {
    const limiter = new RateLimiter(2, 60_000);
    await saveFavorite(db(), ids.bob, cafe.id, limiter);
    await removeFavorite(db(), ids.bob, cafe.id, limiter);
    const error = await saveFavorite(db(), ids.bob, cafe.id, limiter).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: "too_many_requests" });
    expect((error as AppError).retryAfter).toBeGreaterThan(0);
    // Alice counts on her own.
    await expect(saveFavorite(db(), ids.alice, cafe.id, limiter)).resolves.toMatchObject({ saved: true });
    await clear();
  });

  it("goes with the business or the account when either is deleted", async () => {
    const gone = await createBusiness(db(), { name: "Closing Down" });
    const temp = await signedInUser(app, db(), { name: "Temp" });
    await saveFavorite(db(), temp.id, gone.id, unlimited());
    await saveFavorite(db(), temp.id, bakery.id, unlimited());
    await db().delete(businesses).where(eq(businesses.id, gone.id));
    expect(await saved(temp.id)).toEqual([bakery.id]);
    await db().delete(users).where(eq(users.id, temp.id));
    expect(await saved(temp.id)).toEqual([]);
  });
});

describe("the list", () => {
  it("shows the user's own published favorites newest first, as cards, with the total and pages", async () => {
    await clear();
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
    await db()
      .insert(favorites)
      .values([
        { userId: ids.alice, businessId: diner.id, createdAt: at(30) },
        { userId: ids.alice, businessId: cafe.id, createdAt: at(20) },
        { userId: ids.alice, businessId: bakery.id, createdAt: at(10) },
        { userId: ids.bob, businessId: diner.id, createdAt: at(5) },
      ]);
    const page = await listFavorites(db(), ids.alice, { page: 1, pageSize: 12 });
    expect(page.items.map((i) => i.name)).toEqual(["Crumb Bakery", "Bean There", "Night Diner"]);
    expect(page).toMatchObject({ total: 3, page: 1, pageSize: 12, pageCount: 1 });
    const card = page.items.find((i) => i.id === cafe.id)!;
    expect(card).toMatchObject({ slug: cafe.slug, category: "restaurants", rating: 4.333333333333333, reviewCount: 3 });
    expect(card.openStatus).toEqual({ isOpen: true, label: expect.stringMatching(/^Open now/) });
    expect(card.image).toMatchObject({ alt: "Cafe front", width: 1200, height: 800 });
    expect(card.image!.src).toContain("cafe-cover");
    const dinerCard = page.items.find((i) => i.id === diner.id)!;
    expect(dinerCard).toMatchObject({ image: null, reviewCount: 0, openStatus: { isOpen: false } });
    expect(Math.abs(new Date(dinerCard.savedAt).getTime() - at(30).getTime())).toBeLessThan(5_000);

    const second = await listFavorites(db(), ids.alice, { page: 2, pageSize: 2 });
    expect(second.items.map((i) => i.name)).toEqual(["Night Diner"]);
    expect(second).toMatchObject({ total: 3, pageCount: 2 });

    // Unpublished: hidden but kept, and back when it returns.
    await db().update(businesses).set({ status: "suspended" }).where(eq(businesses.id, bakery.id));
    const hidden = await listFavorites(db(), ids.alice, { page: 1, pageSize: 12 });
    expect(hidden.items.map((i) => i.name)).toEqual(["Bean There", "Night Diner"]);
    expect(hidden.total).toBe(2);
    await db().update(businesses).set({ status: "published" }).where(eq(businesses.id, bakery.id));
    expect((await dashboardFavorites(db(), ids.alice)).total).toBe(3);

    expect((await listFavorites(db(), ids.bob, { page: 1, pageSize: 12 })).items.map((i) => i.name)).toEqual([
      "Night Diner",
    ]);
  });
});

describe("the API", () => {
  it("answers 401 to a visitor on every favorites route", async () => {
    expect((await api("visitor", "GET", "/me/favorites")).status).toBe(401);
    expect((await api("visitor", "PUT", `/businesses/${cafe.id}/favorite`)).status).toBe(401);
    expect((await api("visitor", "DELETE", `/businesses/${cafe.id}/favorite`)).status).toBe(401);
    // Signed out with a bad id is still a 401, not a hint about the id.
    expect((await api("visitor", "PUT", "/businesses/Bad%20Id/favorite")).status).toBe(401);
  });

  it("PUT saves (again: the same answer), DELETE removes (again: 204), GET lists", async () => {
    await clear();
    const put = await api("alice", "PUT", `/businesses/${cafe.id}/favorite`);
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ businessId: cafe.id, saved: true, created: true });
    const again = await api("alice", "PUT", `/businesses/${cafe.slug}/favorite`);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ businessId: cafe.id, saved: true, created: false });

    const list = await api("alice", "GET", "/me/favorites");
    expect(list.status).toBe(200);
    const page = list.body as FavoritePage;
    expect(page).toMatchObject({ total: 1, page: 1, pageSize: 12, pageCount: 1 });
    expect(page.items[0]).toMatchObject({ id: cafe.id, slug: cafe.slug, name: "Bean There", reviewCount: 3 });

    expect((await api("alice", "DELETE", `/businesses/${cafe.id}/favorite`)).status).toBe(204);
    expect((await api("alice", "DELETE", `/businesses/${cafe.id}/favorite`)).status).toBe(204);
    expect(((await api("alice", "GET", "/me/favorites")).body as FavoritePage).total).toBe(0);
  });

  it("answers 400 for ids and parameters that aren't valid, 404 for a business that isn't public", async () => {
    for (const bad of ["Bad%20Id", "%00", "a%2Fb", "x".repeat(121)]) {
      const res = await api("alice", "PUT", `/businesses/${bad}/favorite`);
      expect(res.status, bad).toBe(400);
      expect((res.body as { error: { code: string } }).error.code).toBe("bad_request");
      expect((await api("alice", "DELETE", `/businesses/${bad}/favorite`)).status, bad).toBe(400);
    }
    expect((await api("alice", "PUT", `/businesses/${pending.id}/favorite`)).status).toBe(404);
    expect((await api("alice", "PUT", "/businesses/no-such-place/favorite")).status).toBe(404);
    for (const query of ["page=0", "page=abc", "pageSize=51", "pageSize=0", "page=1.5", "sort=name"]) {
      const res = await api("alice", "GET", `/me/favorites?${query}`);
      expect(res.status, query).toBe(400);
      expect((res.body as { error: { fields: Record<string, string> } }).error.fields).toBeTruthy();
    }
  });

  it("user B can neither read nor delete user A's favorites", async () => {
    await clear();
    await api("alice", "PUT", `/businesses/${cafe.id}/favorite`);
    await api("alice", "PUT", `/businesses/${diner.id}/favorite`);
    // Bob's list is his own: empty.
    const bobs = await api("bob", "GET", "/me/favorites");
    expect(bobs.status).toBe(200);
    expect(bobs.body).toMatchObject({ items: [], total: 0 });
    // There is no way to name another user: a userId in the query is refused, not honoured.
    expect((await api("bob", "GET", `/me/favorites?userId=${ids.alice}`)).status).toBe(400);
    // Bob's DELETE only ever touches Bob's list.
    expect((await api("bob", "DELETE", `/businesses/${cafe.id}/favorite`)).status).toBe(204);
    expect((await saved(ids.alice)).sort()).toEqual([cafe.id, diner.id].sort());
    const alices = (await api("alice", "GET", "/me/favorites")).body as FavoritePage;
    expect(alices.total).toBe(2);
  });

  it("is rate-limited like the other writes (429 with Retry-After)", async () => {
    const limits = ctx.services.limits;
    const original = limits.favorites;
    limits.favorites = new RateLimiter(1, 60_000);
    try {
      expect((await api("bob", "PUT", `/businesses/${cafe.id}/favorite`)).status).toBe(200);
      const limited = await api("bob", "DELETE", `/businesses/${cafe.id}/favorite`);
      expect(limited.status).toBe(429);
      expect(Number(limited.res.headers.get("retry-after"))).toBeGreaterThan(0);
    } finally {
      limits.favorites = original;
    }
  });

  it("is in the OpenAPI document", async () => {
    const doc = (await (await app.request("/api/v1/openapi.json")).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(doc.paths["/me/favorites"]!)).toEqual(["get"]);
    expect(Object.keys(doc.paths["/businesses/{id}/favorite"]!).sort()).toEqual(["delete", "put"]);
  });
});

describe("the business page's Save", () => {
  it("shows the reader's state: a visitor's is unsaved", async () => {
    await clear();
    await saveFavorite(db(), ids.alice, cafe.id, unlimited());
    expect(await loadFavoriteState(request("visitor", `/business/${cafe.id}`), context, cafe.id)).toEqual({
      saved: false,
    });
    expect(await loadFavoriteState(request("alice", `/business/${cafe.id}`), context, cafe.id)).toEqual({
      saved: true,
    });
    expect(await loadFavoriteState(request("bob", `/business/${cafe.id}`), context, cafe.id)).toEqual({
      saved: false,
    });
  });

  it("?save=1 after signing in saves once and redirects to the clean URL; a visitor just sees the page", async () => {
    await clear();
    const visitor = await run(() =>
      loadFavoriteState(request("visitor", `/business/${diner.id}?save=1`), context, diner.id),
    );
    expect(visitor).toMatchObject({ status: 200, body: { saved: false } });

    const arrival = await run(() =>
      loadFavoriteState(request("alice", `/business/${diner.id}?reviewSort=newest&save=1`), context, diner.id),
    );
    expect(arrival.status).toBe(302);
    expect(arrival.location).toBe(`/business/${diner.id}?reviewSort=newest`);
    expect(await saved(ids.alice)).toEqual([diner.id]);
    // Another ?save=1 (a reload of an old link) changes nothing and still lands on the clean page.
    const again = await run(() =>
      loadFavoriteState(request("alice", `/business/${diner.id}?save=1`), context, diner.id),
    );
    expect(again.location).toBe(`/business/${diner.id}`);
    expect(await saved(ids.alice)).toEqual([diner.id]);
    // Anything but 1 saves nothing (and is dropped too).
    const odd = await run(() => loadFavoriteState(request("bob", `/business/${diner.id}?save=yes`), context, diner.id));
    expect(odd.location).toBe(`/business/${diner.id}`);
    expect(await saved(ids.bob)).toEqual([]);
  });

  it("tells the page's two forms apart by their intent", async () => {
    expect(await isFavoriteRequest(request("alice", "/business/x", { intent: "favorite-save" }))).toBe(true);
    expect(await isFavoriteRequest(request("alice", "/business/x", { intent: "favorite-nonsense" }))).toBe(true);
    expect(await isFavoriteRequest(request("alice", "/business/x", { intent: "message", name: "A" }))).toBe(false);
    expect(await isFavoriteRequest(request("alice", "/business/x"))).toBe(false);
    // The body is still there for the action that reads it.
    const req = request("alice", "/business/x", { intent: "favorite-save" });
    await isFavoriteRequest(req);
    expect((await req.formData()).get("intent")).toBe("favorite-save");
  });

  it("the action saves and removes for the signed-in user; a visitor is sent to sign in and back with save=1", async () => {
    await clear();
    expect(await act("alice", cafe.id, { intent: "favorite-save" })).toMatchObject({
      status: 200,
      body: { ok: true, saved: true },
    });
    expect(await saved(ids.alice)).toEqual([cafe.id]);
    expect(await act("alice", cafe.id, { intent: "favorite-remove" })).toMatchObject({
      status: 200,
      body: { ok: true, saved: false },
    });
    expect(await saved(ids.alice)).toEqual([]);

    const visitor = await act("visitor", cafe.id, { intent: "favorite-save" });
    expect(visitor.status).toBe(302);
    expect(visitor.location).toBe(`/auth?${new URLSearchParams({ redirectTo: `/business/${cafe.id}?save=1` })}`);
    const visitorRemove = await act("visitor", cafe.id, { intent: "favorite-remove" });
    expect(visitorRemove.location).toBe(`/auth?${new URLSearchParams({ redirectTo: `/business/${cafe.id}` })}`);
  });

  it("without JavaScript, goes back to the page it came from (a path on this site only)", async () => {
    const back = await act("alice", cafe.id, { intent: "favorite-save", returnTo: "/portal" });
    expect(back).toMatchObject({ status: 302, location: "/portal" });
    const offsite = await act("alice", cafe.id, { intent: "favorite-remove", returnTo: "https://evil.example/" });
    expect(offsite).toMatchObject({ status: 200, body: { ok: true, saved: false } });
  });

  it("answers 400 for an unknown intent, a bad id or extra fields; 404 for a business that isn't public", async () => {
    const unknown = await act("alice", cafe.id, { intent: "favorite-steal" });
    expect(unknown).toMatchObject({ status: 400, body: { ok: false, error: expect.any(String) } });
    const extra = await act("alice", cafe.id, { intent: "favorite-save", userId: ids.bob });
    expect(extra.status).toBe(400);
    const badId = await act("alice", "Not%20An%20Id", { intent: "favorite-save" });
    expect(badId).toMatchObject({ status: 400, body: { ok: false } });
    const hidden = await act("alice", pending.id, { intent: "favorite-save" });
    expect(hidden).toMatchObject({ status: 404, body: { ok: false } });
    expect(await saved(ids.bob)).toEqual([]);
  });

  it("user B's Remove never touches user A's favorite", async () => {
    await clear();
    await act("alice", bakery.id, { intent: "favorite-save" });
    const bobs = await act("bob", bakery.id, { intent: "favorite-remove", returnTo: "/portal" });
    expect(bobs).toMatchObject({ status: 302, location: "/portal" });
    expect(await saved(ids.alice)).toEqual([bakery.id]);
    expect(
      await db()
        .select()
        .from(favorites)
        .where(and(eq(favorites.userId, ids.bob), eq(favorites.businessId, bakery.id))),
    ).toEqual([]);
  });
});

describe("the dashboard", () => {
  const portal = (who: Who) =>
    portalLoader({ request: request(who, "/portal"), context, params: {} } as Parameters<typeof portalLoader>[0]);

  it("shows each user their own favorites (a visitor signs in first)", async () => {
    await clear();
    await saveFavorite(db(), ids.alice, cafe.id, unlimited());
    await saveFavorite(db(), ids.alice, bakery.id, unlimited());
    await expect(portal("visitor")).rejects.toMatchObject({ status: 302 });
    const alices = (await portal("alice")).favorites!;
    expect(alices.total).toBe(2);
    expect(alices.items.map((i) => i.name)).toEqual(["Crumb Bakery", "Bean There"]);
    const bobs = (await portal("bob")).favorites!;
    expect(bobs).toMatchObject({ total: 0, items: [] });
  });
});
