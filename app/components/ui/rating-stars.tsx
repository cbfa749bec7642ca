import type { CSSProperties } from "react";
import { formatRating } from "~/lib/rating";
import { cn } from "~/lib/utils";

const SIZES = {
  xs: "[--star-size:0.875rem]",
  sm: "[--star-size:1rem]",
  md: "[--star-size:1.125rem]",
  lg: "[--star-size:1.25rem]",
  xl: "[--star-size:1.5rem]",
} as const;

/**
 * Five read-only stars filled up to the rating (partly filled for fractions,
 * e.g. 4.3 shows four full stars and a third of the fifth). One accessible
 * image: screen readers hear "Rated 4.3 out of 5".
 *
 * One element drawn by CSS (`.rating-stars` in app.css: a star mask over a two-colour gradient) rather than ten
 * SVG icons: a business page shows a hundred stars, and as icons they were half of its HTML and of its render time
 * (docs/performance.md).
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
  const shown = formatRating(clamped);
  const full = Math.floor(clamped);
  const style = { "--stars-full": full, "--stars-part": (clamped - full).toFixed(2) } as CSSProperties;
  return (
    <span
      role="img"
      aria-label={`Rated ${shown} out of 5`}
      className={cn("rating-stars", SIZES[size], className)}
      data-rating={shown}
      style={style}
    />
  );
}
