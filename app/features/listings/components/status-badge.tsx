import { CircleCheck, CircleSlash, Clock3, OctagonX } from "lucide-react";
import { cn } from "~/lib/utils";
import { STATUS_LABELS, type ListingStatus } from "../../../lib/catalogue";

const STYLES: Record<ListingStatus, { className: string; icon: typeof Clock3 }> = {
  pending: {
    className:
      "border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-400/30 dark:bg-amber-400/15 dark:text-amber-200",
    icon: Clock3,
  },
  published: { className: "bg-success/12 text-success border-success/25", icon: CircleCheck },
  rejected: { className: "bg-destructive/10 text-destructive border-destructive/25", icon: OctagonX },
  suspended: { className: "bg-muted text-muted-foreground border-border", icon: CircleSlash },
};

/** A listing's moderation status; the word is always shown (colour is never the only cue). */
export function StatusBadge({ status, className }: { status: ListingStatus; className?: string }) {
  const { className: tone, icon: Icon } = STYLES[status];
  return (
    <span
      data-testid="status-badge"
      className={cn(
        "inline-flex w-fit shrink-0 items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-semibold",
        tone,
        className,
      )}
    >
      <Icon aria-hidden="true" className="size-3.5" />
      {STATUS_LABELS[status]}
    </span>
  );
}
