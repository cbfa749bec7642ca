import { Pencil, ThumbsUp, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link, useFetcher } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/utils";
import type { ReviewView } from "../types";
import { LazyConfirmDialog as ConfirmDialog } from "./lazy-confirm-dialog";
import { formatReviewDate } from "~/lib/dates";
import { avatarTone, initialOf } from "./format";
import { OwnerReply, ReplyBlock } from "./owner-reply";
import { ReportButton } from "./report-button";
import { DELETE_REVIEW_FETCHER, type ReviewActionResult, type ReviewsSectionData } from "./section-data";
import { RatingStars } from "~/components/ui/rating-stars";
import { useActionResult } from "./use-action-result";
import { countLabel } from "~/lib/plural";
import { AuthorName } from "~/features/people/components/author-link";
import { ReviewPhotos } from "./review-photos";

/**
 * One review: initial, author, stars, date, "(edited)", the text as plain
 * text, the helpful count, the owner's reply, and what this viewer may do
 * (helpful and report; edit and delete their own; reply as the owner).
 */
export function ReviewItem({
  review,
  section,
  businessName,
  onEdit,
}: {
  review: ReviewView;
  section: ReviewsSectionData;
  businessName: string;
  onEdit: () => void;
}) {
  const { viewer, businessId } = section;
  const action = `/business/${businessId}/reviews`;
  const helpful = useFetcher<ReviewActionResult>();
  // Shared with the section, which shows the notice: this item is gone by then.
  const remover = useFetcher<ReviewActionResult>({ key: DELETE_REVIEW_FETCHER });
  const [confirming, setConfirming] = useState(false);

  useActionResult(helpful);
  useActionResult(remover, { silent: true, onError: () => setConfirming(false) });
  const deleting = remover.state !== "idle" && remover.formData?.get("reviewId") === review.id;

  // Optimistic: the button flips at once; the loaders confirm the count.
  const pending = helpful.formData?.get("intent") === "helpful";
  const pressed = pending ? !review.viewerFoundHelpful : review.viewerFoundHelpful;
  const count = review.helpfulCount + (pending ? (pressed ? 1 : -1) : 0);
  const countText = count > 0 ? ` (${count})` : "";
  const helpfulClass = "gap-1.5 text-muted-foreground aria-pressed:bg-primary-soft aria-pressed:text-accent-foreground";

  return (
    <article
      id={`review-${review.id}`}
      aria-labelledby={`review-${review.id}-author`}
      className="scroll-mt-24 py-6"
      data-testid="review"
      data-review-id={review.id}
      tabIndex={-1}
    >
      <header className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className={cn(
            "grid size-11 shrink-0 place-items-center rounded-full text-base font-bold",
            avatarTone(review.author),
          )}
          data-testid="review-avatar"
        >
          {initialOf(review.author)}
        </span>
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <AuthorName
              id={`review-${review.id}-author`}
              author={review.author}
              handle={review.authorHandle}
              className="font-semibold break-words"
              testId="review-author"
            />
            {review.mine ? <Badge variant="soft">Your review</Badge> : null}
          </p>
          <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
            <RatingStars rating={review.rating} size="sm" />
            <time dateTime={review.date}>{formatReviewDate(review.date)}</time>
            {review.edited ? <span data-testid="review-edited">(edited)</span> : null}
          </p>
        </div>
      </header>

      <div className="sm:pl-14">
        <p
          className="mt-3 leading-relaxed break-words whitespace-pre-line text-foreground/90"
          data-testid="review-content"
        >
          {review.content}
        </p>

        <ReviewPhotos review={review} signedIn={!!viewer} />

        <div className="mt-3 -ml-2 flex flex-wrap items-center gap-1">
          {review.mine ? (
            <>
              {review.helpfulCount > 0 ? (
                <span className="inline-flex h-9 items-center gap-1.5 px-2 text-sm text-muted-foreground">
                  <ThumbsUp aria-hidden="true" className="size-4" />
                  {`${countLabel(review.helpfulCount, "person", "people")} found this helpful`}
                </span>
              ) : null}
              <Button variant="ghost" size="sm" onClick={onEdit}>
                <Pencil aria-hidden="true" />
                Edit
              </Button>
              <Button
                variant="ghost"
                size="sm"
                className="text-destructive hover:text-destructive"
                onClick={() => setConfirming(true)}
              >
                <Trash2 aria-hidden="true" />
                Delete
              </Button>
              <ConfirmDialog
                open={confirming}
                onOpenChange={setConfirming}
                title="Delete your review?"
                description={`Your review of ${businessName} will be removed for good, and the rating will be updated.`}
                confirmLabel="Delete Review"
                busy={deleting}
                onConfirm={() =>
                  void remover.submit({ intent: "delete", reviewId: review.id }, { method: "post", action })
                }
              />
            </>
          ) : viewer ? (
            <>
              <helpful.Form method="post" action={action}>
                <input type="hidden" name="intent" value="helpful" />
                <input type="hidden" name="reviewId" value={review.id} />
                <Button
                  type="submit"
                  variant="ghost"
                  size="sm"
                  aria-pressed={pressed}
                  className={helpfulClass}
                  data-testid="helpful-button"
                >
                  <ThumbsUp aria-hidden="true" className={cn(pressed && "fill-current")} />
                  Helpful{countText}
                </Button>
              </helpful.Form>
              <ReportButton businessId={businessId} reviewId={review.id} author={review.author} />
            </>
          ) : (
            <Button asChild variant="ghost" size="sm" className={helpfulClass}>
              <Link to={section.signInHref.reviews} data-testid="helpful-button">
                <ThumbsUp aria-hidden="true" />
                Helpful{countText}
                <span className="sr-only"> (sign in to mark reviews helpful)</span>
              </Link>
            </Button>
          )}
        </div>

        {viewer?.isOwner ? (
          <OwnerReply businessId={businessId} review={review} businessName={businessName} />
        ) : review.reply ? (
          <ReplyBlock reply={review.reply} businessName={businessName} />
        ) : null}
      </div>
    </article>
  );
}
