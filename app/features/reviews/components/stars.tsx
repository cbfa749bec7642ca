import { Star } from "lucide-react";
import { cn } from "~/lib/utils";

/** "4.25" → "4.3": the spec's one decimal. */
export function formatAverage(value: number) {
  return (Math.round(value * 10) / 10).toFixed(1);
}

/**
 * Five read-only stars filled up to the value (a fraction fills part of a
 * star). One image for screen readers: "Rated 4.3 out of 5".
 */
export function Stars({ value, size = "md", className }: { value: number; size?: "sm" | "md" | "lg"; className?: string }) {
  const clamped = Math.max(0, Math.min(5, value));
  const starSize = size === "lg" ? "size-6" : size === "sm" ? "size-4" : "size-5";
  return (
    <span role="img" aria-label={`Rated ${formatAverage(clamped)} out of 5`} className={cn("inline-flex items-center gap-0.5", className)}>
      {Array.from({ length: 5 }, (_, i) => {
        const fill = Math.max(0, Math.min(1, clamped - i));
        return (
          <span key={i} aria-hidden="true" className={cn("relative inline-block", starSize)}>
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
