import { Star } from "lucide-react";
import { formatRating } from "~/lib/rating";
import { cn } from "~/lib/utils";

const SIZES = { xs: "size-3.5", sm: "size-4", md: "size-4.5", lg: "size-5", xl: "size-6" } as const;

/**
 * Five read-only stars filled up to the rating (partly filled for fractions,
 * e.g. 4.3 shows four full stars and a third of the fifth). One accessible
 * image: screen readers hear "Rated 4.3 out of 5".
 */
export function RatingStars({
  rating,
  size = "md",
  className,
}: {
  rating: number;
  size?: keyof typeof SIZES;
  className?: string;
}) {
  const clamped = Math.max(0, Math.min(5, rating));
  const starSize = SIZES[size];
  return (
    <span
      role="img"
      aria-label={`Rated ${formatRating(clamped)} out of 5`}
      className={cn("inline-flex items-center gap-0.5", className)}
      data-rating={formatRating(clamped)}
    >
      {Array.from({ length: 5 }, (_, i) => {
        const fill = Math.max(0, Math.min(1, clamped - i));
        return (
          <span
            key={i}
            aria-hidden="true"
            className={cn("relative inline-block", starSize)}
            data-star-fill={fill > 0.99 ? "full" : fill > 0 ? "partial" : "empty"}
          >
            <Star className={cn("absolute inset-0 fill-muted text-muted-foreground/30", starSize)} strokeWidth={1.5} />
            {fill > 0 ? (
              <span className="absolute inset-0 overflow-hidden" style={{ width: `${Math.round(fill * 100)}%` }}>
                <Star className={cn("fill-amber-400 text-amber-500", starSize)} strokeWidth={1.5} />
              </span>
            ) : null}
          </span>
        );
      })}
    </span>
  );
}
