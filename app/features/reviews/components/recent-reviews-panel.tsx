import { MessageSquareQuote } from "lucide-react";
import { businessPath } from "~/lib/business-url";
import { AuthorName } from "~/features/people/components/author-link";
import { Link } from "react-router";
import { RatingStars } from "~/components/ui/rating-stars";
import { Pagination } from "~/features/directory/components/pagination";
import { formatReviewDate } from "~/lib/dates";
import type { OwnerReviewPage } from "../types";
import { OwnerReply } from "./owner-reply";

/**
 * The owner's "Recent reviews": the latest reviews of their listings with the
 * same Reply / Edit reply / Remove reply controls as on the business page
 * (they post to that page's review action, which checks the owner).
 */
export function RecentReviewsPanel({
  reviews,
  hrefForPage,
}: {
  reviews: OwnerReviewPage;
  hrefForPage: (page: number) => string;
}) {
  return (
    <section
      id="recent-reviews"
      aria-labelledby="recent-reviews-heading"
      className="flex flex-col rounded-3xl border bg-card p-6 shadow-card lg:col-span-3"
      data-testid="recent-reviews-panel"
    >
      <div className="flex items-center gap-3">
        <span
          aria-hidden="true"
          className="grid size-10 place-items-center rounded-xl bg-primary-soft text-accent-foreground"
        >
          <MessageSquareQuote className="size-5" />
        </span>
        <h2 id="recent-reviews-heading" className="text-lg font-bold">
          Recent reviews of my listings
        </h2>
        <span className="ml-auto text-2xl font-extrabold tracking-tight" data-testid="recent-reviews-count">
          {reviews.total}
        </span>
      </div>
      {reviews.items.length ? (
        <>
          <ul className="mt-6 grid grid-cols-[minmax(0,1fr)] gap-3 lg:grid-cols-2" aria-label="Recent reviews">
            {reviews.items.map((review) => (
              <li key={review.id} className="rounded-2xl border p-4" data-testid="recent-review">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="min-w-0 text-sm break-words">
                    <AuthorName author={review.author} handle={review.authorHandle} className="font-semibold" />
                    <span className="text-muted-foreground"> on </span>
                    <Link to={businessPath(review.business)} className="font-medium hover:underline">
                      {review.business.name}
                    </Link>
                  </p>
                  <RatingStars rating={review.rating} size="sm" />
                </div>
                <p className="mt-1 text-xs text-muted-foreground">
                  <time dateTime={review.date}>{formatReviewDate(review.date)}</time>
                  {review.edited ? " · edited" : ""}
                </p>
                <p className="mt-2 line-clamp-4 text-sm break-words whitespace-pre-line">{review.content}</p>
                <OwnerReply businessId={review.business.id} review={review} businessName={review.business.name} />
              </li>
            ))}
          </ul>
          <Pagination page={reviews.page} pageCount={reviews.pageCount} hrefFor={hrefForPage} />
        </>
      ) : (
        <p className="mt-6 rounded-2xl border border-dashed p-5 text-sm text-muted-foreground">
          When customers review your listings, the latest reviews appear here and you can reply to them.
        </p>
      )}
    </section>
  );
}
