import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businesses, reviewReports } from "~/.server/db/schema";
import { createApp } from "../../server/http/app";
import {
  REVIEW_ACTION_NOTICES,
  REVIEW_BLOCKED_MESSAGES,
  type ReviewActionResult,
} from "~/features/reviews/components/section-data";
import { loadModeration, moderateAction } from "~/routes/admin-reviews.server";
import { loadReviewsSection, reviewsAction } from "~/routes/business-reviews.server";
import { addReviews, createBusiness } from "../support/factories";
import { createTestServices } from "../support/services";
import { signedInUser } from "../support/users";
import { createPublicData } from "~/.server/public-data";

/**
 * The business page's Reviews section loader and the actions behind its
 * forms (POST /business/:id/reviews), and the admin's Reviews tab, for each
 * role: visitor, unverified, customer, owner of the business, admin.
 */

const ORIGIN = "http://near.test";
const GOOD = "Lovely coffee, friendly staff and a quiet corner to work.";

let ctx: Awaited<ReturnType<typeof createTestServices>>;
let context: AppLoadContext;
type Who = "visitor" | "unverified" | "customer" | "other" | "owner" | "admin";
const cookies = {} as Record<Who, string>;
const ids = {} as Record<Who, string>;
let cafe: Awaited<ReturnType<typeof createBusiness>>;
let busy: Awaited<ReturnType<typeof createBusiness>>;

beforeAll(async () => {
  ctx = await createTestServices({ PUBLIC_URL: ORIGIN, AUTH_RATE_LIMIT: "false" });
  const app = createApp({ services: ctx.services });
  const db = ctx.database.db;
  const make = async (who: Exclude<Who, "visitor">, options: Parameters<typeof signedInUser>[2]) => {
    const user = await signedInUser(app, db, options);
    cookies[who] = [...user.jar].map(([k, v]) => `${k}=${v}`).join("; ");
    ids[who] = user.id;
  };
  cookies.visitor = "";
  await make("unverified", { name: "Una Unverified", verified: false });
  await make("customer", { name: "Casey Customer" });
  await make("other", { name: "Otto Other" });
  await make("owner", { name: "Olive Owner", type: "business" });
  await make("admin", { name: "Ada Admin", admin: true });
  context = { ...ctx.services, db, nonce: "", requestId: "test", clientIp: "127.0.0.1" } as AppLoadContext;
  cafe = await createBusiness(db, { name: "Bean There", ownerId: ids.owner });
  busy = await createBusiness(db, { name: "Busy Diner" });
  await addReviews(db, busy.id, [5, 4, 3, 5, 4, 2, 5, 1, 4, 5, 3, 5]);
});
afterAll(async () => {
  await ctx?.cleanup();
});

function request(who: Who, path: string, body?: Record<string, string>) {
  const headers = new Headers();
  if (cookies[who]) headers.set("cookie", cookies[who]);
  if (!body) return new Request(`${ORIGIN}${path}`, { headers });
  headers.set("origin", ORIGIN);
  const form = new FormData();
  for (const [k, v] of Object.entries(body)) form.append(k, v);
  return new Request(`${ORIGIN}${path}`, { method: "POST", headers, body: form });
}

/** Runs an action: its JSON answer (a `data()` result), or the Response it returned or threw (redirects). */
async function act(who: Who, businessId: string, body: Record<string, string>) {
  try {
    const result = (await reviewsAction(
      businessId,
      request(who, `/business/${businessId}/reviews`, body),
      context,
    )) as unknown as {
      data: ReviewActionResult;
      init: { status?: number } | null;
    };
    return { status: result.init?.status ?? 200, body: result.data };
  } catch (error) {
    if (error instanceof Response) return { status: error.status, location: error.headers.get("location") };
    throw error;
  }
}

const section = (who: Who, businessId: string, search = "") =>
  loadReviewsSection(request(who, `/business/${businessId}${search}`), context, businessId);

describe("the Reviews section's data", () => {
  it("a visitor: no viewer, sign-in links that come back to the form or the list", async () => {
    const data = await section("visitor", cafe.id);
    expect(data.viewer).toBeNull();
    expect(data.ownReview).toBeNull();
    expect(data.signInHref).toEqual({
      write: `/auth?redirectTo=${encodeURIComponent(`/business/${cafe.id}#write-review`)}`,
      reviews: `/auth?redirectTo=${encodeURIComponent(`/business/${cafe.id}#reviews`)}`,
    });
    expect(data.summary).toEqual({ average: 0, count: 0, distribution: [0, 0, 0, 0, 0] });
  });

  it("tells an unverified user and the owner why they can't write, with the server's words", async () => {
    expect((await section("unverified", cafe.id)).viewer).toMatchObject({
      blocked: { reason: "unverified", message: REVIEW_BLOCKED_MESSAGES.unverified },
    });
    expect((await section("owner", cafe.id)).viewer).toMatchObject({
      isOwner: true,
      blocked: { reason: "owner", message: REVIEW_BLOCKED_MESSAGES.owner },
    });
    expect((await section("customer", cafe.id)).viewer).toEqual({
      name: "Casey Customer",
      isOwner: false,
      blocked: null,
    });
    expect((await section("admin", cafe.id)).viewer).toMatchObject({ isOwner: false, blocked: null });
  });

  it("ten reviews a page; ?reviewPage=2 shows pages one and two; ?reviewSort sorts; bad values fall back", async () => {
    const first = await section("visitor", busy.id);
    expect(first.items).toHaveLength(10);
    expect(first).toMatchObject({ sort: "newest", pagesShown: 1, pageCount: 2, summary: { count: 12 } });
    const both = await section("visitor", busy.id, "?reviewPage=2");
    expect(both.items).toHaveLength(12);
    expect(new Set(both.items.map((r) => r.id)).size).toBe(12);
    expect(both.pagesShown).toBe(2);
    const lowest = await section("visitor", busy.id, "?reviewSort=lowest&reviewPage=9");
    expect(lowest.items.map((r) => r.rating)).toEqual([1, 2, 3, 3, 4, 4, 4, 5, 5, 5, 5, 5]);
    expect(lowest.pagesShown).toBe(2);
    const bad = await section("visitor", busy.id, "?reviewSort=<script>&reviewPage=-4");
    expect(bad).toMatchObject({ sort: "newest", pagesShown: 1 });
  });
});

describe("POST /business/:id/reviews", () => {
  it("a visitor is sent to sign in, back to the form", async () => {
    const res = await act("visitor", cafe.id, { intent: "save", rating: "5", content: GOOD });
    expect(res).toEqual({
      status: 302,
      location: `/auth?redirectTo=${encodeURIComponent(`/business/${cafe.id}#write-review`)}`,
    });
  });

  it("validates with the form's messages and keeps nothing", async () => {
    const res = await act("customer", cafe.id, { intent: "save", rating: "9", content: "meh" });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      ok: false,
      intent: "save",
      // Conform's answer: each field's message, and what was typed, for the form to show again.
      result: {
        status: "error",
        error: {
          rating: ["Choose a rating from 1 to 5 stars."],
          content: ["Your review must be at least 20 characters."],
        },
        initialValue: { rating: "9", content: "meh" },
      },
    });
    expect((await section("visitor", cafe.id)).summary.count).toBe(0);
    expect((await act("customer", cafe.id, { intent: "nope" })).status).toBe(400);
  });

  it("refuses the unverified user and the owner with the server's messages", async () => {
    const unverified = await act("unverified", cafe.id, { intent: "save", rating: "5", content: GOOD });
    expect(unverified).toMatchObject({
      status: 403,
      body: { ok: false, error: REVIEW_BLOCKED_MESSAGES.unverified, code: "email_not_verified" },
    });
    const owner = await act("owner", cafe.id, { intent: "save", rating: "5", content: GOOD });
    expect(owner).toMatchObject({ status: 403, body: { ok: false, error: REVIEW_BLOCKED_MESSAGES.owner } });
  });

  it("posts, then edits the same review; the rating follows; HTML stays text", async () => {
    const posted = await act("customer", cafe.id, {
      intent: "save",
      rating: "4",
      content: `<img src=x onerror=alert(1)> ${GOOD}`,
    });
    expect(posted).toMatchObject({
      status: 200,
      body: { ok: true, intent: "save", notice: REVIEW_ACTION_NOTICES.added },
    });
    const edited = await act("customer", cafe.id, { intent: "save", rating: "2", content: GOOD });
    expect(edited).toMatchObject({ status: 200, body: { ok: true, notice: REVIEW_ACTION_NOTICES.updated } });
    expect(edited.body!.ok && edited.body!.reviewId).toBe(posted.body!.ok && posted.body!.reviewId);
    const [row] = await ctx.database.db
      .select({ rating: businesses.rating, count: businesses.reviewCount })
      .from(businesses)
      .where(eq(businesses.id, cafe.id));
    expect(row).toEqual({ rating: 2, count: 1 });
    const data = await section("customer", cafe.id);
    expect(data.ownReview).toMatchObject({ rating: 2, content: GOOD, hidden: false });
    expect(data.items[0]).toMatchObject({ author: "Casey C.", mine: true, content: GOOD });
  });

  it("helpful toggles for others, not for the author", async () => {
    const reviewId = (await section("visitor", cafe.id)).items[0]!.id;
    expect(await act("other", cafe.id, { intent: "helpful", reviewId })).toMatchObject({
      body: { ok: true, helpful: true, helpfulCount: 1 },
    });
    expect((await section("other", cafe.id)).items[0]).toMatchObject({ viewerFoundHelpful: true, helpfulCount: 1 });
    expect(await act("other", cafe.id, { intent: "helpful", reviewId })).toMatchObject({
      body: { ok: true, helpful: false, helpfulCount: 0 },
    });
    expect(await act("customer", cafe.id, { intent: "helpful", reviewId })).toMatchObject({
      status: 403,
      body: { ok: false, error: "You can't mark your own review as helpful." },
    });
  });

  it("with the list shared by every reader, each still sees only their own review and their own votes", async () => {
    const reviewId = (await section("visitor", cafe.id)).items[0]!.id;
    await act("other", cafe.id, { intent: "helpful", reviewId });
    try {
      // As the server keeps it: one list for everyone (the first reader fills it), each reader's part on top.
      const shared = { ...context, publicData: createPublicData({ ttlSeconds: 600 }) };
      const as = (who: Who) =>
        loadReviewsSection(request(who, `/business/${cafe.id}`), shared, cafe.id).then((d) => ({
          own: d.ownReview?.rating ?? null,
          first: { mine: d.items[0]!.mine, helpful: d.items[0]!.viewerFoundHelpful },
        }));
      expect(await as("customer")).toEqual({ own: 2, first: { mine: true, helpful: false } });
      expect(await as("other")).toEqual({ own: null, first: { mine: false, helpful: true } });
      expect(await as("visitor")).toEqual({ own: null, first: { mine: false, helpful: false } });
      expect(await as("customer")).toEqual({ own: 2, first: { mine: true, helpful: false } });
    } finally {
      await act("other", cafe.id, { intent: "helpful", reviewId });
    }
  });

  it("only the owner replies; one reply, edited, removed", async () => {
    const reviewId = (await section("visitor", cafe.id)).items[0]!.id;
    expect(
      await act("other", cafe.id, { intent: "reply", reviewId, content: "Not my place to answer." }),
    ).toMatchObject({
      status: 403,
      body: { ok: false, error: "Only the owner of this business can reply to its reviews." },
    });
    expect(await act("owner", cafe.id, { intent: "reply", reviewId, content: "" })).toMatchObject({
      status: 400,
      body: { result: { error: { content: ["Write a reply."] } } },
    });
    expect(await act("owner", cafe.id, { intent: "reply", reviewId, content: "Thanks for coming!" })).toMatchObject({
      body: { ok: true, notice: REVIEW_ACTION_NOTICES.replied },
    });
    expect(
      await act("owner", cafe.id, { intent: "reply", reviewId, content: "Thanks, see you soon!", existing: "1" }),
    ).toMatchObject({
      body: { ok: true, notice: REVIEW_ACTION_NOTICES.replyUpdated },
    });
    expect((await section("visitor", cafe.id)).items[0]!.reply).toMatchObject({ content: "Thanks, see you soon!" });
    expect(await act("other", cafe.id, { intent: "delete-reply", reviewId })).toMatchObject({ status: 403 });
    expect(await act("owner", cafe.id, { intent: "delete-reply", reviewId })).toMatchObject({
      body: { ok: true, notice: REVIEW_ACTION_NOTICES.replyDeleted },
    });
    expect((await section("visitor", cafe.id)).items[0]!.reply).toBeNull();
  });

  it("reports need a reason; the admin's tab lists it; hide takes it off the page; restore brings it back", async () => {
    const reviewId = (await section("visitor", cafe.id)).items[0]!.id;
    expect(await act("other", cafe.id, { intent: "report", reviewId, reason: "bad" })).toMatchObject({
      status: 400,
      body: { result: { error: { reason: ["Tell us what is wrong with this review (at least 5 characters)."] } } },
    });
    expect(await act("other", cafe.id, { intent: "report", reviewId, reason: "Spam or advertising" })).toMatchObject({
      body: { ok: true, notice: REVIEW_ACTION_NOTICES.reported },
    });

    const tab = await loadModeration({ request: request("admin", "/admin/reviews"), context });
    expect(tab).toMatchObject({ tab: "reported", counts: { reported: 1, hidden: 0 } });
    expect(tab.items[0]).toMatchObject({
      id: reviewId,
      businessName: "Bean There",
      reports: [{ reason: "Spam or advertising" }],
    });

    const moderate = async (who: Who, body: Record<string, string>) => {
      try {
        const r = (await moderateAction({ request: request(who, "/admin/reviews", body), context })) as unknown as {
          data: unknown;
          init: { status?: number } | null;
        };
        return { status: r.init?.status ?? 200, body: r.data };
      } catch (error) {
        if (error instanceof Response) return { status: error.status, location: error.headers.get("location") };
        throw error;
      }
    };
    expect(await moderate("customer", { intent: "hide", reviewId })).toEqual({ status: 302, location: "/" });
    expect(await moderate("admin", { intent: "explode", reviewId })).toMatchObject({ status: 400 });
    expect(await moderate("admin", { intent: "hide", reviewId })).toMatchObject({
      status: 200,
      body: { ok: true, action: "hide" },
    });
    const hidden = await section("customer", cafe.id);
    expect(hidden.summary.count).toBe(0);
    expect(hidden.ownReview).toMatchObject({ hidden: true });
    const open = await ctx.database.db.select().from(reviewReports).where(eq(reviewReports.status, "open"));
    expect(open).toHaveLength(0);
    expect(await loadModeration({ request: request("admin", "/admin/reviews?tab=hidden"), context })).toMatchObject({
      tab: "hidden",
      counts: { hidden: 1 },
    });
    expect(await moderate("admin", { intent: "restore", reviewId })).toMatchObject({
      body: { ok: true, action: "restore" },
    });
    expect((await section("visitor", cafe.id)).summary.count).toBe(1);
  });

  it("the admin tab turns away visitors and non-admins", async () => {
    await expect(loadModeration({ request: request("visitor", "/admin/reviews"), context })).rejects.toMatchObject({
      status: 302,
    });
    const denied = await loadModeration({ request: request("customer", "/admin/reviews"), context }).catch(
      (e: Response) => e,
    );
    expect((denied as Response).headers.get("location")).toBe("/");
  });

  it("deletes only one's own review", async () => {
    const reviewId = (await section("visitor", cafe.id)).items[0]!.id;
    expect(await act("other", cafe.id, { intent: "delete", reviewId })).toMatchObject({
      status: 404,
      body: { ok: false, error: "Review not found." },
    });
    expect(await act("customer", cafe.id, { intent: "delete", reviewId })).toMatchObject({
      body: { ok: true, notice: REVIEW_ACTION_NOTICES.deleted },
    });
    expect((await section("visitor", cafe.id)).summary.count).toBe(0);
  });

  it("a form posted before JavaScript ran goes back to the page", async () => {
    const ok = await act("customer", cafe.id, { intent: "save", rating: "5", content: GOOD, _nojs: "1" });
    expect(ok).toEqual({ status: 302, location: `/business/${cafe.id}#reviews` });
    const bad = await act("customer", cafe.id, { intent: "save", rating: "5", content: "short", _nojs: "1" });
    expect(bad).toEqual({ status: 302, location: `/business/${cafe.id}#write-review` });
  });
});
