import type { Route } from "./+types/admin-reviews";
import { data } from "react-router";
import { AppError } from "~/lib/app-error";
import { requireAdmin } from "~/features/auth/guards.server";
import {
  MODERATION_ACTIONS,
  listReportedReviews,
  moderateReview,
  type ModerationAction,
} from "~/features/reviews/queries.server";
import { MODERATION_NOTICES, type ModerationResult } from "~/features/reviews/components/admin-data";
import { listReportedReviewPhotos, moderateReviewPhoto } from "~/features/reviews/photos.server";

// Only what these functions read, so tests can call them with a bare request and context.
type Args = Pick<Route.LoaderArgs | Route.ActionArgs, "request" | "context">;

/** The Reviews tab of /admin: reported (open reports) or hidden reviews, 20 a page, and both counts for the tabs. */
export async function loadModeration({ request, context }: Args) {
  await requireAdmin({ request, context });
  const url = new URL(request.url);
  const tab = url.searchParams.get("tab") === "hidden" ? "hidden" : "reported";
  const page = Math.min(1000, Math.max(1, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1));
  const other = tab === "hidden" ? "reported" : "hidden";
  const [list, otherList, photos] = await Promise.all([
    listReportedReviews(context.db, { filter: tab, page }),
    listReportedReviews(context.db, { filter: other, page: 1 }),
    // Reported review photos (issue 41), above the reported reviews.
    tab === "reported" ? listReportedReviewPhotos(context.db) : [],
  ]);
  return {
    tab,
    page: Math.min(page, list.pageCount),
    pageCount: list.pageCount,
    items: list.items,
    photos,
    counts: { [tab]: list.total, [other]: otherList.total } as Record<"reported" | "hidden", number>,
  } as const;
}

/** Hide, restore, delete or dismiss; only admins (moderateReview checks again). */
export async function moderateAction({ request, context }: Args) {
  const admin = await requireAdmin({ request, context });
  const form = await request.formData();
  const intent = form.get("intent");
  const reviewId = form.get("reviewId");
  // A reported review photo (issue 41): remove it (files too) or dismiss its reports.
  if (intent === "photo-remove" || intent === "photo-dismiss") {
    const photoId = String(form.get("photoId") ?? "");
    try {
      await moderateReviewPhoto(context, photoId, intent === "photo-remove" ? "remove" : "dismiss", admin);
      return data<ModerationResult>({ ok: true, action: intent, photoId, notice: MODERATION_NOTICES[intent] });
    } catch (error) {
      if (error instanceof AppError)
        return data<ModerationResult>({ ok: false, error: error.message }, { status: error.status });
      throw error;
    }
  }
  if (!MODERATION_ACTIONS.includes(intent as ModerationAction) || typeof reviewId !== "string") {
    return data<ModerationResult>({ ok: false, error: "Unknown action." }, { status: 400 });
  }
  const action = intent as ModerationAction;
  try {
    await moderateReview(context.db, reviewId, action, admin, context);
    return data<ModerationResult>({ ok: true, action, reviewId, notice: MODERATION_NOTICES[action] });
  } catch (error) {
    if (error instanceof AppError)
      return data<ModerationResult>({ ok: false, error: error.message }, { status: error.status });
    throw error;
  }
}
