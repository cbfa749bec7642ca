import { EyeOff, Loader2, MessageSquareReply, Pencil, Star, Trash2 } from "lucide-react";
import { businessPath } from "~/lib/business-url";
import { Link, useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { RatingStars } from "~/components/ui/rating-stars";
import { Pagination } from "~/features/directory/components/pagination";
import { useHydrated } from "~/lib/use-hydrated";
import type { MyReview, MyReviewPage } from "../types";

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

/**
 * Delete posts to the business page's review action (the same rules as
 * there: only the author's own review). With JavaScript a fetcher keeps the
 * dashboard and its loader then shows the new count; without, the action
 * sends the visitor to the business page.
 */
function MyReviewItem({ review }: { review: MyReview }) {
  const fetcher = useFetcher<{ ok: boolean; error?: string }>({ key: `my-review-delete-${review.id}` });
  const hydrated = useHydrated();
  const deleting = fetcher.state !== "idle";
  const failed = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.error : null;
  const page = businessPath(review.business);
  return (
    <li className="grid gap-2 rounded-2xl border p-4" data-testid="my-review" hidden={deleting}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="min-w-0 font-semibold break-words">
          {review.business.published ? (
            <Link to={page} className="hover:text-primary hover:underline">
              {review.business.name}
            </Link>
          ) : (
            review.business.name
          )}
        </h3>
        <RatingStars rating={review.rating} size="sm" />
      </div>
      <p className="line-clamp-3 text-sm break-words whitespace-pre-line text-muted-foreground">{review.content}</p>
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
        <span>
          <time dateTime={review.date}>{dateFormat.format(new Date(review.date))}</time>
          {review.edited ? " · edited" : ""}
        </span>
        {review.hasReply ? (
          <span className="inline-flex items-center gap-1">
            <MessageSquareReply aria-hidden="true" className="size-3.5" /> The owner replied
          </span>
        ) : null}
        {review.hidden ? (
          <span className="inline-flex items-center gap-1 text-warning">
            <EyeOff aria-hidden="true" className="size-3.5" /> Hidden by a moderator
          </span>
        ) : null}
      </p>
      <div className="flex flex-wrap gap-2">
        {review.business.published ? (
          <Button asChild size="sm" variant="outline" aria-label={`Edit your review of ${review.business.name}`}>
            <Link to={`${page}#write-review`}>
              <Pencil aria-hidden="true" /> Edit
            </Link>
          </Button>
        ) : null}
        <fetcher.Form
          method="post"
          action={`/business/${review.business.id}/reviews`}
          onSubmit={(event) => {
            if (!window.confirm(`Delete your review of “${review.business.name}”? This can't be undone.`))
              event.preventDefault();
          }}
        >
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="reviewId" value={review.id} />
          {hydrated ? null : <input type="hidden" name="_nojs" value="1" />}
          <Button
            type="submit"
            size="sm"
            variant="ghost"
            className="text-destructive"
            disabled={deleting}
            aria-label={`Delete your review of ${review.business.name}`}
          >
            {deleting ? <Loader2 aria-hidden="true" className="animate-spin" /> : <Trash2 aria-hidden="true" />}
            Delete
          </Button>
        </fetcher.Form>
      </div>
      {failed ? (
        <p role="alert" className="text-sm text-destructive">
          {failed}
        </p>
      ) : null}
    </li>
  );
}

/** The dashboard's "My reviews": the user's reviews from the database, newest first, paged. */
export function MyReviewsPanel({
  reviews,
  hrefForPage,
}: {
  reviews: MyReviewPage | null;
  hrefForPage: (page: number) => string;
}) {
  const total = reviews?.total ?? 0;
  return (
    <section
      id="my-reviews"
      aria-labelledby="reviews-heading"
      className="flex flex-col rounded-3xl border bg-card p-6 shadow-card"
      data-testid="my-reviews-panel"
    >
      <div className="flex items-center gap-3">
        <span
          aria-hidden="true"
          className="grid size-10 place-items-center rounded-xl bg-primary-soft text-accent-foreground"
        >
          <Star className="size-5" />
        </span>
        <h2 id="reviews-heading" className="text-lg font-bold">
          My reviews
        </h2>
        <span className="ml-auto text-2xl font-extrabold tracking-tight" data-testid="my-reviews-count">
          {total}
        </span>
      </div>
      {reviews && reviews.items.length > 0 ? (
        <>
          <ul className="mt-6 grid grid-cols-[minmax(0,1fr)] gap-3" aria-label="Your reviews">
            {reviews.items.map((review) => (
              <MyReviewItem key={review.id} review={review} />
            ))}
          </ul>
          <Pagination page={reviews.page} pageCount={reviews.pageCount} hrefFor={hrefForPage} />
        </>
      ) : (
        <div className="mt-6 flex flex-1 flex-col items-center justify-center rounded-2xl border border-dashed px-6 py-10 text-center">
          <p className="font-semibold">No reviews yet</p>
          <p className="mt-1 max-w-xs text-sm text-muted-foreground">
            Share your experience to help neighbors find great places.
          </p>
          <Button asChild variant="outline" className="mt-5">
            <Link to="/search">Find a business</Link>
          </Button>
        </div>
      )}
    </section>
  );
}
