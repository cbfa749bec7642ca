import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reviewReplies, reviews } from "~/.server/db/schema";
import { MY_REVIEWS_PAGE_SIZE, reviewsByUser } from "~/features/reviews/queries.server";
import { loader as portalLoader } from "~/routes/portal";
import { reviewsAction } from "~/routes/business-reviews.server";
import { createApp } from "../../server/http/app";
import { createBusiness } from "../support/factories";
import { createTestServices } from "../support/services";
import { signedInUser } from "../support/users";

/**
 * The dashboard's "My reviews": the signed-in user's own reviews from the
 * database (count, newest first, paged, with business, reply and moderation
 * state), never anyone else's; deleting one from the dashboard uses the
 * business page's action, which only deletes the author's own.
 */

const ORIGIN = "http://near.test";
let ctx: Awaited<ReturnType<typeof createTestServices>>;
let context: AppLoadContext;
let ada: Awaited<ReturnType<typeof signedInUser>>;
let bob: Awaited<ReturnType<typeof signedInUser>>;
const businessIds: string[] = [];

const cookieOf = (u: typeof ada) => [...u.jar].map(([k, v]) => `${k}=${v}`).join("; ");

beforeAll(async () => {
  ctx = await createTestServices({ PUBLIC_URL: ORIGIN, AUTH_RATE_LIMIT: "false" });
  const app = createApp({ services: ctx.services });
  context = {
    ...ctx.services,
    db: ctx.database.db,
    nonce: "",
    requestId: "t",
    clientIp: "127.0.0.1",
  } as AppLoadContext;
  ada = await signedInUser(app, ctx.database.db, { name: "Ada" });
  bob = await signedInUser(app, ctx.database.db, { name: "Bob" });
  const db = ctx.database.db;
  // Seven reviews by Ada, a day apart (newest last), and one by Bob.
  for (let i = 0; i < 7; i++) {
    const business = await createBusiness(db, { name: `Place ${i + 1}`, status: i === 6 ? "suspended" : "published" });
    businessIds.push(business.id);
    await db.insert(reviews).values({
      businessId: business.id,
      userId: ada.id,
      author: "Ada",
      rating: (i % 5) + 1,
      content: `Ada's review number ${i + 1}.`,
      status: i === 5 ? "hidden" : "visible",
      createdAt: new Date(Date.UTC(2026, 0, 1 + i)),
      updatedAt: new Date(Date.UTC(2026, 0, 1 + i)),
    });
  }
  await db.insert(reviews).values({
    businessId: businessIds[0]!,
    userId: bob.id,
    author: "Bob",
    rating: 5,
    content: "Bob's only review.",
  });
  const [first] = await db
    .select({ id: reviews.id })
    .from(reviews)
    .where(eq(reviews.content, "Ada's review number 5."));
  await db.insert(reviewReplies).values({ reviewId: first!.id, content: "Thanks, Ada!" });
});
afterAll(async () => {
  await ctx?.cleanup();
});

describe("My reviews", () => {
  it("lists only the user's own reviews, newest first, paged, with their state", async () => {
    const page1 = await reviewsByUser(ctx.database.db, ada.id);
    expect(page1).toMatchObject({ total: 7, page: 1, pageCount: 2 });
    expect(page1.items).toHaveLength(MY_REVIEWS_PAGE_SIZE);
    expect(page1.items.map((r) => r.business.name)).toEqual(["Place 7", "Place 6", "Place 5", "Place 4", "Place 3"]);
    expect(page1.items[0]).toMatchObject({ business: { published: false }, hidden: false });
    expect(page1.items[1]).toMatchObject({ hidden: true });
    expect(page1.items[2]).toMatchObject({ hasReply: true, rating: 5 });
    const page2 = await reviewsByUser(ctx.database.db, ada.id, 2);
    expect(page2.items.map((r) => r.business.name)).toEqual(["Place 2", "Place 1"]);
    // Out of range or nonsense: the nearest page.
    expect((await reviewsByUser(ctx.database.db, ada.id, 99)).page).toBe(2);
    expect((await reviewsByUser(ctx.database.db, ada.id, Number.NaN)).page).toBe(1);
    expect(JSON.stringify([page1, page2])).not.toContain("Bob's only review");
  });

  it("the dashboard counts from the database; a visitor is sent to sign in", async () => {
    const signedIn = (await portalLoader({
      request: new Request(`${ORIGIN}/portal?reviewsPage=2`, { headers: { cookie: cookieOf(bob) } }),
      context,
    } as never)) as { reviews: { total: number; page: number; items: { content: string }[] } };
    expect(signedIn.reviews).toMatchObject({ total: 1, page: 1 });
    expect(signedIn.reviews.items.map((r) => r.content)).toEqual(["Bob's only review."]);
    const visitor = await portalLoader({ request: new Request(`${ORIGIN}/portal`), context } as never).catch(
      (thrown: unknown) => thrown,
    );
    expect(visitor).toBeInstanceOf(Response);
    expect((visitor as Response).headers.get("location")).toMatch(/^\/auth\?redirectTo=%2Fportal$/);
  });

  it("Bob cannot delete Ada's review through the dashboard's delete; Ada can, and her count drops", async () => {
    const [target] = await reviewsByUser(ctx.database.db, ada.id, 2).then((p) => p.items);
    const post = (who: typeof ada) => {
      const form = new FormData();
      form.append("intent", "delete");
      form.append("reviewId", target!.id);
      return new Request(`${ORIGIN}/business/${target!.business.id}/reviews`, {
        method: "POST",
        headers: { origin: ORIGIN, cookie: cookieOf(who) },
        body: form,
      });
    };
    const refused = (await reviewsAction(target!.business.id, post(bob), context)) as unknown as {
      init: { status: number };
    };
    expect(refused.init.status).toBe(404);
    expect((await reviewsByUser(ctx.database.db, ada.id)).total).toBe(7);
    const done = (await reviewsAction(target!.business.id, post(ada), context)) as unknown as {
      data: { ok: boolean };
    };
    expect(done.data.ok).toBe(true);
    expect((await reviewsByUser(ctx.database.db, ada.id)).total).toBe(6);
  });
});
