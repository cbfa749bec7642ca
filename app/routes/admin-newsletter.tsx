import { Download, MailCheck, MailQuestion, MailX } from "lucide-react";
import { Button } from "~/components/ui/button";
import { requireAdmin } from "~/features/auth/guards.server";
import { AdminShell } from "~/features/content/components/admin-shell";
import { subscriberCounts } from "~/features/content/newsletter.server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/admin-newsletter";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "Newsletter · Admin");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin({ request, context });
  return subscriberCounts(context.db);
}

/** /admin/newsletter: how many confirmed, pending and unsubscribed addresses; the confirmed ones as CSV. */
export default function AdminNewsletterPage({ loaderData }: Route.ComponentProps) {
  const stats = [
    { id: "confirmed", label: "Confirmed subscribers", value: loaderData.confirmed, icon: MailCheck },
    { id: "pending", label: "Waiting for confirmation", value: loaderData.pending, icon: MailQuestion },
    { id: "unsubscribed", label: "Unsubscribed", value: loaderData.unsubscribed, icon: MailX },
  ];
  return (
    <AdminShell
      section="newsletter"
      title="Newsletter"
      lead="Double opt-in: only confirmed addresses are exported, and every email carries an unsubscribe link."
    >
      <dl className="grid gap-4 sm:grid-cols-3">
        {stats.map(({ id, label, value, icon: Icon }) => (
          <div key={id} className="rounded-2xl border bg-card p-5 shadow-card">
            <dt className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
              <Icon aria-hidden="true" className="size-4" />
              {label}
            </dt>
            <dd className="mt-2 text-3xl font-extrabold tracking-tight tabular-nums" data-testid={`count-${id}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <div>
        <Button asChild>
          {/* A file download: a plain link, not a client-side navigation. */}
          <a href="/admin/newsletter/export" download>
            <Download aria-hidden="true" />
            Export confirmed subscribers (CSV)
          </a>
        </Button>
      </div>
    </AdminShell>
  );
}
