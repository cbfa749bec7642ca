import { cn } from "~/lib/utils";
import { formatCount } from "~/lib/plural";
import { shortDay } from "../format";
import type { StatDay } from "../types";

/**
 * A round, even top for the y axis (its middle line is a whole number): 4, 6, 8, 10, 20, 30, 40 … at or above
 * `max`, at least 4 so small counts look small.
 */
export function niceMax(max: number) {
  if (max <= 4) return 4;
  const step = 10 ** Math.floor(Math.log10(max));
  for (const m of [1, 2, 3, 4, 5, 6, 8, 10]) if (m * step >= max && (m * step) % 2 === 0) return m * step;
  return 10 * step;
}

/**
 * Which of `n` days get a label: the last (today) and every `step`-th day before it, so the labels are evenly
 * spaced and fall on the same weekday. The step is the first of 1, 2, 7, 14, 28, 56 … that keeps to `max` labels
 * (each label is centred under its day, so equal steps are equal distances). Indices in ascending order.
 */
export function dayTicks(n: number, max: number): number[] {
  if (n <= 0) return [];
  const limit = Math.max(1, max);
  const count = (step: number) => Math.floor((n - 1) / step) + 1;
  let step = count(1) <= limit ? 1 : 2;
  if (count(step) > limit) for (step = 7; count(step) > limit;) step *= 2;
  const ticks: number[] = [];
  for (let i = n - 1; i >= 0; i -= step) ticks.unshift(i);
  return ticks;
}

const H = 100;

/**
 * Page views per day as bars and clicks as a line, drawn on the server as SVG (no chart library, nothing to load).
 * The SVG is one image with a summary for screen readers; the numbers themselves are in the table below it.
 */
export function StatsChart({ series, summary }: { series: StatDay[]; summary: string }) {
  const n = series.length;
  const top = niceMax(Math.max(0, ...series.map((d) => Math.max(d.views, d.clicks))));
  const slot = 10;
  const width = n * slot;
  const gap = n > 40 ? 2 : n > 10 ? 3 : 4;
  const y = (v: number) => H - (v / top) * H;
  const line = series.map((d, i) => `${i === 0 ? "M" : "L"}${i * slot + slot / 2},${y(d.clicks)}`).join(" ");
  const ticks = [top, top / 2, 0];
  // Today and every step-th day before it: at most seven labels on a desktop, four on a phone, evenly spaced.
  const wide = new Set(dayTicks(n, 7));
  const narrow = new Set(dayTicks(n, 4));
  const labelled = series.map((d, i) => ({ ...d, i })).filter((d) => wide.has(d.i) || narrow.has(d.i));

  return (
    <figure className="grid gap-3">
      <div className="flex flex-wrap items-center gap-x-5 gap-y-1 text-sm text-muted-foreground" aria-hidden="true">
        <span className="inline-flex items-center gap-2">
          <span className="size-3 rounded-sm bg-primary" /> Page views
        </span>
        <span className="inline-flex items-center gap-2">
          <span className="h-0.5 w-4 rounded-full bg-warning" /> Clicks
        </span>
      </div>
      <div className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3">
        <div
          className="flex h-48 flex-col justify-between text-right text-xs text-muted-foreground tabular-nums sm:h-56"
          aria-hidden="true"
        >
          {ticks.map((t) => (
            <span key={t} className="-my-2 leading-4">
              {formatCount(t)}
            </span>
          ))}
        </div>
        <div className="relative h-48 border-b border-l border-border sm:h-56">
          <div className="pointer-events-none absolute inset-x-0 top-0 border-t border-dashed border-border" />
          <div className="pointer-events-none absolute inset-x-0 top-1/2 border-t border-dashed border-border" />
          <svg
            role="img"
            aria-label={summary}
            viewBox={`0 0 ${width} ${H}`}
            preserveAspectRatio="none"
            className="absolute inset-0 size-full overflow-visible"
            data-testid="stats-chart"
          >
            {series.map((d, i) =>
              d.views > 0 ? (
                <rect
                  key={d.day}
                  x={i * slot + gap / 2}
                  y={y(d.views)}
                  width={slot - gap}
                  height={H - y(d.views)}
                  rx={1}
                  className="fill-primary"
                />
              ) : null,
            )}
            <path
              d={line}
              fill="none"
              className="stroke-warning"
              strokeWidth={2}
              strokeLinejoin="round"
              strokeLinecap="round"
              vectorEffect="non-scaling-stroke"
            />
          </svg>
        </div>
        <div />
        <div className="relative mt-2 h-4 text-xs text-muted-foreground" aria-hidden="true">
          {labelled.map((d) => (
            <span
              key={d.day}
              className={cn(
                "absolute -translate-x-1/2 whitespace-nowrap",
                !narrow.has(d.i) && "hidden sm:inline",
                !wide.has(d.i) && "sm:hidden",
              )}
              style={{ left: `${((d.i + 0.5) / n) * 100}%` }}
            >
              {shortDay(d.day)}
            </span>
          ))}
        </div>
      </div>
    </figure>
  );
}
