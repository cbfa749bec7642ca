import { Star } from "lucide-react";
import { useState } from "react";
import { useHydrated } from "~/lib/use-hydrated";
import { cn } from "~/lib/utils";
import { countLabel } from "~/lib/plural";

export const RATING_WORDS = ["", "Poor", "Fair", "Good", "Very good", "Excellent"] as const;

export function starsLabel(n: number) {
  return countLabel(n, "star");
}

/**
 * 1–5 stars as a native radio group: arrow keys move and choose, Tab leaves,
 * and it posts with the form even before JavaScript runs. Each radio is
 * named "4 stars" for screen readers; hovering previews the choice.
 */
export function StarInput({
  name,
  value,
  onChange,
  error,
  errorId,
  legendId,
  autoFocusRef,
}: {
  name: string;
  value: number;
  onChange: (value: number) => void;
  error?: string;
  errorId: string;
  legendId: string;
  autoFocusRef?: React.Ref<HTMLInputElement>;
}) {
  const [hover, setHover] = useState(0);
  const hydrated = useHydrated();
  const shown = hover || value;
  return (
    <fieldset
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
      className="grid gap-2"
    >
      <legend id={legendId} className="mb-2 text-sm font-semibold">
        Your rating
      </legend>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <div className="-ml-1 flex" onMouseLeave={() => setHover(0)} data-testid="star-input">
          {[1, 2, 3, 4, 5].map((n) => (
            <label
              key={n}
              onMouseEnter={() => setHover(n)}
              className={cn(
                "group relative cursor-pointer p-1",
                // Before hydration the fill follows :checked through CSS alone.
                !hydrated &&
                  "[&:has(input:checked)_svg]:fill-amber-400 [&:has(input:checked)_svg]:text-amber-500 [&:has(~label_input:checked)_svg]:fill-amber-400 [&:has(~label_input:checked)_svg]:text-amber-500",
              )}
            >
              <input
                ref={n === 1 ? autoFocusRef : undefined}
                type="radio"
                name={name}
                value={n}
                checked={value === n}
                onChange={() => onChange(n)}
                required
                className="peer sr-only"
              />
              <span className="sr-only">{starsLabel(n)}</span>
              <span
                aria-hidden="true"
                className="grid place-items-center rounded-md transition-transform duration-100 group-hover:scale-110 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring"
              >
                <Star
                  className={cn(
                    "size-9 transition-colors sm:size-8",
                    n <= shown ? "fill-amber-400 text-amber-500" : "fill-transparent text-muted-foreground/50",
                  )}
                  strokeWidth={1.5}
                />
              </span>
            </label>
          ))}
        </div>
        <span
          className="min-w-20 text-sm font-medium text-muted-foreground"
          aria-hidden="true"
          data-testid="rating-word"
        >
          {shown ? RATING_WORDS[shown] : "Select a rating"}
        </span>
      </div>
      {error ? (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
