import { and, asc, desc, eq, sql } from "drizzle-orm";
import { ownsBusiness } from "~/features/listings/access.server";
import { AppError } from "~/lib/app-error";
import type { SessionUser } from "~/features/auth/session.server";
import type { Database } from "~/.server/db/client";
import { queryRows } from "~/.server/db/client";
import { businesses, reviewHelpfulVotes, reviewReplies, reviewReports, reviews } from "~/.server/db/schema";
import type { RateLimiter } from "~/.server/rate-limit";
import { REVIEWS_PAGE_SIZE, type ReviewInput, type ReviewListParams } from "./review-schema";
import type { MyReviewPage, OwnerReviewPage, ReportedReview, ReviewPage, ReviewSummary, ReviewView } from "./types";
import { isUuid } from "~/lib/ids";
import { businessIdOrSlug } from "~/features/directory/queries.server";
import { authorHandleSql, bylineFor } from "~/features/people/queries.server";
import { photoFilesOfReviews, photosOfReviews, removeReviewPhotoFiles } from "./photos.server";

/** What deleting a review needs to remove its photos' files (the storage, and a logger for a failure). */
export type PhotoFileDeps = Parameters<typeof removeReviewPhotoFiles>[0];

/**
 * Reviews: listing, writing, owner replies, helpful marks, reports and
 * moderation. Authorization lives in the queries (the owner check is part of
 * the WHERE clause). The business's rating and review_count are recomputed
 * by a trigger in the same transaction as any change (drizzle/0008).
 * Errors are AppErrors: the API sends them in its error shape; route actions
 * turn them into form errors.
 *
 * Reviews live and die with their listing: a business that isn't public
 * (pending, rejected, suspended) has no readable, writable, votable or
 * reportable reviews — a 404, as its page is for everyone.
 */

/** Too many requests: a 429 that knows when to come back (sent as Retry-After). */
function rateLimited(message: string, retryAfter: number) {
  return new AppError("too_many_requests", message, undefined, { retryAfter });
}

/**
 * The rates; the limiters themselves are built once at boot (server/rate-limits.ts)
 * and passed in, so each running app (and each test file) counts on its own.
 */
/** Ten reviews per user per hour, per server process. */
export const REVIEW_POST_RATE = { limit: 10, windowMs: 60 * 60 * 1000 } as const;
/** Thirty helpful marks (or take-backs) per user per 10 minutes. */
export const HELPFUL_RATE = { limit: 30, windowMs: 10 * 60 * 1000 } as const;
/** Ten reports per user per hour. */
export const REPORT_RATE = { limit: 10, windowMs: 60 * 60 * 1000 } as const;

function minutes(seconds: number) {
  const n = Math.max(1, Math.ceil(seconds / 60));
  return `${n} minute${n === 1 ? "" : "s"}`;
}

function assertUuid(id: string, what: string) {
  if (!isUuid(id)) throw new AppError("not_found", `${what} not found.`);
}

/** A public business by UUID or slug; anything else — unknown, not public, not an id — is a 404. */
export async function publishedBusiness(db: Database, idOrSlug: string) {
  const key = businessIdOrSlug(idOrSlug);
  if (!key) throw new AppError("not_found", "Business not found.");
  const [business] = await db
    .select({ id: businesses.id, ownerId: businesses.ownerId })
    .from(businesses)
    .where(and(key, eq(businesses.status, "published")))
    .limit(1);
  if (!business) throw new AppError("not_found", "Business not found.");
  return business;
}

/** A visible review of a public business, or a 404. */
async function publicReview(db: Pick<Database, "select">, reviewId: string) {
  const [review] = await db
    .select({ id: reviews.id, userId: reviews.userId })
    .from(reviews)
    .innerJoin(businesses, eq(businesses.id, reviews.businessId))
    .where(and(eq(reviews.id, reviewId), eq(reviews.status, "visible"), eq(businesses.status, "published")))
    .limit(1);
  if (!review) throw new AppError("not_found", "Review not found.");
  return review;
}

export async function reviewSummary(db: Database, businessId: string): Promise<ReviewSummary> {
  const rows = await db
    .select({ rating: reviews.rating, n: sql<number>`count(*)::int` })
    .from(reviews)
    .where(and(eq(reviews.businessId, businessId), eq(reviews.status, "visible")))
    .groupBy(reviews.rating);
  const distribution: ReviewSummary["distribution"] = [0, 0, 0, 0, 0];
  let sum = 0;
  let count = 0;
  for (const row of rows) {
    distribution[row.rating - 1] = Number(row.n);
    sum += row.rating * Number(row.n);
    count += Number(row.n);
  }
  return { average: count ? sum / count : 0, count, distribution };
}

export async function listReviews(
  db: Database,
  businessId: string,
  params: ReviewListParams,
  viewerId: string | null = null,
): Promise<ReviewPage> {
  const order = {
    newest: [desc(reviews.createdAt), asc(reviews.id)],
    highest: [desc(reviews.rating), desc(reviews.createdAt), asc(reviews.id)],
    lowest: [asc(reviews.rating), desc(reviews.createdAt), asc(reviews.id)],
    helpful: [desc(reviews.helpfulCount), desc(reviews.createdAt), asc(reviews.id)],
  }[params.sort];
  const [summary, rows] = await Promise.all([
    reviewSummary(db, businessId),
    db
      .select({
        id: reviews.id,
        author: reviews.author,
        authorHandle: authorHandleSql,
        content: reviews.content,
        rating: reviews.rating,
        createdAt: reviews.createdAt,
        updatedAt: reviews.updatedAt,
        helpfulCount: reviews.helpfulCount,
        userId: reviews.userId,
        replyContent: reviewReplies.content,
        replyDate: reviewReplies.updatedAt,
        viewerVoted: viewerId
          ? sql<boolean>`exists (select 1 from ${reviewHelpfulVotes} v where v.review_id = ${reviews.id} and v.user_id = ${viewerId})`
          : sql<boolean>`false`,
      })
      .from(reviews)
      .leftJoin(reviewReplies, eq(reviewReplies.reviewId, reviews.id))
      .where(and(eq(reviews.businessId, businessId), eq(reviews.status, "visible")))
      .orderBy(...order)
      .limit(REVIEWS_PAGE_SIZE)
      .offset((params.page - 1) * REVIEWS_PAGE_SIZE),
  ]);
  const items: ReviewView[] = rows.map((r) => ({
    id: r.id,
    author: r.author,
    authorHandle: r.authorHandle ?? null,
    content: r.content,
    rating: r.rating,
    date: r.createdAt.toISOString(),
    edited: r.updatedAt.getTime() - r.createdAt.getTime() > 1000,
    helpfulCount: r.helpfulCount,
    viewerFoundHelpful: Boolean(r.viewerVoted),
    mine: viewerId !== null && r.userId === viewerId,
    reply: r.replyContent ? { content: r.replyContent, date: r.replyDate!.toISOString() } : null,
  }));
  // Their photos (issue 41), one query for the page.
  const photos = await photosOfReviews(
    db,
    items.map((r) => r.id),
  );
  for (const item of items) item.photos = photos.get(item.id) ?? [];
  return {
    items,
    summary,
    page: params.page,
    pageCount: Math.max(1, Math.ceil(summary.count / REVIEWS_PAGE_SIZE)),
    sort: params.sort,
  };
}

/** GET /businesses/{id}/reviews: the reviews of a public business named by UUID or slug; else a 404. */
export async function listPublicReviews(
  db: Database,
  idOrSlug: string,
  params: ReviewListParams,
  viewerId: string | null = null,
) {
  const business = await publishedBusiness(db, idOrSlug);
  return listReviews(db, business.id, params, viewerId);
}

/** The dashboard's "My reviews": page size. */
export const MY_REVIEWS_PAGE_SIZE = 5;

/** The user's own reviews, newest first, with their businesses (the dashboard). Only ever the user's own rows. */
export async function reviewsByUser(db: Database, userId: string, page = 1): Promise<MyReviewPage> {
  const [{ total } = { total: 0 }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(reviews)
    .where(eq(reviews.userId, userId));
  const pageCount = Math.max(1, Math.ceil(total / MY_REVIEWS_PAGE_SIZE));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pageCount);
  const rows = await db
    .select({
      id: reviews.id,
      rating: reviews.rating,
      content: reviews.content,
      status: reviews.status,
      createdAt: reviews.createdAt,
      updatedAt: reviews.updatedAt,
      businessId: businesses.id,
      businessName: businesses.name,
      businessSlug: businesses.slug,
      businessStatus: businesses.status,
      replyAt: reviewReplies.createdAt,
    })
    .from(reviews)
    .innerJoin(businesses, eq(businesses.id, reviews.businessId))
    .leftJoin(reviewReplies, eq(reviewReplies.reviewId, reviews.id))
    .where(eq(reviews.userId, userId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(MY_REVIEWS_PAGE_SIZE)
    .offset((current - 1) * MY_REVIEWS_PAGE_SIZE);
  return {
    items: rows.map((r) => ({
      id: r.id,
      rating: r.rating,
      content: r.content,
      date: r.createdAt.toISOString(),
      edited: r.updatedAt.getTime() - r.createdAt.getTime() > 1000,
      hidden: r.status === "hidden",
      business: {
        id: r.businessId,
        name: r.businessName,
        slug: r.businessSlug,
        published: r.businessStatus === "published",
      },
      hasReply: r.replyAt !== null,
    })),
    total,
    page: current,
    pageCount,
  };
}

/** The dashboard's "Recent reviews" (an owner's listings): page size. */
export const OWNER_REVIEWS_PAGE_SIZE = 5;

/**
 * The latest visible reviews of the user's own published listings, newest
 * first, with their replies (the dashboard, where the owner replies). The
 * owner is part of the WHERE clause: another user's listings never show.
 */
export async function reviewsOfOwnedListings(db: Database, ownerId: string, page = 1): Promise<OwnerReviewPage> {
  const scope = and(eq(businesses.ownerId, ownerId), eq(businesses.status, "published"), eq(reviews.status, "visible"));
  const [{ total } = { total: 0 }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(reviews)
    .innerJoin(businesses, eq(businesses.id, reviews.businessId))
    .where(scope);
  const pageCount = Math.max(1, Math.ceil(total / OWNER_REVIEWS_PAGE_SIZE));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pageCount);
  const rows = await db
    .select({
      id: reviews.id,
      author: reviews.author,
      authorHandle: authorHandleSql,
      rating: reviews.rating,
      content: reviews.content,
      createdAt: reviews.createdAt,
      updatedAt: reviews.updatedAt,
      businessId: businesses.id,
      businessName: businesses.name,
      businessSlug: businesses.slug,
      replyContent: reviewReplies.content,
      replyAt: reviewReplies.createdAt,
    })
    .from(reviews)
    .innerJoin(businesses, eq(businesses.id, reviews.businessId))
    .leftJoin(reviewReplies, eq(reviewReplies.reviewId, reviews.id))
    .where(scope)
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(OWNER_REVIEWS_PAGE_SIZE)
    .offset((current - 1) * OWNER_REVIEWS_PAGE_SIZE);
  return {
    items: rows.map((r) => ({
      id: r.id,
      author: r.author,
      authorHandle: r.authorHandle ?? null,
      rating: r.rating,
      content: r.content,
      date: r.createdAt.toISOString(),
      edited: r.updatedAt.getTime() - r.createdAt.getTime() > 1000,
      helpfulCount: 0,
      viewerFoundHelpful: false,
      mine: false,
      reply:
        r.replyContent !== null && r.replyAt !== null
          ? { content: r.replyContent, date: r.replyAt.toISOString() }
          : null,
      business: { id: r.businessId, name: r.businessName, slug: r.businessSlug },
    })),
    total,
    page: current,
    pageCount,
  };
}

export interface ViewerReviewState {
  own: { id: string; rating: number; content: string; status: (typeof reviews.$inferSelect)["status"] } | null;
  foundHelpful: Set<string>;
}

/**
 * What one signed-in reader's view of a business's reviews adds to everyone's (the business page, issue 13): their own
 * review of it (any status) and which of the reviews shown they found helpful — one query, so the list itself can be
 * shared by every reader (`listReviews` without a viewer).
 */
export async function viewerReviewState(
  db: Database,
  businessId: string,
  userId: string,
  shownReviewIds: readonly string[],
): Promise<ViewerReviewState> {
  if (!isUuid(businessId)) return { own: null, foundHelpful: new Set() };
  const [row] = await queryRows<{ state: unknown }>(
    db,
    sql`select ${viewerReviewStateSql(businessId, userId, shownReviewIds)} as state`,
  );
  return viewerReviewStateFrom(row?.state);
}

/**
 * viewerReviewState as one JSON value of a scalar subquery, for a page that asks the reader's own state of a listing
 * in one round trip (routes/business.server.ts). `businessId` must be a UUID. Decoded by viewerReviewStateFrom.
 */
export function viewerReviewStateSql(businessId: string, userId: string, shownReviewIds: readonly string[]) {
  const ids = shownReviewIds.filter(isUuid);
  const votes = ids.length
    ? sql`(select coalesce(json_agg(v.review_id::text), '[]'::json) from ${reviewHelpfulVotes} v
        where v.user_id = ${userId} and v.review_id in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )}))`
    : sql`'[]'::json`;
  return sql`json_build_object(
    'own', (select json_build_object('id', r.id::text, 'rating', r.rating, 'content', r.content, 'status', r.status)
      from ${reviews} r where r.business_id = ${businessId}::uuid and r.user_id = ${userId} limit 1),
    'votes', ${votes})`;
}

export function viewerReviewStateFrom(value: unknown): ViewerReviewState {
  const state = (typeof value === "string" ? JSON.parse(value) : (value ?? {})) as {
    own?: { id: string; rating: number | string; content: string | null; status: string } | null;
    votes?: string[];
  };
  const own = state.own;
  return {
    own: own
      ? {
          id: own.id,
          rating: Number(own.rating),
          content: own.content ?? "",
          status: own.status as (typeof reviews.$inferSelect)["status"],
        }
      : null,
    foundHelpful: new Set(state.votes ?? []),
  };
}

/**
 * Writes the user's review of a business, or edits it: one review per user
 * per business. Needs a verified email; owners cannot review their own
 * business. The author's name comes from the account, as its profile shows it.
 */
export async function saveReview(
  db: Database,
  businessId: string,
  user: SessionUser,
  input: ReviewInput,
  /** REVIEW_POST_RATE, per user. */
  postLimiter: RateLimiter,
  /** Runs in the review's transaction when the review is new (the owner's email is queued there). */
  onCreated?: (tx: Database, reviewId: string) => Promise<unknown>,
) {
  if (!user.emailVerified)
    throw new AppError("forbidden", "Please verify your email address before writing a review.", undefined, {
      reason: "email_not_verified",
    });
  const business = await publishedBusiness(db, businessId);
  if (ownsBusiness(user, business.ownerId)) throw new AppError("forbidden", "You can't review your own business.");
  const retryAfter = await postLimiter.hit(user.id);
  if (retryAfter > 0)
    throw rateLimited(`You're posting reviews too quickly. Try again in ${minutes(retryAfter)}.`, retryAfter);
  // The name as the author chose to show it on their profile (issue 41).
  const author = await bylineFor(db, user);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(reviews)
      .values({
        businessId: business.id,
        userId: user.id,
        author,
        rating: input.rating,
        content: input.content,
      })
      .onConflictDoUpdate({
        target: [reviews.businessId, reviews.userId],
        set: { rating: input.rating, content: input.content, author, updatedAt: sql`now()` },
      })
      .returning({ id: reviews.id, created: sql<boolean>`(xmax = 0)` });
    const saved = { id: row!.id, created: Boolean(row!.created) };
    if (saved.created && onCreated) await onCreated(tx, saved.id);
    return saved;
  });
}

/** Deletes the user's own review; its photos go with it (the rows cascade, the files after the commit). */
export async function deleteOwnReview(db: Database, reviewId: string, userId: string, media: PhotoFileDeps) {
  assertUuid(reviewId, "Review");
  const files = await db.transaction(async (tx) => {
    const photos = await photoFilesOfReviews(tx, [reviewId]);
    const deleted = await tx
      .delete(reviews)
      .where(and(eq(reviews.id, reviewId), eq(reviews.userId, userId)))
      .returning({ id: reviews.id });
    if (!deleted.length) throw new AppError("not_found", "Review not found.");
    return photos;
  });
  await removeReviewPhotoFiles(media, files);
}

/** The business owner's public reply (one per review; saving again edits it). */
export async function saveReply(db: Database, reviewId: string, user: SessionUser, content: string) {
  assertUuid(reviewId, "Review");
  const rows = await queryRows<{ review_id: string }>(
    db,
    sql`insert into review_replies (review_id, author_id, content)
        select r.id, ${user.id}, ${content}
        from reviews r join businesses b on b.id = r.business_id
        where r.id = ${reviewId} and b.owner_id = ${user.id}
        on conflict (review_id) do update set content = excluded.content, author_id = excluded.author_id, updated_at = now()
        returning review_id`,
  );
  if (!rows.length)
    await explainReviewAccess(db, reviewId, "Only the owner of this business can reply to its reviews.");
}

export async function deleteReply(db: Database, reviewId: string, user: SessionUser) {
  assertUuid(reviewId, "Review");
  const rows = await queryRows<{ review_id: string }>(
    db,
    sql`delete from review_replies rr using reviews r, businesses b
        where rr.review_id = ${reviewId} and r.id = rr.review_id and b.id = r.business_id and b.owner_id = ${user.id}
        returning rr.review_id`,
  );
  if (!rows.length) await explainReviewAccess(db, reviewId, "Only the owner of this business can remove its replies.");
}

/** 404 when the review doesn't exist, else 403. */
async function explainReviewAccess(db: Database, reviewId: string, forbidden: string): Promise<never> {
  const [exists] = await db.select({ id: reviews.id }).from(reviews).where(eq(reviews.id, reviewId)).limit(1);
  throw exists ? new AppError("forbidden", forbidden) : new AppError("not_found", "Review not found.");
}

/** Marks a review helpful, or takes the mark back. */
export async function toggleHelpful(db: Database, reviewId: string, userId: string, helpfulLimiter: RateLimiter) {
  assertUuid(reviewId, "Review");
  const retryAfter = await helpfulLimiter.hit(userId);
  if (retryAfter > 0)
    throw rateLimited(`You're marking reviews too quickly. Try again in ${minutes(retryAfter)}.`, retryAfter);
  return db.transaction(async (tx) => {
    const review = await publicReview(tx, reviewId);
    if (review.userId === userId) throw new AppError("forbidden", "You can't mark your own review as helpful.");
    const added = await tx.insert(reviewHelpfulVotes).values({ reviewId, userId }).onConflictDoNothing().returning();
    if (!added.length) {
      await tx
        .delete(reviewHelpfulVotes)
        .where(and(eq(reviewHelpfulVotes.reviewId, reviewId), eq(reviewHelpfulVotes.userId, userId)));
    }
    const [updated] = await tx
      .update(reviews)
      .set({ helpfulCount: sql`${reviews.helpfulCount} + ${added.length ? 1 : -1}` })
      .where(eq(reviews.id, reviewId))
      .returning({ helpfulCount: reviews.helpfulCount });
    return { helpful: added.length > 0, helpfulCount: updated!.helpfulCount };
  });
}

/**
 * A signed-in user's report: one per reporter and review. Reporting again — the report open or already dealt with —
 * is a conflict (`already_reported`) and changes nothing: a dismissed report used to reopen at once, back in the
 * admins' queue as often as the reporter liked.
 */
export async function reportReview(
  db: Database,
  reviewId: string,
  userId: string,
  reason: string,
  reportLimiter: RateLimiter,
) {
  assertUuid(reviewId, "Review");
  const retryAfter = await reportLimiter.hit(userId);
  if (retryAfter > 0)
    throw rateLimited(`You're reporting reviews too quickly. Try again in ${minutes(retryAfter)}.`, retryAfter);
  await publicReview(db, reviewId);
  const added = await db
    .insert(reviewReports)
    .values({ reviewId, userId, reason })
    .onConflictDoNothing({ target: [reviewReports.reviewId, reviewReports.userId] })
    .returning({ id: reviewReports.id });
  if (!added.length)
    throw new AppError("conflict", "You've already reported this review.", undefined, { reason: "already_reported" });
}

// --- Admin moderation ---

export const REPORTED_PAGE_SIZE = 20;

/**
 * The admin's Reviews tab: "reported" — reviews with open reports, most
 * recently reported first; "hidden" — hidden reviews, so they can be restored.
 */
export async function listReportedReviews(
  db: Database,
  { filter = "reported", page = 1 }: { filter?: "reported" | "hidden"; page?: number } = {},
): Promise<{ items: ReportedReview[]; total: number; pageCount: number }> {
  const rows = await queryRows<{
    id: string;
    business_id: string;
    business_name: string;
    business_slug: string;
    author: string;
    content: string;
    rating: number;
    status: "visible" | "hidden";
    created_at: string;
    reports: { reason: string; date: string }[];
    total: number;
  }>(
    db,
    filter === "reported"
      ? sql`with reported as (
          select review_id, max(created_at) as last_at,
                 json_agg(json_build_object('reason', reason, 'date', created_at) order by created_at desc) as reports
          from review_reports where status = 'open' group by review_id
        )
        select r.id, r.business_id, b.name as business_name, b.slug as business_slug, r.author, r.content, r.rating, r.status,
               r.created_at, rep.reports, count(*) over ()::int as total
        from reported rep join reviews r on r.id = rep.review_id join businesses b on b.id = r.business_id
        order by rep.last_at desc, r.id
        limit ${REPORTED_PAGE_SIZE} offset ${(page - 1) * REPORTED_PAGE_SIZE}`
      : sql`select r.id, r.business_id, b.name as business_name, b.slug as business_slug, r.author, r.content, r.rating, r.status, r.created_at,
               coalesce((select json_agg(json_build_object('reason', p.reason, 'date', p.created_at) order by p.created_at desc)
                         from review_reports p where p.review_id = r.id), '[]'::json) as reports,
               count(*) over ()::int as total
        from reviews r join businesses b on b.id = r.business_id
        where r.status = 'hidden'
        order by r.updated_at desc, r.id
        limit ${REPORTED_PAGE_SIZE} offset ${(page - 1) * REPORTED_PAGE_SIZE}`,
  );
  const total = Number(rows[0]?.total ?? 0);
  return {
    items: rows.map((r) => ({
      id: r.id,
      businessId: r.business_id,
      businessName: r.business_name,
      businessSlug: r.business_slug,
      author: r.author,
      content: r.content,
      rating: Number(r.rating),
      status: r.status,
      date: new Date(r.created_at).toISOString(),
      reports: r.reports.map((p) => ({ reason: p.reason, date: new Date(p.date).toISOString() })),
    })),
    total,
    pageCount: Math.max(1, Math.ceil(total / REPORTED_PAGE_SIZE)),
  };
}

export const MODERATION_ACTIONS = ["hide", "restore", "delete", "dismiss"] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/** Admin: hide (leaves the page and the rating), restore, delete, or dismiss the reports. Resolves open reports. */
export async function moderateReview(
  db: Database,
  reviewId: string,
  action: ModerationAction,
  admin: SessionUser,
  /** Where a deleted review's photo files are removed from. */
  media: PhotoFileDeps,
) {
  if (!admin.isAdmin) throw new AppError("forbidden", "You don't have permission to do this.");
  assertUuid(reviewId, "Review");
  const files = await db.transaction(async (tx) => {
    if (action === "delete") {
      const photos = await photoFilesOfReviews(tx, [reviewId]);
      const deleted = await tx.delete(reviews).where(eq(reviews.id, reviewId)).returning({ id: reviews.id });
      if (!deleted.length) throw new AppError("not_found", "Review not found.");
      return photos;
    }
    if (action !== "dismiss") {
      const updated = await tx
        .update(reviews)
        .set({ status: action === "hide" ? "hidden" : "visible" })
        .where(eq(reviews.id, reviewId))
        .returning({ id: reviews.id });
      if (!updated.length) throw new AppError("not_found", "Review not found.");
    }
    await tx
      .update(reviewReports)
      .set({ status: "resolved", resolvedAt: sql`now()`, resolvedBy: admin.id })
      .where(and(eq(reviewReports.reviewId, reviewId), eq(reviewReports.status, "open")));
    return [];
  });
  await removeReviewPhotoFiles(media, files);
}
