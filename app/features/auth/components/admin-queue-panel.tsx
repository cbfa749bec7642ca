import { BadgeCheck, Building2, ChevronRight, CreditCard, MessageSquareWarning, Shield } from "lucide-react";
import { Link } from "react-router";
import type { AdminQueueCounts } from "../admin-queues.server";

const QUEUES = [
  { key: "pendingListings", label: "Pending listings", to: "/admin?status=pending", icon: Building2 },
  { key: "reportedReviews", label: "Reported reviews", to: "/admin/reviews", icon: MessageSquareWarning },
  { key: "openClaims", label: "Open claims", to: "/admin/claims", icon: BadgeCheck },
  { key: "upgradeRequests", label: "Upgrade requests", to: "/admin/plans", icon: CreditCard },
] as const;

/** An admin's dashboard: what waits in each moderation queue, each linking to its /admin tab. */
export function AdminQueuePanel({ counts }: { counts: AdminQueueCounts }) {
  return (
    <section
      aria-labelledby="admin-queue-heading"
      className="rounded-3xl border bg-card p-6 shadow-card lg:col-span-3"
      data-testid="admin-queue"
    >
      <div className="flex flex-wrap items-center gap-3">
        <span
          aria-hidden="true"
          className="grid size-10 place-items-center rounded-xl bg-primary-soft text-accent-foreground"
        >
          <Shield className="size-5" />
        </span>
        <h2 id="admin-queue-heading" className="text-lg font-bold">
          Moderation queue
        </h2>
        <Link to="/admin" className="ml-auto text-sm font-semibold text-primary hover:underline">
          Open admin
        </Link>
      </div>
      <ul className="mt-5 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {QUEUES.map(({ key, label, to, icon: Icon }) => (
          <li key={key}>
            <Link
              to={to}
              className="flex items-center gap-3 rounded-2xl border p-4 transition-colors hover:bg-muted"
              data-testid={`queue-${key}`}
            >
              <Icon aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
              <span className="min-w-0 flex-1">
                <span className="block text-2xl font-extrabold tracking-tight tabular-nums">{counts[key]}</span>
                <span className="block text-sm text-muted-foreground">{label}</span>
              </span>
              <ChevronRight aria-hidden="true" className="size-5 text-muted-foreground" />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
