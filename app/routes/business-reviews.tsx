import { redirect } from "react-router";
import type { Route } from "./+types/business-reviews";
import { reviewsAction } from "./business-reviews.server";

/**
 * POST /business/:id/reviews: the Reviews section's forms (write/edit, delete,
 * owner reply, helpful, report). No page of its own: a GET goes back to the
 * business page's reviews.
 */
export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/business/${encodeURIComponent(params.id)}#reviews`);
}

export function action({ params, request, context }: Route.ActionArgs) {
  return reviewsAction(params.id, request, context);
}
