import { Minus, Sparkles, TrendingDown, TrendingUp } from "lucide-react";
import { STAT_LABELS } from "~/lib/listing-stats";
import { cn } from "~/lib/utils";
import { formatCount } from "~/lib/plural";
import { changeLabel } from "../format";
import type { StatKey, StatTotal } from "../types";

const TONE = {
  up: { icon: TrendingUp, className: "bg-success/12 text-success", words: "up" },
  down: { icon: TrendingDown, className: "bg-destructive/10 text-destructive", words: "down" },
  flat: { icon: Minus, className: "bg-muted text-muted-foreground", words: "" },
  new: { icon: Sparkles, className: "bg-primary-soft text-primary-strong", words: "" },
} as const;

/** One metric: this period's total and its change against the period before. */
function StatCard({ metric, total, days }: { metric: StatKey; total: StatTotal; days: number }) {
  const change = changeLabel(total);
  const tone = TONE[change.tone];
  const Icon = tone.icon;
  return (
    <li
      className={cn(
        "grid content-start gap-2 rounded-2xl border bg-card p-4 shadow-card",
        // Page views lead: a wider card on phones and tablets, a tall one beside the other six on desktops.
        metric === "views" &&
          "col-span-2 border-primary/40 sm:col-span-3 lg:col-span-1 lg:row-span-2 lg:content-center lg:p-6",
      )}
      data-testid={`stat-${metric}`}
    >
      <h3 className="text-sm font-medium text-muted-foreground">{STAT_LABELS[metric]}</h3>
      <p
        className={cn("text-3xl font-bold tracking-tight tabular-nums", metric === "views" && "lg:text-5xl")}
        data-testid="stat-value"
      >
        {formatCount(total.current)}
      </p>
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
        <span
          className={cn("inline-flex items-center gap-1 rounded-full px-2 py-0.5 font-semibold", tone.className)}
          data-testid="stat-change"
        >
          <Icon aria-hidden="true" className="size-3.5" />
          {tone.words ? <span className="sr-only">{tone.words} </span> : null}
          {change.text}
        </span>
        <span>
          vs {formatCount(total.previous)} the {days} days before
        </span>
      </p>
    </li>
  );
}

const ORDER: StatKey[] = ["views", "search_appearance", "call", "website", "directions", "share", "book"];

export function StatCards({ totals, days }: { totals: Record<StatKey, StatTotal>; days: number }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" aria-label="Totals">
      {ORDER.map((metric) => (
        <StatCard key={metric} metric={metric} total={totals[metric]} days={days} />
      ))}
    </ul>
  );
}
