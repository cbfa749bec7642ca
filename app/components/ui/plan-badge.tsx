import { Crown, Sparkles } from "lucide-react";
import { PLAN_LABELS, type ListingPlan } from "~/lib/catalogue-basics";
import { cn } from "~/lib/utils";

/** Featured and Premium listings are marked on cards and the business page (issue 10); Basic has no badge. */
export function PlanBadge({ plan, className }: { plan: ListingPlan; className?: string }) {
  if (plan === "basic") return null;
  const Icon = plan === "premium" ? Crown : Sparkles;
  return (
    <span
      data-testid="plan-badge"
      className={cn(
        "inline-flex items-center gap-1 rounded-full px-2.5 py-1 text-xs font-semibold shadow-sm",
        plan === "premium" ? "bg-amber-300 text-amber-950" : "bg-primary text-primary-foreground",
        className,
      )}
    >
      <Icon aria-hidden="true" className="size-3.5" />
      {PLAN_LABELS[plan]}
    </span>
  );
}
