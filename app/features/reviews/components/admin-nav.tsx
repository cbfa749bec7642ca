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
    <nav aria-label="Admin sections" className={cn("min-w-0 lg:border-b", className)}>
      {/* A grid of tabs below lg (three columns on a phone: nothing to scroll sideways), a tab bar above. */}
      <ul className="grid grid-cols-3 gap-1.5 sm:grid-cols-5 lg:-mb-px lg:flex lg:gap-1">
        {tabs.map(({ id, to, label, icon: Icon }) => (
          <li key={id} className="min-w-0">
            <Link
              to={to}
              aria-current={current === id ? "page" : undefined}
              className="flex h-10 items-center justify-center gap-1.5 rounded-lg border bg-card px-2 text-sm font-semibold whitespace-nowrap text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring aria-[current=page]:border-primary aria-[current=page]:bg-primary aria-[current=page]:text-primary-foreground lg:inline-flex lg:h-auto lg:gap-2 lg:rounded-none lg:border-0 lg:border-b-2 lg:border-transparent lg:bg-transparent lg:px-3 lg:py-2.5 lg:aria-[current=page]:border-primary lg:aria-[current=page]:bg-transparent lg:aria-[current=page]:text-foreground"
            >
              <Icon aria-hidden="true" className="size-4 shrink-0" />
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
