import { Star } from "lucide-react";
import type { ReviewSummary } from "../types";
import { reviewCountLabel } from "~/lib/plural";
import { RatingStars } from "~/components/ui/rating-stars";
import { formatRating } from "~/lib/rating";
import { countLabel } from "~/lib/plural";
import { cn } from "~/lib/utils";

/** The average with stars and the count, and the 5★…1★ spread as bars. */
export function ReviewSummaryPanel({ summary, action }: { summary: ReviewSummary; action: React.ReactNode | null }) {
  const rows = [5, 4, 3, 2, 1].map((stars) => {
    const n = summary.distribution[stars - 1] ?? 0;
    return { stars, n, pct: summary.count ? Math.round((n / summary.count) * 100) : 0 };
  });
  return (
    <div
      className={cn(
        "grid gap-6 rounded-2xl border bg-card p-5 shadow-card sm:grid-cols-[auto_minmax(0,1fr)] sm:p-6 lg:items-center",
        action && "lg:grid-cols-[auto_minmax(0,1fr)_auto]",
      )}
      data-testid="reviews-summary"
    >
      <div className="flex items-center gap-4 sm:block sm:pr-6 sm:text-left">
        <p className="text-5xl font-extrabold tracking-tight tabular-nums sm:text-6xl" data-testid="reviews-average">
          {formatRating(summary.average)}
        </p>
        <div>
          <RatingStars rating={summary.average} size="lg" className="sm:mt-2" />
          <p className="mt-1 text-sm font-medium text-muted-foreground" data-testid="reviews-count">
            {reviewCountLabel(summary.count)}
          </p>
        </div>
      </div>
      <ul className="grid gap-2" aria-label="Rating distribution" data-testid="rating-distribution">
        {rows.map(({ stars, n, pct }) => (
          <li key={stars} className="flex items-center gap-3 text-sm">
            <span className="sr-only">{`${countLabel(stars, "star")}: ${countLabel(n, "review")} (${pct}%)`}</span>
            <span aria-hidden="true" className="flex w-8 shrink-0 items-center gap-1 font-semibold tabular-nums">
              {stars}
              <Star className="size-3.5 fill-amber-400 text-amber-500" strokeWidth={1.5} />
            </span>
            <span aria-hidden="true" className="h-2.5 flex-1 overflow-hidden rounded-full bg-muted">
              <span
                className="block h-full rounded-full bg-amber-400 transition-[width] duration-500"
                style={{ width: `${pct}%` }}
              />
            </span>
            <span aria-hidden="true" className="w-9 shrink-0 text-right text-muted-foreground tabular-nums">
              {n}
            </span>
          </li>
        ))}
      </ul>
      {action ? <div className="sm:col-span-2 lg:col-span-1 lg:pl-4">{action}</div> : null}
    </div>
  );
}
