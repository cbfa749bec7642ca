import { redirect } from "react-router";
import type { Route } from "./+types/review-photos";
import { reviewPath, reviewPhotosAction } from "./review-photos.server";

/**
 * POST /reviews/:reviewId/photos: the review item's photo forms (issue 41) — add photos (multipart), delete one,
 * report one. No page of its own: a GET goes back to the review on its business page.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  return redirect(await reviewPath(context, params.reviewId));
}

export function action({ params, request, context }: Route.ActionArgs) {
  return reviewPhotosAction(params.reviewId, request, context);
}
