import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "~/.server/db/client";
import { businesses, reviewPhotoReports, reviewPhotos, reviews } from "~/.server/db/schema";
import type { Logger } from "~/.server/logger";
import { encodeImage, ImageRejectedError, inspectImage, storeEncodedImage } from "~/.server/media/process";
import type { ProcessedImage } from "~/.server/media/process";
import { deleteImages } from "~/.server/media/storage";
import type { MediaStorage } from "~/.server/media/types";
import type { RateLimiter } from "~/.server/rate-limit";
import { AppError } from "~/lib/app-error";
import { isUuid } from "~/lib/ids";
import { imageSources } from "~/lib/images";
import {
  CUSTOMER_PHOTOS_SHOWN,
  MAX_REVIEW_PHOTOS,
  REVIEW_PHOTO_CAPTION_MAX,
  REVIEW_PHOTO_STORAGE_BYTES,
  reviewPhotoAlt,
  type ReviewPhotoView,
} from "./photo-constants";

/**
 * Review photos (issue 41): a reviewer adds up to 10 photos to their own review through the listing photo pipeline
 * (app/.server/media/process.ts: checked by content, re-encoded as WebP without EXIF or GPS, stored in variants),
 * each with an optional caption; they edit and delete them with the review. Uploads count in the photo upload rate
 * (PHOTO_UPLOAD_RATE, with the listing forms and the API) and in the author's storage allowance
 * (REVIEW_PHOTO_STORAGE_BYTES). Photos show only with their review: a hidden review, or a listing that isn't public,
 * hides them. Files are deleted after the rows' transaction commits (docs/media.md, "Deleting").
 */

export interface ReviewPhotoDeps {
  db: Database;
  storage: MediaStorage;
  /** PHOTO_UPLOAD_RATE, per user (server/rate-limits.ts `photoUploads`): shared with the listing photos. */
  uploadLimiter: RateLimiter;
  logger?: Logger;
}

export interface ReviewPhotoUpload {
  filename: string;
  body: Buffer;
}

type Actor = { id: string };
type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
type PhotoFiles = Pick<ProcessedImage, "storageKey" | "widths">;

export function reviewPhotoDeps(context: {
  db: Database;
  storage: MediaStorage;
  logger?: Logger;
  limits: { photoUploads: RateLimiter };
}): ReviewPhotoDeps {
  return {
    db: context.db,
    storage: context.storage,
    uploadLimiter: context.limits.photoUploads,
    logger: context.logger,
  };
}

/** A caption as stored: trimmed, spaces collapsed, at most REVIEW_PHOTO_CAPTION_MAX characters (else a 400). */
export function normalizeCaption(value: unknown, field = "caption"): string {
  if (value === undefined || value === null) return "";
  if (typeof value !== "string") throw new AppError("bad_request", "The caption must be text.", { [field]: "Text." });
  const caption = value.replace(/\s+/g, " ").trim();
  if (caption.length > REVIEW_PHOTO_CAPTION_MAX) {
    const message = `A caption can be at most ${REVIEW_PHOTO_CAPTION_MAX} characters.`;
    throw new AppError("bad_request", message, { [field]: message });
  }
  return caption;
}

function tooManyUploads(retryAfter: number) {
  const message = `You're uploading photos too quickly. Try again in ${Math.max(1, Math.ceil(retryAfter / 60))} minutes.`;
  return new AppError("too_many_requests", message, { photos: message }, { retryAfter });
}

async function chargeUploads(deps: ReviewPhotoDeps, actor: Actor, files: number) {
  let wait = 0;
  for (let i = 0; i < files; i++) wait = Math.max(wait, await deps.uploadLimiter.hit(actor.id));
  if (wait > 0) throw tooManyUploads(wait);
}

function tooManyPhotos() {
  const message = `A review can have at most ${MAX_REVIEW_PHOTOS} photos.`;
  return new AppError("bad_request", message, { photos: message });
}

function storageFull() {
  const message = `Your review photos have used your ${REVIEW_PHOTO_STORAGE_BYTES / 1024 / 1024} MB of storage. Delete some to add more.`;
  return new AppError("payload_too_large", message, { photos: message }, { reason: "storage_full" });
}

/**
 * The review the actor may add photos to: their own, on a public listing. Anyone else's is a 403, an unknown id (or a
 * listing that isn't public) a 404.
 */
async function ownReview(db: Database | Tx, actor: Actor, reviewId: string, lock = false) {
  if (!isUuid(reviewId)) throw new AppError("not_found", "Review not found.");
  const query = db
    .select({ id: reviews.id, userId: reviews.userId, businessId: reviews.businessId })
    .from(reviews)
    .innerJoin(businesses, eq(businesses.id, reviews.businessId))
    .where(and(eq(reviews.id, reviewId), eq(businesses.status, "published")))
    .limit(1);
  const [review] = lock ? await query.for("update", { of: reviews }) : await query;
  if (!review) throw new AppError("not_found", "Review not found.");
  if (review.userId !== actor.id) throw new AppError("forbidden", "Only the review's author can change its photos.");
  return review;
}

async function photoCount(db: Database | Tx, reviewId: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(reviewPhotos)
    .where(eq(reviewPhotos.reviewId, reviewId));
  return Number(row?.n ?? 0);
}

/** The bytes the user's review photos take. */
export async function reviewPhotoStorageUsed(db: Database | Tx, userId: string) {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${reviewPhotos.bytes}), 0)::bigint` })
    .from(reviewPhotos)
    .where(eq(reviewPhotos.userId, userId));
  return Number(row?.n ?? 0);
}

/**
 * The upload's checks before its body is read: the review is the actor's own, it has room for one more photo, the
 * author's storage isn't full, and the upload rate (the first file is counted here). Returns how many files the
 * review still takes; addReviewPhotos checks again with the files in hand.
 */
export async function beginReviewPhotoUpload(deps: ReviewPhotoDeps, actor: Actor, reviewId: string) {
  await ownReview(deps.db, actor, reviewId);
  const remaining = MAX_REVIEW_PHOTOS - (await photoCount(deps.db, reviewId));
  if (remaining <= 0) throw tooManyPhotos();
  if ((await reviewPhotoStorageUsed(deps.db, actor.id)) >= REVIEW_PHOTO_STORAGE_BYTES) throw storageFull();
  await chargeUploads(deps, actor, 1);
  return { remaining };
}

function photoError(error: unknown): AppError | null {
  if (!(error instanceof ImageRejectedError)) return null;
  return new AppError(error.reason === "too_large" ? "payload_too_large" : "bad_request", error.message, {
    photos: error.message,
  });
}

async function removeFiles(deps: { storage: MediaStorage; logger?: Logger }, files: readonly PhotoFiles[]) {
  if (!files.length) return;
  try {
    await deleteImages(deps.storage, files);
  } catch (error) {
    // The rows are already consistent; a leftover file only wastes space.
    deps.logger?.warn("Could not delete review photo files", {
      error: error instanceof Error ? error.message : String(error),
    });
  }
}

/**
 * Adds photos to the actor's own review, after its others: every file's header is checked before any is decoded, then
 * each is re-encoded (no metadata) and stored; the rows go in one transaction that counts the review's photos again.
 * `charged`: files already counted against the upload rate (beginReviewPhotoUpload counts one). Returns the review's
 * photos.
 */
export async function addReviewPhotos(
  deps: ReviewPhotoDeps,
  actor: Actor,
  reviewId: string,
  uploads: readonly ReviewPhotoUpload[],
  captions: readonly string[] = [],
  opts: { charged?: number } = {},
) {
  const review = await ownReview(deps.db, actor, reviewId);
  if (uploads.length === 0) {
    throw new AppError("bad_request", "Choose at least one photo.", { photos: "Choose at least one photo." });
  }
  const normalized = uploads.map((_, i) => normalizeCaption(captions[i] ?? "", `caption.${i}`));
  if (uploads.length + (await photoCount(deps.db, reviewId)) > MAX_REVIEW_PHOTOS) throw tooManyPhotos();
  await chargeUploads(deps, actor, Math.max(0, uploads.length - (opts.charged ?? 0)));
  for (const upload of uploads) {
    try {
      await inspectImage(upload.body, { filename: upload.filename });
    } catch (error) {
      throw photoError(error) ?? error;
    }
  }
  const used = await reviewPhotoStorageUsed(deps.db, actor.id);
  if (used >= REVIEW_PHOTO_STORAGE_BYTES) throw storageFull();

  const stored: (ProcessedImage & { bytes: number })[] = [];
  try {
    let total = used;
    for (const upload of uploads) {
      const encoded = await encodeImage(upload.body, { filename: upload.filename });
      const bytes = encoded.variants.reduce((sum, v) => sum + v.body.length, 0);
      total += bytes;
      if (total > REVIEW_PHOTO_STORAGE_BYTES) throw storageFull();
      stored.push({ ...(await storeEncodedImage(deps.storage, encoded)), bytes });
    }
  } catch (error) {
    await removeFiles(deps, stored);
    throw photoError(error) ?? error;
  }

  try {
    await deps.db.transaction(async (tx) => {
      await ownReview(tx, actor, reviewId, true);
      const [row] = await tx
        .select({ n: sql<number>`count(*)::int`, last: sql<number>`coalesce(max(${reviewPhotos.position}), -1)::int` })
        .from(reviewPhotos)
        .where(eq(reviewPhotos.reviewId, reviewId));
      if (Number(row?.n ?? 0) + stored.length > MAX_REVIEW_PHOTOS) throw tooManyPhotos();
      const first = Number(row?.last ?? -1) + 1;
      await tx.insert(reviewPhotos).values(
        stored.map((image, i) => ({
          reviewId,
          businessId: review.businessId,
          userId: actor.id,
          position: first + i,
          storageKey: image.storageKey,
          widths: image.widths,
          width: image.width,
          height: image.height,
          bytes: image.bytes,
          caption: normalized[i] ?? "",
        })),
      );
    });
  } catch (error) {
    await removeFiles(deps, stored);
    throw error;
  }
  return photosOfReview(deps.db, reviewId);
}

/** The photo's row when it is the actor's; a 404 when there is no such photo, a 403 when it is someone else's. */
async function ownPhoto(db: Database | Tx, actor: Actor, reviewId: string, photoId: string) {
  if (!isUuid(photoId) || !isUuid(reviewId)) throw new AppError("not_found", "Photo not found.");
  const [photo] = await db
    .select()
    .from(reviewPhotos)
    .where(and(eq(reviewPhotos.id, photoId), eq(reviewPhotos.reviewId, reviewId)))
    .limit(1);
  if (!photo) throw new AppError("not_found", "Photo not found.");
  if (photo.userId !== actor.id) throw new AppError("forbidden", "Only the review's author can change its photos.");
  return photo;
}

/** Changes a photo's caption (its author only). Returns the review's photos. */
export async function updateReviewPhotoCaption(
  db: Database,
  actor: Actor,
  reviewId: string,
  photoId: string,
  caption: unknown,
) {
  const text = normalizeCaption(caption);
  const photo = await ownPhoto(db, actor, reviewId, photoId);
  await db
    .update(reviewPhotos)
    .set({ caption: text })
    .where(and(eq(reviewPhotos.id, photo.id), eq(reviewPhotos.userId, actor.id)));
  return photosOfReview(db, photo.reviewId);
}

/** Deletes one photo (its author only): the row, then its files. Returns the review's remaining photos. */
export async function deleteReviewPhoto(
  deps: Pick<ReviewPhotoDeps, "db" | "storage" | "logger">,
  actor: Actor,
  reviewId: string,
  photoId: string,
) {
  const photo = await ownPhoto(deps.db, actor, reviewId, photoId);
  const deleted = await deps.db
    .delete(reviewPhotos)
    .where(and(eq(reviewPhotos.id, photo.id), eq(reviewPhotos.userId, actor.id)))
    .returning({ storageKey: reviewPhotos.storageKey, widths: reviewPhotos.widths });
  await removeFiles(deps, deleted);
  return photosOfReview(deps.db, photo.reviewId);
}

// --- reading ------------------------------------------------------------------------------------------------

function view(row: {
  id: string;
  reviewId: string;
  storageKey: string;
  widths: number[];
  width: number;
  height: number;
  caption: string;
  author: string;
}): ReviewPhotoView {
  return {
    id: row.id,
    reviewId: row.reviewId,
    ...imageSources(row),
    caption: row.caption,
    alt: reviewPhotoAlt(row.caption, row.author),
    author: row.author,
  };
}

const photoColumns = {
  id: reviewPhotos.id,
  reviewId: reviewPhotos.reviewId,
  storageKey: reviewPhotos.storageKey,
  widths: reviewPhotos.widths,
  width: reviewPhotos.width,
  height: reviewPhotos.height,
  caption: reviewPhotos.caption,
  author: reviews.author,
};

/** A review's photos in order (any status: its author's view and the API's answers to them). */
export async function photosOfReview(db: Database | Tx, reviewId: string): Promise<ReviewPhotoView[]> {
  const rows = await db
    .select(photoColumns)
    .from(reviewPhotos)
    .innerJoin(reviews, eq(reviews.id, reviewPhotos.reviewId))
    .where(eq(reviewPhotos.reviewId, reviewId))
    .orderBy(asc(reviewPhotos.position), asc(reviewPhotos.createdAt));
  return rows.map(view);
}

/** The photos of the visible reviews shown, by review: read for a page of reviews in one query. */
export async function photosOfReviews(
  db: Database,
  reviewIds: readonly string[],
): Promise<Map<string, ReviewPhotoView[]>> {
  const ids = reviewIds.filter(isUuid);
  const byReview = new Map<string, ReviewPhotoView[]>();
  if (!ids.length) return byReview;
  const rows = await db
    .select(photoColumns)
    .from(reviewPhotos)
    .innerJoin(reviews, eq(reviews.id, reviewPhotos.reviewId))
    .where(and(inArray(reviewPhotos.reviewId, ids), eq(reviews.status, "visible")))
    .orderBy(asc(reviewPhotos.reviewId), asc(reviewPhotos.position), asc(reviewPhotos.createdAt));
  for (const row of rows) {
    const list = byReview.get(row.reviewId) ?? [];
    list.push(view(row));
    byReview.set(row.reviewId, list);
  }
  return byReview;
}

/**
 * The business page's "From customers": the newest photos of the listing's visible reviews, only while the listing
 * is public.
 */
export async function customerPhotos(
  db: Database,
  businessId: string,
  limit = CUSTOMER_PHOTOS_SHOWN,
): Promise<{ items: ReviewPhotoView[]; total: number }> {
  if (!isUuid(businessId)) return { items: [], total: 0 };
  const scope = and(
    eq(reviewPhotos.businessId, businessId),
    eq(reviews.status, "visible"),
    eq(businesses.status, "published"),
  );
  const rows = await db
    .select({ ...photoColumns, total: sql<number>`count(*) over ()::int` })
    .from(reviewPhotos)
    .innerJoin(reviews, eq(reviews.id, reviewPhotos.reviewId))
    .innerJoin(businesses, eq(businesses.id, reviewPhotos.businessId))
    .where(scope)
    .orderBy(desc(reviewPhotos.createdAt), asc(reviewPhotos.position), asc(reviewPhotos.id))
    .limit(limit);
  return { items: rows.map(view), total: Number(rows[0]?.total ?? 0) };
}

// --- deleting with a review, a listing or an account -------------------------------------------------------

/** The files of the photos on these reviews (read before the reviews are deleted; the rows cascade). */
export async function photoFilesOfReviews(db: Database | Tx, reviewIds: readonly string[]): Promise<PhotoFiles[]> {
  const ids = reviewIds.filter(isUuid);
  if (!ids.length) return [];
  return db
    .select({ storageKey: reviewPhotos.storageKey, widths: reviewPhotos.widths })
    .from(reviewPhotos)
    .where(inArray(reviewPhotos.reviewId, ids));
}

/** The files of a user's review photos (account deletion reads them before the account goes). */
export async function photoFilesOfUser(db: Database | Tx, userId: string): Promise<PhotoFiles[]> {
  return db
    .select({ storageKey: reviewPhotos.storageKey, widths: reviewPhotos.widths })
    .from(reviewPhotos)
    .where(eq(reviewPhotos.userId, userId));
}

/** The files of every review photo of a listing (deleting the listing). */
export async function photoFilesOfBusiness(db: Database | Tx, businessId: string): Promise<PhotoFiles[]> {
  return db
    .select({ storageKey: reviewPhotos.storageKey, widths: reviewPhotos.widths })
    .from(reviewPhotos)
    .where(eq(reviewPhotos.businessId, businessId));
}

/** Deletes files of rows already gone; a failure is logged, never thrown (the rows are consistent). */
export function removeReviewPhotoFiles(
  deps: { storage: MediaStorage; logger?: Logger },
  files: readonly PhotoFiles[],
): Promise<void> {
  return removeFiles(deps, files);
}

// --- reports and moderation --------------------------------------------------------------------------------

/**
 * A signed-in reader's report of a photo (the listing's owner above all): one per reporter and photo, on a visible
 * review of a public listing. It lands in the admins' review queue with the photo shown.
 */
export async function reportReviewPhoto(
  db: Database,
  reviewId: string,
  photoId: string,
  userId: string,
  reason: string,
  reportLimiter: RateLimiter,
) {
  if (!isUuid(photoId) || !isUuid(reviewId)) throw new AppError("not_found", "Photo not found.");
  const retryAfter = await reportLimiter.hit(userId);
  if (retryAfter > 0) {
    const minutes = Math.max(1, Math.ceil(retryAfter / 60));
    throw new AppError(
      "too_many_requests",
      `You're reporting too quickly. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
      undefined,
      { retryAfter },
    );
  }
  const [photo] = await db
    .select({ id: reviewPhotos.id })
    .from(reviewPhotos)
    .innerJoin(reviews, eq(reviews.id, reviewPhotos.reviewId))
    .innerJoin(businesses, eq(businesses.id, reviewPhotos.businessId))
    .where(
      and(
        eq(reviewPhotos.id, photoId),
        eq(reviewPhotos.reviewId, reviewId),
        eq(reviews.status, "visible"),
        eq(businesses.status, "published"),
      ),
    )
    .limit(1);
  if (!photo) throw new AppError("not_found", "Photo not found.");
  const added = await db
    .insert(reviewPhotoReports)
    .values({ photoId, userId, reason })
    .onConflictDoNothing({ target: [reviewPhotoReports.photoId, reviewPhotoReports.userId] })
    .returning({ id: reviewPhotoReports.id });
  if (!added.length)
    throw new AppError("conflict", "You've already reported this photo.", undefined, { reason: "already_reported" });
}

/** A reported photo in the admins' queue. */
export interface ReportedReviewPhoto extends ReviewPhotoView {
  businessName: string;
  businessSlug: string;
  reports: { reason: string; date: string }[];
}

/** Photos with open reports, the most recently reported first (the admins' Reviews tab). */
export async function listReportedReviewPhotos(db: Database, limit = 50): Promise<ReportedReviewPhoto[]> {
  const rows = await db
    .select({
      ...photoColumns,
      businessName: businesses.name,
      businessSlug: businesses.slug,
      reports: sql<
        { reason: string; date: string }[]
      >`json_agg(json_build_object('reason', ${reviewPhotoReports.reason}, 'date', ${reviewPhotoReports.createdAt}) order by ${reviewPhotoReports.createdAt} desc)`,
      lastAt: sql<string>`max(${reviewPhotoReports.createdAt})`,
    })
    .from(reviewPhotoReports)
    .innerJoin(reviewPhotos, eq(reviewPhotos.id, reviewPhotoReports.photoId))
    .innerJoin(reviews, eq(reviews.id, reviewPhotos.reviewId))
    .innerJoin(businesses, eq(businesses.id, reviewPhotos.businessId))
    .where(eq(reviewPhotoReports.status, "open"))
    .groupBy(reviewPhotos.id, reviews.id, businesses.id)
    .orderBy(desc(sql`max(${reviewPhotoReports.createdAt})`), asc(reviewPhotos.id))
    .limit(limit);
  return rows.map((r) => ({
    ...view(r),
    businessName: r.businessName,
    businessSlug: r.businessSlug,
    reports: (typeof r.reports === "string" ? JSON.parse(r.reports) : r.reports).map(
      (p: { reason: string; date: string }) => ({ reason: p.reason, date: new Date(p.date).toISOString() }),
    ),
  }));
}

export const PHOTO_MODERATION_ACTIONS = ["remove", "dismiss"] as const;
export type PhotoModerationAction = (typeof PHOTO_MODERATION_ACTIONS)[number];

/** Admin: remove a photo (the row, then its files) or dismiss its reports. */
export async function moderateReviewPhoto(
  deps: Pick<ReviewPhotoDeps, "db" | "storage" | "logger">,
  photoId: string,
  action: PhotoModerationAction,
  admin: { isAdmin: boolean },
) {
  if (!admin.isAdmin) throw new AppError("forbidden", "You don't have permission to do this.");
  if (!isUuid(photoId)) throw new AppError("not_found", "Photo not found.");
  if (action === "remove") {
    const deleted = await deps.db
      .delete(reviewPhotos)
      .where(eq(reviewPhotos.id, photoId))
      .returning({ storageKey: reviewPhotos.storageKey, widths: reviewPhotos.widths });
    if (!deleted.length) throw new AppError("not_found", "Photo not found.");
    await removeFiles(deps, deleted);
    return;
  }
  const updated = await deps.db
    .update(reviewPhotoReports)
    .set({ status: "resolved", resolvedAt: sql`now()` })
    .where(and(eq(reviewPhotoReports.photoId, photoId), eq(reviewPhotoReports.status, "open")))
    .returning({ id: reviewPhotoReports.id });
  if (!updated.length) throw new AppError("not_found", "Photo not found.");
}

/** The account's review photos for its data export: where each is, its caption and its review. */
export async function exportReviewPhotos(db: Database, userId: string) {
  const rows = await db
    .select({
      id: reviewPhotos.id,
      reviewId: reviewPhotos.reviewId,
      business: businesses.name,
      storageKey: reviewPhotos.storageKey,
      widths: reviewPhotos.widths,
      width: reviewPhotos.width,
      height: reviewPhotos.height,
      caption: reviewPhotos.caption,
      createdAt: reviewPhotos.createdAt,
    })
    .from(reviewPhotos)
    .innerJoin(businesses, eq(businesses.id, reviewPhotos.businessId))
    .where(eq(reviewPhotos.userId, userId))
    .orderBy(desc(reviewPhotos.createdAt));
  return rows.map((r) => ({
    id: r.id,
    reviewId: r.reviewId,
    business: r.business,
    url: imageSources({ ...r, widths: r.widths.slice(-1) }).src,
    width: r.width,
    height: r.height,
    caption: r.caption,
    createdAt: r.createdAt,
  }));
}
