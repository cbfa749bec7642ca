import { ListingManageHeader } from "~/features/listings/components/listing-manage-header";
import { businessPath } from "~/lib/business-url";
import { TestimonialsManager, VideosManager } from "~/features/showcase/components/showcase-manager";
import { StatusBadge } from "~/features/listings/components/status-badge";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/business-showcase";
import { loadShowcase, showcaseAction } from "./business-showcase.server";
import { retryAfterHeaders } from "~/lib/route-headers";

/** A 429 from the action keeps its Retry-After on a document response. */
export const headers = retryAfterHeaders;

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "Testimonials and videos");

export function loader({ request, context, params }: Route.LoaderArgs) {
  return loadShowcase({ request, context, params });
}

export function action({ request, context, params }: Route.ActionArgs) {
  return showcaseAction({ request, context, params });
}

const DONE: Record<string, string> = {
  "add-testimonial": "Testimonial added.",
  "edit-testimonial": "Testimonial saved.",
  "delete-testimonial": "Testimonial removed.",
  "add-video": "Video added.",
  "delete-video": "Video removed.",
};

/** The listing's testimonials and videos, for its owner or an admin (plain form posts: works without JavaScript). */
export default function ShowcasePage({ loaderData, actionData }: Route.ComponentProps) {
  const { listing, testimonials, videos, allowances, isAdmin } = loaderData;
  return (
    <div className="flex-1 bg-linear-to-b from-primary-soft/50 to-background dark:from-primary-soft/25">
      <div className="mx-auto grid w-full max-w-4xl gap-6 px-4 py-8 sm:px-6 sm:py-12">
        <ListingManageHeader
          businessId={listing.id}
          name={listing.name}
          badge={<StatusBadge status={listing.status} />}
          title="Testimonials and videos"
          section="showcase"
          isAdmin={isAdmin}
          viewHref={listing.status === "published" ? businessPath(listing) : null}
        />
        {/* What the last form did, announced (the page reloads its lists after each post). */}
        <p
          role="status"
          className="empty:hidden rounded-xl border border-success/30 bg-success/10 px-4 py-3 text-sm font-medium"
        >
          {actionData?.ok && actionData.intent ? (DONE[actionData.intent] ?? "") : ""}
        </p>
        <TestimonialsManager
          items={testimonials}
          allowance={allowances.testimonials}
          isAdmin={isAdmin}
          answer={actionData}
        />
        <VideosManager items={videos} allowance={allowances.videos} isAdmin={isAdmin} answer={actionData} />
      </div>
    </div>
  );
}
