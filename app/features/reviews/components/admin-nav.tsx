import {
  BadgeCheck,
  Building2,
  CalendarDays,
  CreditCard,
  FileUp,
  Inbox,
  Mail,
  MessageSquareWarning,
  Newspaper,
} from "lucide-react";
import { Link } from "react-router";
import { cn } from "~/lib/utils";

export type AdminSection =
  "listings" | "import" | "claims" | "reviews" | "events" | "blog" | "messages" | "newsletter" | "plans";

/** The admin screen's tabs: listings (/admin), ownership claims, reviews, and the site's content (events, blog, contact messages, newsletter). */
export function AdminSectionNav({ current, className }: { current: AdminSection; className?: string }) {
  const tabs = [
    { id: "listings", to: "/admin", label: "Listings", icon: Building2 },
    { id: "import", to: "/admin/import", label: "Import", icon: FileUp },
    { id: "claims", to: "/admin/claims", label: "Claims", icon: BadgeCheck },
    { id: "reviews", to: "/admin/reviews", label: "Reviews", icon: MessageSquareWarning },
    { id: "events", to: "/admin/events", label: "Events", icon: CalendarDays },
    { id: "blog", to: "/admin/blog", label: "Blog", icon: Newspaper },
    { id: "messages", to: "/admin/messages", label: "Messages", icon: Inbox },
    { id: "newsletter", to: "/admin/newsletter", label: "Newsletter", icon: Mail },
    { id: "plans", to: "/admin/plans", label: "Plans", icon: CreditCard },
  ] as const;
  return (
    <nav aria-label="Admin sections" className={cn("min-w-0 border-b", className)}>
      {/* Scrolls on its own on a phone (min-w-0 lets the page grid keep it to the screen). */}
      <ul className="-mb-px flex gap-1 overflow-x-auto">
        {tabs.map(({ id, to, label, icon: Icon }) => (
          <li key={id}>
            <Link
              to={to}
              aria-current={current === id ? "page" : undefined}
              className="inline-flex items-center gap-2 border-b-2 whitespace-nowrap border-transparent px-3 py-2.5 text-sm font-semibold text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring aria-[current=page]:border-primary aria-[current=page]:text-foreground"
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
