import { Clock } from "lucide-react";
import type { OpenStatus } from "../hours";
import { cn } from "~/lib/utils";

/**
 * "Open now · closes 10:00 PM" / "Closed · opens Tuesday 9:00 AM", computed on
 * the server in the business's own time zone.
 */
export function OpenStatusBadge({
  status,
  className,
  tone = "default",
}: {
  status: OpenStatus;
  className?: string;
  tone?: "default" | "overlay";
}) {
  const [head, ...rest] = status.label.split(" · ");
  const tail = rest.join(" · ");
  return (
    <span
      data-testid="open-status"
      data-open={status.isOpen ? "true" : "false"}
      className={cn(
        "inline-flex items-center gap-1.5 text-sm",
        tone === "overlay" ? "text-white/90" : "text-muted-foreground",
        className,
      )}
    >
      <Clock aria-hidden="true" className="size-3.5 shrink-0" />
      <span>
        <span
          className={cn(
            "font-semibold",
            status.isOpen
              ? tone === "overlay"
                ? "text-emerald-300"
                : "text-success"
              : tone === "overlay"
                ? "text-rose-200"
                : "text-destructive",
          )}
        >
          {head}
        </span>
        {tail ? ` · ${tail}` : null}
      </span>
    </span>
  );
}
