import { Ban, EyeOff, type LucideIcon, Flag, Loader2, RotateCcw, Trash2 } from "lucide-react";
import { businessPath } from "~/lib/business-url";
import { useState } from "react";
import { Link, useFetcher } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/utils";
import type { ReportedReview } from "../types";
import { MODERATION_FETCHER, type ModerationResult } from "./admin-data";
import { ConfirmDialog } from "./confirm-dialog";
import { formatReviewDate } from "~/lib/dates";
import { avatarTone, initialOf } from "./format";
import { RatingStars } from "~/components/ui/rating-stars";
import { useActionResult } from "./use-action-result";
import { countLabel } from "~/lib/plural";

type Action = "hide" | "restore" | "delete" | "dismiss";

/** One review in the admin's Reviews tab: the review, its reports (reasons and dates), and the moderation buttons. */
export function ModerationCard({ review }: { review: ReportedReview }) {
  // Shared with the page, which shows the notices: this card leaves the list when it works.
  const fetcher = useFetcher<ModerationResult>({ key: MODERATION_FETCHER });
  const [confirmDelete, setConfirmDelete] = useState(false);
  const busy = fetcher.state !== "idle";
  const busyWith =
    busy && fetcher.formData?.get("reviewId") === review.id ? (fetcher.formData.get("intent") as Action) : undefined;
  useActionResult(fetcher, { silent: true, onError: () => setConfirmDelete(false) });

  const submit = (intent: Action) => void fetcher.submit({ intent, reviewId: review.id }, { method: "post" });
  const hidden = review.status === "hidden";
  const open = review.reports.length;

  const button = (
    intent: Action,
    label: string,
    Icon: LucideIcon,
    variant: "outline" | "ghost" | "default" = "outline",
  ) => (
    <Button size="sm" variant={variant} onClick={() => submit(intent)} disabled={busy}>
      {busyWith === intent ? <Loader2 aria-hidden="true" className="animate-spin" /> : <Icon aria-hidden="true" />}
      {label}
    </Button>
  );

  return (
    <article
      aria-labelledby={`mod-${review.id}`}
      className={cn(
        "grid gap-4 rounded-2xl border bg-card p-5 shadow-card transition-opacity",
        busyWith && "opacity-70",
      )}
      data-testid="moderation-card"
      data-review-id={review.id}
    >
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 items-center gap-3">
          <span
            aria-hidden="true"
            className={cn("grid size-10 shrink-0 place-items-center rounded-full font-bold", avatarTone(review.author))}
          >
            {initialOf(review.author)}
          </span>
          <div className="min-w-0">
            <h3 id={`mod-${review.id}`} className="font-semibold break-words">
              {review.author} <span className="font-normal text-muted-foreground">on</span>{" "}
              <Link
                to={businessPath({ slug: review.businessSlug }, "reviews")}
                className="text-primary hover:underline"
              >
                {review.businessName}
              </Link>
            </h3>
            <p className="mt-0.5 flex flex-wrap items-center gap-x-2 text-sm text-muted-foreground">
              <RatingStars rating={review.rating} size="sm" />
              <time dateTime={review.date}>{formatReviewDate(review.date)}</time>
            </p>
          </div>
        </div>
        <div className="flex gap-2">
          {hidden ? (
            <Badge variant="outline" className="border-warning/40 text-warning">
              <EyeOff aria-hidden="true" /> Hidden
            </Badge>
          ) : null}
          {open > 0 && !hidden ? (
            <Badge variant="outline" className="border-destructive/40 text-destructive">
              <Flag aria-hidden="true" /> {countLabel(open, "report")}
            </Badge>
          ) : null}
        </div>
      </header>

      <p
        className="leading-relaxed break-words whitespace-pre-line text-foreground/90"
        data-testid="moderation-content"
      >
        {review.content}
      </p>

      {review.reports.length > 0 ? (
        <div className="rounded-xl bg-muted/60 p-4">
          <h4 className="text-xs font-bold tracking-wider text-muted-foreground uppercase">
            {hidden ? "Reports" : "Why it was reported"}
          </h4>
          <ul className="mt-2 grid gap-2" data-testid="report-reasons">
            {review.reports.map((r, i) => (
              <li
                key={`${r.date}-${i}`}
                className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5 text-sm"
              >
                <span className="break-words">“{r.reason}”</span>
                <time dateTime={r.date} className="shrink-0 text-xs text-muted-foreground">
                  {formatReviewDate(r.date)}
                </time>
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      <div className="flex flex-wrap gap-2 border-t pt-4">
        {hidden ? button("restore", "Restore", RotateCcw, "default") : button("hide", "Hide", EyeOff, "default")}
        {!hidden ? button("dismiss", "Dismiss", Ban) : null}
        <Button
          size="sm"
          variant="ghost"
          className="text-destructive hover:text-destructive sm:ml-auto"
          onClick={() => setConfirmDelete(true)}
          disabled={busy}
        >
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      </div>
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title="Delete this review?"
        description={`${review.author}'s review of ${review.businessName} will be removed for good, and the business's rating updated. Hiding it instead can be undone.`}
        confirmLabel="Delete Review"
        busy={busyWith === "delete"}
        onConfirm={() => submit("delete")}
      />
    </article>
  );
}
