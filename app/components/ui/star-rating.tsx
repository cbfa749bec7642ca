import { Star } from "lucide-react";
import { cn } from "~/lib/utils";

/**
 * Read-only 5-star rating: stars are filled up to the (rounded) rating, and
 * screen readers hear "Rated 4.5 out of 5".
 */
export function StarRating({
  value,
  max = 5,
  className,
  starClassName,
}: {
  value: number;
  max?: number;
  className?: string;
  starClassName?: string;
}) {
  const filled = Math.round(value);
  return (
    <span className={cn("inline-flex items-center gap-0.5", className)}>
      <span className="sr-only">{`Rated ${value.toFixed(1)} out of ${max}`}</span>
      {Array.from({ length: max }, (_, i) => (
        <Star
          key={i}
          aria-hidden="true"
          className={cn(
            "size-4",
            i < filled ? "fill-amber-400 text-amber-400" : "fill-muted text-muted-foreground/40",
            starClassName,
          )}
        />
      ))}
    </span>
  );
}
