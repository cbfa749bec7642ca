import { MapPin, ThumbsUp } from "lucide-react";
import { businessPath } from "~/lib/business-url";
import { Link } from "react-router";
import { RatingStars } from "~/components/ui/rating-stars";
import { ReplyBlock } from "~/features/reviews/components/owner-reply";
import { formatReviewDate } from "~/lib/dates";
import { countLabel } from "~/lib/plural";
import type { PersonReview } from "../queries.server";

/** One of a person's reviews on their profile: the business it is about, the stars, the text and the owner's reply. */
export function PersonReviewCard({ review }: { review: PersonReview }) {
  return (
    <article
      aria-labelledby={`person-review-${review.id}`}
      className="rounded-2xl border bg-card p-5 shadow-card sm:p-6"
      data-testid="person-review"
    >
      <header className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
        <div className="min-w-0">
          <h3 id={`person-review-${review.id}`} className="text-lg font-semibold break-words">
            <Link to={businessPath(review.business)} className="hover:underline">
              {review.business.name}
            </Link>
          </h3>
          <p className="mt-0.5 inline-flex items-center gap-1 text-sm text-muted-foreground">
            <MapPin aria-hidden="true" className="size-3.5" />
            {review.business.city}
          </p>
        </div>
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
          <RatingStars rating={review.rating} size="sm" />
          <time dateTime={review.date}>{formatReviewDate(review.date)}</time>
          {review.edited ? <span>(edited)</span> : null}
        </p>
      </header>
      <p className="mt-3 leading-relaxed break-words whitespace-pre-line text-foreground/90">{review.content}</p>
      {review.helpfulCount > 0 ? (
        <p className="mt-3 inline-flex items-center gap-1.5 text-sm text-muted-foreground">
          <ThumbsUp aria-hidden="true" className="size-4" />
          {`${countLabel(review.helpfulCount, "person", "people")} found this helpful`}
        </p>
      ) : null}
      {review.reply ? <ReplyBlock reply={review.reply} businessName={review.business.name} /> : null}
    </article>
  );
}
