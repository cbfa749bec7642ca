import { Building2, MessageSquareWarning } from "lucide-react";
import { Link } from "react-router";
import { cn } from "~/lib/utils";

/** The admin screen's tabs: business listings (/admin) and reviews (/admin/reviews). */
export function AdminSectionNav({ current, className }: { current: "listings" | "reviews"; className?: string }) {
  const tabs = [
    { id: "listings", to: "/admin", label: "Listings", icon: Building2 },
    { id: "reviews", to: "/admin/reviews", label: "Reviews", icon: MessageSquareWarning },
  ] as const;
  return (
    <nav aria-label="Admin sections" className={cn("border-b", className)}>
      <ul className="-mb-px flex gap-1">
        {tabs.map(({ id, to, label, icon: Icon }) => (
          <li key={id}>
            <Link
              to={to}
              aria-current={current === id ? "page" : undefined}
              className="inline-flex items-center gap-2 border-b-2 border-transparent px-3 py-2.5 text-sm font-semibold text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring aria-[current=page]:border-primary aria-[current=page]:text-foreground"
            >
              <Icon aria-hidden="true" className="size-4" />
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
