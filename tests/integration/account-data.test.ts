import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  businesses,
  businessMessages,
  contactMessages,
  favorites,
  newsletterSubscribers,
  reviewHelpfulVotes,
  reviewReports,
  reviews,
  sessions,
  users,
} from "~/.server/db/schema";
import { addAdmin } from "~/features/auth/admins.server";
import { DELETE_ACCOUNT_MESSAGES } from "~/features/auth/account-data-schema";
import type { AccountExport } from "~/features/auth/account-data.server";
import { loader as exportLoader } from "~/routes/account-export";
import { deleteAccountAction, type DeleteAccountData } from "~/routes/account-settings.server";
import { createApp } from "../../server/http/app";
import { browserSession } from "../support/auth-http";
import { createBusiness } from "../support/factories";
import { createTestServices } from "../support/services";

/**
 * The privacy policy's data rights: /account/export downloads the account's
 * own data and no one else's; "Delete my account" (typed email) deletes the
 * account, its sessions, reviews (the rating follows), marks and the messages
 * sent from its address, and leaves other people's data alone. Admins are
 * refused, on the settings page and on Better Auth's own endpoint.
 */

const ORIGIN = "http://near.test";
type Who = "ada" | "bob" | "admin" | "eve";
let ctx: Awaited<ReturnType<typeof createTestServices>>;
let app: ReturnType<typeof createApp>;
let context: AppLoadContext;
const ids = {} as Record<Who, string>;
const cookies = {} as Record<Who, string>;
let cafe: Awaited<ReturnType<typeof createBusiness>>;
let owned: Awaited<ReturnType<typeof createBusiness>>;

async function signUp(who: Who, type: "customer" | "business" = "customer", verified = true) {
  const client = browserSession(app);
  const res = await client.json<{ user: { id: string } }>("/api/auth/sign-up/email", {
    name: `${who[0]!.toUpperCase()}${who.slice(1)} Tester`,
    email: `${who}@data.example.com`,
    password: "secret-123",
    type,
  });
  expect(res.status).toBe(200);
  ids[who] = res.body.user.id;
  if (verified) await ctx.database.db.update(users).set({ emailVerified: true }).where(eq(users.id, ids[who]));
  cookies[who] = [...client.jar].map(([k, v]) => `${k}=${v}`).join("; ");
}

function get(path: string, who?: Who) {
  return new Request(`${ORIGIN}${path}`, { headers: who ? { cookie: cookies[who] } : {} });
}

function post(path: string, who: Who, body: Record<string, string>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(body)) form.append(k, v);
  return new Request(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { origin: ORIGIN, cookie: cookies[who] },
    body: form,
  });
}

async function deleteAs(who: Who, confirmEmail: string) {
  const request = post("/account/settings", who, { intent: "delete-account", confirmEmail });
  const answer = await deleteAccountAction({ request, context }, await request.clone().formData());
  if (answer instanceof Response) return { status: answer.status, response: answer, body: null };
  const { data, init } = answer as unknown as { data: DeleteAccountData; init: { status?: number } | null };
  return { status: init?.status ?? 200, response: null, body: data };
}

async function exportOf(who: Who) {
  const res = (await exportLoader({ request: get("/account/export", who), context } as never)) as Response;
  return { res, body: (await res.json()) as AccountExport };
}

async function thrown(promise: Promise<unknown>): Promise<Response> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error("expected a thrown Response");
}

beforeAll(async () => {
  ctx = await createTestServices({ PUBLIC_URL: ORIGIN, AUTH_RATE_LIMIT: "false" });
  app = createApp({ services: ctx.services });
  context = {
    ...ctx.services,
    db: ctx.database.db,
    nonce: "",
    requestId: "test",
    clientIp: "203.0.113.7",
  } as AppLoadContext;
  await signUp("ada");
  await signUp("bob", "business");
  await signUp("admin");
  await addAdmin(ctx.database.db, "admin@data.example.com");

  const db = ctx.database.db;
  cafe = await createBusiness(db, { name: "Corner Cafe" });
  owned = await createBusiness(db, { name: "Bob's Bakery", ownerId: ids.bob });
  const [adaReview] = await db
    .insert(reviews)
    .values({ businessId: cafe.id, userId: ids.ada, author: "Ada", rating: 1, content: "Cold coffee, long wait." })
    .returning();
  const [bobReview] = await db
    .insert(reviews)
    .values({ businessId: cafe.id, userId: ids.bob, author: "Bob", rating: 5, content: "Best croissant in town." })
    .returning();
  await db.insert(reviewHelpfulVotes).values([
    { reviewId: bobReview!.id, userId: ids.ada },
    { reviewId: adaReview!.id, userId: ids.bob },
  ]);
  await db.insert(reviewReports).values([
    { reviewId: bobReview!.id, userId: ids.ada, reason: "Ada thinks this is spam" },
    { reviewId: adaReview!.id, userId: ids.bob, reason: "Bob thinks this is off-topic" },
  ]);
  await db.insert(favorites).values([
    { userId: ids.ada, businessId: cafe.id },
    { userId: ids.bob, businessId: owned.id },
  ]);
  await db.insert(businessMessages).values([
    { businessId: cafe.id, senderName: "Ada", senderEmail: "ADA@data.example.com", body: "Do you take bookings?" },
    { businessId: cafe.id, senderName: "Bob", senderEmail: "bob@data.example.com", body: "Wholesale bread?" },
  ]);
  await db.insert(contactMessages).values([
    { name: "Ada", email: "ada@data.example.com", subject: "Hello", message: "A question about listings." },
    { name: "Bob", email: "bob@data.example.com", subject: "Hi", message: "Another question." },
  ]);
  await db.insert(newsletterSubscribers).values([
    { email: "ada@data.example.com", tokenHash: "a".repeat(64), status: "confirmed" },
    { email: "bob@data.example.com", tokenHash: "b".repeat(64), status: "confirmed" },
  ]);
  // A visitor wrote from eve@…; someone else signs up with that address later and doesn't verify it.
  await db.insert(businessMessages).values({
    businessId: cafe.id,
    senderName: "Eve",
    senderEmail: "eve@data.example.com",
    body: "Private: my order number is 4411.",
  });
  await db.insert(contactMessages).values({
    name: "Eve",
    email: "eve@data.example.com",
    subject: "Private",
    message: "Please call me back.",
  });
  await db
    .insert(newsletterSubscribers)
    .values({ email: "eve@data.example.com", tokenHash: "e".repeat(64), status: "confirmed" });
  await signUp("eve", "customer", false);
});
afterAll(async () => {
  await ctx?.cleanup();
});

describe("GET /account/export", () => {
  it("sends a visitor to sign in first", async () => {
    const res = await thrown(exportLoader({ request: get("/account/export"), context } as never));
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/auth?redirectTo=${encodeURIComponent("/account/export")}`);
  });

  it("downloads the signed-in account's own data as JSON, and nobody else's", async () => {
    const { res, body } = await exportOf("ada");
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="near-account-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(body.account).toMatchObject({ id: ids.ada, email: "ada@data.example.com", type: "customer" });
    expect(body.account.signInMethods.map((m) => m.provider)).toEqual(["credential"]);
    expect(body.account.notificationPreferences).toEqual({ emailMessages: true, emailReviews: true });
    expect(body.reviews).toHaveLength(1);
    expect(body.reviews[0]).toMatchObject({ rating: 1, business: { name: "Corner Cafe" } });
    expect(body.helpfulMarks).toHaveLength(1);
    // The reports Ada filed, and not the one filed about her review.
    expect(body.reportsFiled).toEqual([
      expect.objectContaining({ reviewId: expect.any(String), reason: "Ada thinks this is spam", status: "open" }),
    ]);
    expect(JSON.stringify(body)).not.toContain("Bob thinks this is off-topic");
    expect(body.favorites.map((f) => f.business.name)).toEqual(["Corner Cafe"]);
    expect(body.messagesSent.map((m) => m.message)).toEqual(["Do you take bookings?"]);
    expect(body.contactMessages.map((m) => m.subject)).toEqual(["Hello"]);
    expect(body.newsletter).toMatchObject({ status: "confirmed" });
    expect(body.businesses).toEqual([]);
    const text = JSON.stringify(body);
    for (const other of ["bob@data.example.com", "Best croissant", "Wholesale bread", ids.bob])
      expect(text).not.toContain(other);
    // No secrets: no password hash, no session tokens.
    expect(text).not.toMatch(/password|token/i);
  });

  it("an unverified account gets nothing matched by its email address (security finding 37.1)", async () => {
    const { res, body } = await exportOf("eve");
    expect(res.status).toBe(200);
    expect(body.account.emailVerified).toBe(false);
    expect(body.messagesSent).toEqual([]);
    expect(body.contactMessages).toEqual([]);
    expect(body.newsletter).toBeNull();
    expect(body.emailMatched).toMatch(/Verify your email address/);
    expect(JSON.stringify(body)).not.toMatch(/4411|call me back/);
  });

  it("lists an owner's businesses", async () => {
    const { body } = await exportOf("bob");
    expect(body.businesses.map((b) => b.name)).toEqual(["Bob's Bakery"]);
  });
});

describe("Delete my account", () => {
  it("refuses an email that isn't the account's, and deletes nothing", async () => {
    const empty = await deleteAs("ada", "");
    expect(empty.status).toBe(400);
    expect(empty.body?.result.error).toMatchObject({ confirmEmail: [DELETE_ACCOUNT_MESSAGES.required] });
    const wrong = await deleteAs("ada", "bob@data.example.com");
    expect(wrong.status).toBe(400);
    expect(wrong.body?.result.error).toMatchObject({ confirmEmail: [DELETE_ACCOUNT_MESSAGES.mismatch] });
    const [still] = await ctx.database.db.select().from(users).where(eq(users.id, ids.ada));
    expect(still).toBeDefined();
  });

  it("refuses an admin, on the settings page and on Better Auth's endpoint", async () => {
    const page = await deleteAs("admin", "admin@data.example.com");
    expect(page.status).toBe(403);
    expect(page.body?.result.error?.[""]?.[0]).toMatch(/admin account can't be deleted/);
    const direct = await app.request(`${ORIGIN}/api/auth/delete-user`, {
      method: "POST",
      headers: { origin: ORIGIN, cookie: cookies.admin, "content-type": "application/json" },
      body: "{}",
    });
    expect(direct.status).toBe(403);
    const [still] = await ctx.database.db.select().from(users).where(eq(users.id, ids.admin));
    expect(still).toBeDefined();
  });

  it("asks for a fresh sign-in when the session is more than a day old", async () => {
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 3600 * 1000);
    await ctx.database.db.update(sessions).set({ createdAt: twoDaysAgo }).where(eq(sessions.userId, ids.bob));
    const stale = await deleteAs("bob", "bob@data.example.com");
    expect(stale.status).toBe(401);
    expect(stale.body?.result.error?.[""]?.[0]).toMatch(/sign in again/);
    await ctx.database.db.update(sessions).set({ createdAt: new Date() }).where(eq(sessions.userId, ids.bob));
  });

  it("deletes the account with its sessions, reviews, marks and messages; the rating follows; others keep theirs", async () => {
    const db = ctx.database.db;
    const before = await db.select({ rating: businesses.rating }).from(businesses).where(eq(businesses.id, cafe.id));
    expect(before[0]!.rating).toBe(3);

    const { status, response } = await deleteAs("ada", "  Ada@Data.Example.com ");
    expect(status).toBe(302);
    expect(response!.headers.get("location")).toBe("/");
    const setCookies = response!.headers.getSetCookie().join("\n");
    expect(setCookies).toMatch(/near_notice=accountDeleted/);
    expect(setCookies).toMatch(/session_token=;/);

    expect(await db.select().from(users).where(eq(users.id, ids.ada))).toEqual([]);
    expect(await db.select().from(sessions).where(eq(sessions.userId, ids.ada))).toEqual([]);
    expect(await db.select().from(reviews).where(eq(reviews.userId, ids.ada))).toEqual([]);
    expect(await db.select().from(reviewHelpfulVotes).where(eq(reviewHelpfulVotes.userId, ids.ada))).toEqual([]);
    expect(await db.select().from(favorites).where(eq(favorites.userId, ids.ada))).toEqual([]);
    expect(await db.select().from(favorites).where(eq(favorites.userId, ids.bob))).toHaveLength(1);
    const [after] = await db
      .select({ rating: businesses.rating, reviewCount: businesses.reviewCount })
      .from(businesses)
      .where(eq(businesses.id, cafe.id));
    expect(after).toEqual({ rating: 5, reviewCount: 1 });

    // What the business received stays in its inbox; what was sent to us from the verified address goes.
    const messages = await db.select({ body: businessMessages.body }).from(businessMessages);
    expect(messages.map((m) => m.body)).toContain("Do you take bookings?");
    const contact = await db.select({ email: contactMessages.email }).from(contactMessages);
    expect(contact.map((m) => m.email).sort()).toEqual(["bob@data.example.com", "eve@data.example.com"]);
    const subscribers = await db.select({ email: newsletterSubscribers.email }).from(newsletterSubscribers);
    expect(subscribers.map((s) => s.email).sort()).toEqual(["bob@data.example.com", "eve@data.example.com"]);

    // The old cookie no longer opens anything.
    const res = await thrown(exportLoader({ request: get("/account/export", "ada"), context } as never));
    expect(res.status).toBe(302);
  });

  it("deleting an unverified account removes nothing sent from its address (security finding 37.1)", async () => {
    const { status } = await deleteAs("eve", "eve@data.example.com");
    expect(status).toBe(302);
    const db = ctx.database.db;
    expect(await db.select().from(users).where(eq(users.id, ids.eve))).toEqual([]);
    const eve = (rows: { email: string }[]) => rows.filter((r) => r.email === "eve@data.example.com");
    expect(eve(await db.select({ email: businessMessages.senderEmail }).from(businessMessages))).toHaveLength(1);
    expect(eve(await db.select({ email: contactMessages.email }).from(contactMessages))).toHaveLength(1);
    expect(eve(await db.select({ email: newsletterSubscribers.email }).from(newsletterSubscribers))).toHaveLength(1);
  });

  it("an owner's listings stay in the directory, without an owner", async () => {
    const { status } = await deleteAs("bob", "bob@data.example.com");
    expect(status).toBe(302);
    const [bakery] = await ctx.database.db.select().from(businesses).where(eq(businesses.id, owned.id));
    expect(bakery).toMatchObject({ name: "Bob's Bakery", ownerId: null, status: "published" });
  });
});
