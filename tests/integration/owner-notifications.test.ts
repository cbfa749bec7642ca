import { and, eq, sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { resolveAuthSecret } from "~/.server/auth-secret";
import { notificationPreferences, notificationThrottle } from "~/.server/db/schema";
import type { MailMessage, Mailer } from "~/.server/mail";
import { claimNotificationSlot, notifyOwner } from "~/features/notifications/notify.server";
import { getNotificationPreferences } from "~/features/notifications/preferences.server";
import { unsubscribeToken } from "~/features/notifications/tokens.server";
import { action as settingsAction, loader as settingsLoader } from "~/routes/account-settings";
import { loadUnsubscribe, unsubscribeAction } from "~/routes/notifications-unsubscribe.server";
import { createApp } from "../../server/http/app";
import { createBusiness } from "../support/factories";
import { createTestServices } from "../support/services";
import { signedInUser } from "../support/users";

/**
 * Owner notifications (issue 16): a message from the business page or a new
 * review emails the listing's owner — at most once per listing and kind per
 * hour (a database throttle), never when the owner turned it off (settings or
 * the signed one-click link), and never in the way of the write itself.
 */

const ORIGIN = "http://near.test";
let ctx: Awaited<ReturnType<typeof createTestServices>>;
let app: ReturnType<typeof createApp>;
let context: AppLoadContext;
/**
 * What the owner was sent. notifyOwner hands its email to the mailer inside the transaction that stores the message
 * or review, so it is here by the time the answer comes: nothing to wait for, and an email that shouldn't go is
 * already known not to have gone.
 */
const sent: MailMessage[] = [];
let failMail = false;
const mailer: Mailer = {
  mode: "outbox",
  send: async (m) => {
    if (failMail) throw new Error("SMTP down");
    sent.push(m);
  },
  close: () => {},
};
type User = Awaited<ReturnType<typeof signedInUser>>;
let owner: User;
let other: User;
let customer: User;
const ids = {} as Record<"cafe" | "shop" | "otherBar" | "ownerless", string>;

beforeAll(async () => {
  ctx = await createTestServices({ PUBLIC_URL: ORIGIN, AUTH_RATE_LIMIT: "false", SITE_NAME: "Near Springfield" });
  ctx.services.mailer = mailer;
  // Many messages from one test address: the Send Message limit has its own tests (directory-api).
  ctx.services.limits.messages = { hit: async () => 0 } as unknown as typeof ctx.services.limits.messages;
  ctx.services.limits.reviewPosts = { hit: async () => 0 } as unknown as typeof ctx.services.limits.reviewPosts;
  app = createApp({ services: ctx.services });
  context = { ...ctx.services, db: ctx.database.db, nonce: "", requestId: "t", clientIp: "127.0.0.1" };
  owner = await signedInUser(app, ctx.database.db, { type: "business", name: "Olive Owner" });
  other = await signedInUser(app, ctx.database.db, { type: "business", name: "Otto Other" });
  customer = await signedInUser(app, ctx.database.db, { name: "Casey Customer" });
  const db = ctx.database.db;
  ids.cafe = (await createBusiness(db, { name: "Olive's Cafe", ownerId: owner.id })).id;
  ids.shop = (await createBusiness(db, { name: "Olive's Shop", ownerId: owner.id })).id;
  ids.otherBar = (await createBusiness(db, { name: "Otto's Bar", ownerId: other.id })).id;
  ids.ownerless = (await createBusiness(db, { name: "Nobody's Diner" })).id;
});
afterAll(async () => {
  await ctx?.cleanup();
});
beforeEach(async () => {
  sent.length = 0;
  failMail = false;
  await ctx.database.db.delete(notificationThrottle);
  await ctx.database.db.delete(notificationPreferences);
});

const db = () => ctx.database.db;
let messageCount = 0;

async function sendMessage(businessId: string, body = "Do you cater for thirty people on Saturday?") {
  messageCount += 1;
  const res = await app.request(`${ORIGIN}/api/v1/businesses/${businessId}/messages`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: ORIGIN },
    body: JSON.stringify({ name: "Sam Sender", email: `sam${messageCount}@example.org`, message: body }),
  });
  expect(res.status).toBe(201);
}

async function postReview(who: User, businessId: string, rating = 4) {
  const res = await who.request(`/api/v1/businesses/${businessId}/reviews/mine`, {
    method: "PUT",
    json: { rating, content: "Lovely staff and the best flat white in town, will come back." },
  });
  expect([200, 201]).toContain(res.status);
  return res.status;
}

function cookieOf(user: User) {
  return [...user.jar].map(([k, v]) => `${k}=${v}`).join("; ");
}

function settingsPost(user: User | null, fields: Record<string, string>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const headers: Record<string, string> = { origin: ORIGIN };
  if (user) headers.cookie = cookieOf(user);
  return new Request(`${ORIGIN}/account/settings`, { method: "POST", headers, body: form });
}

async function settle<T>(promise: Promise<T>) {
  try {
    return await promise;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
}

describe("a message from the business page", () => {
  it("emails the owner once per listing per hour, with the inbox link and an unsubscribe link", async () => {
    await sendMessage(ids.cafe, "Do you cater for thirty people on Saturday?");
    const [mail] = sent;
    expect(mail).toBeDefined();
    expect(mail!.to).toBe(owner.email);
    expect(mail!.subject).toBe("New message for Olive's Cafe");
    expect(mail!.text).toContain("Sam Sender");
    expect(mail!.text).toContain("Do you cater for thirty people on Saturday?");
    expect(mail!.link).toBe(`${ORIGIN}/portal/inbox`);
    expect(mail!.text).toMatch(/\/notifications\/unsubscribe\?token=/);
    expect(mail!.html).toContain("Unsubscribe");

    // More within the hour: stored, not emailed.
    await sendMessage(ids.cafe, "Second question: parking?");
    await sendMessage(ids.cafe, "Third one.");
    expect(sent).toHaveLength(1);

    // Another listing of the same owner has its own hour.
    await sendMessage(ids.shop);
    expect(sent.map((m) => m.subject)).toEqual(["New message for Olive's Cafe", "New message for Olive's Shop"]);

    // An hour later the next message is emailed again.
    await db()
      .update(notificationThrottle)
      .set({ lastSentAt: sql`now() - interval '61 minutes'` })
      .where(eq(notificationThrottle.businessId, ids.cafe));
    await sendMessage(ids.cafe, "Are you open on Monday?");
    const after = sent;
    expect(after).toHaveLength(3);
    expect(after[2]!.text).toContain("Are you open on Monday?");
  });

  it("emails nobody for a listing without an owner, and only the owner of the listing written to", async () => {
    await sendMessage(ids.ownerless);
    await sendMessage(ids.otherBar);
    const mails = sent;
    expect(mails.map((m) => m.to)).toEqual([other.email]);
  });

  it("does not email an owner whose address is not verified", async () => {
    const unverified = await signedInUser(app, db(), { type: "business", verified: false });
    const id = (await createBusiness(db(), { name: "Unverified Deli", ownerId: unverified.id })).id;
    await sendMessage(id);
    expect(sent).toHaveLength(0);
  });

  it("still stores the message when the mail server fails, and the next message tries again", async () => {
    failMail = true;
    await sendMessage(ids.cafe, "Sent while the mail server is down.");
    expect(sent).toHaveLength(0);
    const [slot] = await db()
      .select()
      .from(notificationThrottle)
      .where(and(eq(notificationThrottle.businessId, ids.cafe), eq(notificationThrottle.kind, "message")));
    expect(slot).toBeUndefined();
    failMail = false;
    await sendMessage(ids.cafe, "Sent after it came back.");
    expect(sent).toHaveLength(1);
  });
});

describe("a new review", () => {
  it("emails the owner (its own hourly throttle, separate from messages); an edit does not", async () => {
    await sendMessage(ids.cafe);
    expect(await postReview(customer, ids.cafe, 5)).toBe(201);
    const mails = sent;
    expect(mails.map((m) => m.subject)).toEqual(["New message for Olive's Cafe", "New 5-star review of Olive's Cafe"]);
    expect(mails[1]!.text).toContain("Casey C. gave Olive's Cafe 5 out of 5 stars");
    expect(mails[1]!.link).toBe(`${ORIGIN}/portal#recent-reviews`);

    // Editing the same review is not new.
    await db().delete(notificationThrottle);
    expect(await postReview(customer, ids.cafe, 3)).toBe(200);
    expect(sent).toHaveLength(2);

    // A second reviewer within the hour: not emailed.
    await postReview(customer, ids.shop);
    const third = await signedInUser(app, db(), { name: "Third Reviewer" });
    await postReview(third, ids.shop);
    expect(sent.filter((m) => m.subject.includes("Olive's Shop"))).toHaveLength(1);
  });
});

describe("the throttle", () => {
  it("lets exactly one of many simultaneous claims through", async () => {
    const claims = await Promise.all(Array.from({ length: 8 }, () => claimNotificationSlot(db(), ids.cafe, "review")));
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await claimNotificationSlot(db(), ids.cafe, "message")).not.toBeNull();
  });
});

describe("preferences", () => {
  it("are on by default, shown to the owner on /account/settings, and saved for the signed-in account only", async () => {
    const loaded = (await settingsLoader({
      request: new Request(`${ORIGIN}/account/settings`, { headers: { cookie: cookieOf(owner) } }),
      context,
      params: {},
    } as never)) as { notifications: unknown };
    expect(loaded.notifications).toEqual({ emailMessages: true, emailReviews: true });

    // Only "reviews" ticked: messages off.
    const res = await settle(
      settingsAction({
        request: settingsPost(owner, { intent: "notification-preferences", emailReviews: "on" }),
        context,
        params: {},
      } as never),
    );
    expect(res).toEqual({ intent: "notification-preferences", ok: true });
    expect(await getNotificationPreferences(db(), owner.id)).toEqual({ emailMessages: false, emailReviews: true });
    // Another user's save changes only their own settings.
    expect(await getNotificationPreferences(db(), other.id)).toEqual({ emailMessages: true, emailReviews: true });

    await sendMessage(ids.cafe);
    await postReview(await signedInUser(app, db(), { name: "Fourth Reviewer" }), ids.shop, 2);
    const mails = sent;
    expect(mails.map((m) => m.subject)).toEqual(["New 2-star review of Olive's Shop"]);
  });

  it("cannot be saved signed out", async () => {
    const res = await settle(
      settingsAction({
        request: settingsPost(null, { intent: "notification-preferences" }),
        context,
        params: {},
      } as never),
    );
    expect(res).toBeInstanceOf(Response);
    expect((res as Response).status).toBe(302);
  });
});

describe("the one-click unsubscribe link", () => {
  const secret = () => resolveAuthSecret(ctx.services.config);

  async function open(token: string) {
    return loadUnsubscribe(
      new Request(`${ORIGIN}/notifications/unsubscribe?token=${encodeURIComponent(token)}`),
      context,
    );
  }
  async function confirm(token: string) {
    const form = new FormData();
    form.append("token", token);
    const res = await unsubscribeAction(
      new Request(`${ORIGIN}/notifications/unsubscribe`, { method: "POST", headers: { origin: ORIGIN }, body: form }),
      context,
    );
    return { status: res.init?.status ?? 200, body: res.data };
  }

  it("from the email: GET changes nothing, POST turns that kind off without signing in", async () => {
    await sendMessage(ids.cafe);
    const [mail] = sent;
    const token = new URL(
      mail!.text.match(/https?:\/\/\S+\/notifications\/unsubscribe\?token=\S+/)![0],
    ).searchParams.get("token")!;
    expect(await open(token)).toMatchObject({ valid: true, kind: "message", email: owner.email, subscribed: true });
    expect(await getNotificationPreferences(db(), owner.id)).toEqual({ emailMessages: true, emailReviews: true });

    expect(await confirm(token)).toEqual({ status: 200, body: { ok: true, kind: "message", email: owner.email } });
    expect(await getNotificationPreferences(db(), owner.id)).toEqual({ emailMessages: false, emailReviews: true });
    expect(await open(token)).toMatchObject({ valid: true, subscribed: false });

    await db().delete(notificationThrottle);
    sent.length = 0;
    await sendMessage(ids.cafe);
    expect(sent).toHaveLength(0);
  });

  it("a forged or altered token changes nothing (user B cannot unsubscribe user A)", async () => {
    const mine = unsubscribeToken(secret(), other.id, "review");
    const [, kind, sig] = mine.split(".");
    // Other's signature on the owner's id.
    const forged = `${Buffer.from(owner.id).toString("base64url")}.${kind}.${sig}`;
    expect(await open(forged)).toEqual({ valid: false, token: forged });
    expect((await confirm(forged)).status).toBe(400);
    expect((await confirm(unsubscribeToken("not-the-secret-of-this-server-at-all", owner.id, "review"))).status).toBe(
      400,
    );
    expect((await confirm("garbage")).status).toBe(400);
    expect((await confirm(mine.replace(".review.", ".message."))).status).toBe(400);
    expect(await getNotificationPreferences(db(), owner.id)).toEqual({ emailMessages: true, emailReviews: true });
    // Other's own token works for other only.
    expect((await confirm(mine)).status).toBe(200);
    expect(await getNotificationPreferences(db(), other.id)).toEqual({ emailMessages: true, emailReviews: false });
    expect(await getNotificationPreferences(db(), owner.id)).toEqual({ emailMessages: true, emailReviews: true });
  });
});

describe("notifyOwner", () => {
  it("reports what it did without throwing", async () => {
    expect(await notifyOwner(context, { kind: "message", id: "00000000-0000-4000-8000-000000000000" })).toBe(
      "no_owner",
    );
  });
});
