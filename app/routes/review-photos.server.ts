import { eq } from "drizzle-orm";
import { data, redirect, type AppLoadContext } from "react-router";
import { getUser } from "~/features/auth/guards.server";
import { signInPath } from "~/features/auth/redirect";
import { businesses, reviews } from "~/.server/db/schema";
import {
  addReviewPhotos,
  beginReviewPhotoUpload,
  deleteReviewPhoto,
  reportReviewPhoto,
  reviewPhotoDeps,
} from "~/features/reviews/photos.server";
import type { ReviewPhotoActionResult } from "~/features/reviews/components/review-photos-data";
import { reportSchema } from "~/features/reviews/review-schema";
import { AppError } from "~/lib/app-error";
import { businessPath } from "~/lib/business-url";
import { isUuid } from "~/lib/ids";

/**
 * The review item's photo forms (issue 41). A multipart post adds photos (the checks that need no body first: who
 * may, the review's room, the storage and the upload rate); a plain form deletes (`intent=delete`) or reports
 * (`intent=report`) one. Fetchers get JSON; a form posted before the page's JavaScript ran (`_nojs`) goes back to the
 * review on its page.
 */

/** The review on its business page (`/business/<slug>#review-<id>`), or the home page for an unknown one. */
export async function reviewPath(context: AppLoadContext, reviewId: string) {
  if (!isUuid(reviewId)) return "/";
  const [row] = await context.db
    .select({ slug: businesses.slug })
    .from(reviews)
    .innerJoin(businesses, eq(businesses.id, reviews.businessId))
    .where(eq(reviews.id, reviewId))
    .limit(1);
  return row ? `${businessPath(row)}#review-${reviewId}` : "/";
}

const NOTICES = {
  add: { title: "Photos Added", description: "Your photos now show with your review." },
  delete: { title: "Photo Deleted", description: "The photo has been removed from your review." },
  report: { title: "Report Sent", description: "Thanks for letting us know. Our team will take a look." },
} as const;

export async function reviewPhotosAction(reviewId: string, request: Request, context: AppLoadContext) {
  const back = await reviewPath(context, reviewId);
  const user = await getUser({ request, context });
  if (!user) throw redirect(signInPath(back.startsWith("/business/") ? back : "/"));
  const multipart = (request.headers.get("content-type") ?? "").startsWith("multipart/form-data");
  const intent = multipart ? "add" : new URL(request.url).searchParams.get("intent");
  let noJs = false;
  try {
    if (intent === "add") {
      const deps = reviewPhotoDeps(context);
      // Who may, the room, the storage and the rate: before a byte of the body is read.
      const { remaining } = await beginReviewPhotoUpload(deps, user, reviewId);
      const form = await request.formData();
      noJs = form.has("_nojs");
      const files = form
        .getAll("photos")
        .filter((f): f is File => typeof f !== "string" && f.size > 0 && f.name !== "");
      if (files.length > remaining) {
        throw new AppError("bad_request", `A review can have at most 10 photos. You can add ${remaining} more.`);
      }
      const caption = form.get("caption");
      const uploads = await Promise.all(
        files.map(async (file) => ({ filename: file.name, body: Buffer.from(await file.arrayBuffer()) })),
      );
      // One caption for what is added at once (each photo's own can be set through the API).
      const captions = uploads.map(() => (typeof caption === "string" ? caption : ""));
      await addReviewPhotos(deps, user, reviewId, uploads, captions, { charged: 1 });
    } else if (intent === "delete" || intent === "report") {
      const form = await request.formData();
      noJs = form.has("_nojs");
      const photoId = String(form.get("photoId") ?? "");
      if (intent === "delete") {
        await deleteReviewPhoto(context, user, reviewId, photoId);
      } else {
        const parsed = reportSchema.safeParse({ reason: form.get("reason") ?? "" });
        if (!parsed.success) throw new AppError("bad_request", parsed.error.issues[0]!.message);
        await reportReviewPhoto(context.db, reviewId, photoId, user.id, parsed.data.reason, context.limits.reports);
      }
    } else {
      return data<ReviewPhotoActionResult>({ ok: false, intent: "add", error: "Unknown action." }, { status: 400 });
    }
    if (noJs) throw redirect(back);
    return data<ReviewPhotoActionResult>({ ok: true, intent, notice: NOTICES[intent] });
  } catch (error) {
    if (error instanceof Response) throw error;
    if (!(error instanceof AppError)) throw error;
    if (noJs) throw redirect(back);
    return data<ReviewPhotoActionResult>(
      { ok: false, intent, error: error.message },
      { status: error.status, headers: error.retryAfter ? { "Retry-After": String(error.retryAfter) } : undefined },
    );
  }
}
