import { requireUser } from "~/features/auth/guards.server";
import { listingStats } from "~/features/stats/queries.server";
import { AppError } from "~/lib/app-error";
import { statPeriod } from "~/lib/listing-stats";
import type { Route } from "./+types/portal-stats";

type Args = Pick<Route.LoaderArgs | Route.ActionArgs, "request" | "context" | "params">;

/**
 * /portal/stats/:id?days=7|30|90: one listing's stats for its owner or an admin. Signed out: to sign in and back;
 * anyone else: 404, whether the listing exists or not. A bad `days` falls back to 30.
 */
export async function loadListingStats({ request, context, params }: Args) {
  const user = await requireUser({ request, context });
  const days = statPeriod(new URL(request.url).searchParams.get("days"));
  try {
    return await listingStats(
      context.db,
      user,
      params.id ?? "",
      days,
      context.config.SITE_TIMEZONE,
      context.clock.now(),
    );
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found")
      throw new Response("Listing Not Found", { status: 404 });
    throw error;
  }
}
