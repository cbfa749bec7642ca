import { MessageSquareText, PenLine } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/utils";
import { formatRating, formatReviewDate, reviewCountLabel } from "../labels";
import type { ReviewItem } from "../types";
import { RatingStars } from "./rating-stars";

const AVATAR_TONES = [
  "bg-rose-100 text-rose-800 dark:bg-rose-400/20 dark:text-rose-100",
  "bg-amber-100 text-amber-900 dark:bg-amber-400/20 dark:text-amber-100",
  "bg-emerald-100 text-emerald-900 dark:bg-emerald-400/20 dark:text-emerald-100",
  "bg-sky-100 text-sky-900 dark:bg-sky-400/20 dark:text-sky-100",
  "bg-violet-100 text-violet-900 dark:bg-violet-400/20 dark:text-violet-100",
];

function initialOf(author: string) {
  const first = author.trim().charAt(0);
  return first ? first.toUpperCase() : "?";
}

function toneFor(author: string) {
  let h = 0;
  for (const c of author) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return AVATAR_TONES[h % AVATAR_TONES.length];
}

/** A summary (average, stars, count, and the spread when every review is loaded) and the reviews, newest first. */
export function ReviewsList({
  reviews,
  rating,
  reviewCount,
  writeReviewHref,
  onWriteReview,
}: {
  reviews: readonly ReviewItem[];
  rating: number;
  reviewCount: number;
  writeReviewHref?: string;
  onWriteReview?: () => void;
}) {
  const writeButton = writeReviewHref ? (
    <Button asChild>
      <Link to={writeReviewHref}>
        <PenLine aria-hidden="true" />
        Write a Review
      </Link>
    </Button>
  ) : (
    <Button onClick={onWriteReview}>
      <PenLine aria-hidden="true" />
      Write a Review
    </Button>
  );

  if (reviews.length === 0) {
    return (
      <div className="flex flex-col items-center rounded-xl border border-dashed px-6 py-10 text-center" data-testid="reviews-empty">
        <span aria-hidden="true" className="grid size-12 place-items-center rounded-full bg-primary-soft text-accent-foreground">
          <MessageSquareText className="size-6" />
        </span>
        <p className="mt-4 font-medium">No reviews yet. Be the first to review!</p>
        <div className="mt-4">{writeButton}</div>
      </div>
    );
  }

  // The spread is only honest when every review is on the page.
  const complete = reviews.length >= reviewCount;
  const counts = [5, 4, 3, 2, 1].map((stars) => ({ stars, n: reviews.filter((r) => r.rating === stars).length }));

  return (
    <div>
      <div className="flex flex-col gap-6 rounded-xl bg-muted/60 p-5 sm:flex-row sm:items-center">
        <div className="shrink-0 sm:w-44">
          <p className="text-5xl font-extrabold tracking-tight">{formatRating(rating)}</p>
          <RatingStars rating={rating} className="mt-1.5" />
          <p className="mt-1 text-sm text-muted-foreground">{reviewCountLabel(reviewCount)}</p>
        </div>
        {complete ? (
          <dl className="grid flex-1 gap-1.5" aria-label="Ratings breakdown">
            {counts.map(({ stars, n }) => (
              <div key={stars} className="flex items-center gap-3 text-sm">
                <dt className="w-14 shrink-0 text-muted-foreground">{stars} star{stars === 1 ? "" : "s"}</dt>
                <dd className="flex flex-1 items-center gap-3">
                  <span aria-hidden="true" className="h-2 flex-1 overflow-hidden rounded-full bg-border">
                    <span className="block h-full rounded-full bg-amber-400" style={{ width: `${reviews.length ? (n / reviews.length) * 100 : 0}%` }} />
                  </span>
                  <span className="w-6 text-right tabular-nums">{n}</span>
                </dd>
              </div>
            ))}
          </dl>
        ) : null}
        <div className="sm:ml-auto sm:self-start">{writeButton}</div>
      </div>

      <ul className="mt-6 divide-y" data-testid="reviews-list">
        {reviews.map((review) => (
          <li key={review.id} className="py-5 first:pt-0" data-testid="review">
            <article aria-label={`Review by ${review.author}`}>
              <div className="flex items-center gap-3">
                <span aria-hidden="true" className={cn("grid size-10 shrink-0 place-items-center rounded-full text-base font-bold", toneFor(review.author))} data-testid="review-avatar">
                  {initialOf(review.author)}
                </span>
                <div className="min-w-0">
                  <p className="truncate font-semibold">{review.author}</p>
                  <p className="mt-0.5 flex flex-wrap items-center gap-x-2 text-sm text-muted-foreground">
                    <RatingStars rating={review.rating} size="sm" />
                    <time dateTime={review.date}>{formatReviewDate(review.date)}</time>
                  </p>
                </div>
              </div>
              <p className="mt-3 leading-relaxed break-words whitespace-pre-line text-foreground/90">{review.content}</p>
            </article>
          </li>
        ))}
      </ul>
    </div>
  );
}
