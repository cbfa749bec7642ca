import { Download, MailCheck, MailQuestion, MailX, PenLine } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { AdminShell } from "~/features/content/components/admin-shell";
import { formatReviewDate } from "~/lib/dates";
import { pageMeta } from "~/lib/meta";
import { countLabel } from "~/lib/plural";
import type { Route } from "./+types/admin-newsletter";
import { loadAdminNewsletter } from "./admin-newsletter.server";
import { retryAfterHeaders } from "~/lib/route-headers";

/** A 429 from the action keeps its Retry-After on a document response. */
export const headers = retryAfterHeaders;

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "Newsletter · Admin");

export function loader({ request, context }: Route.LoaderArgs) {
  return loadAdminNewsletter({ request, context });
}

const STATUS_LABEL = { draft: "Draft", sending: "Sending", sent: "Sent" } as const;
const day = (d: Date | string) => formatReviewDate(new Date(d).toISOString());

/**
 * /admin/newsletter: Subscribers (confirmed, pending and unsubscribed counts; the confirmed ones as CSV) and Issues
 * (write one, and every issue with its date, subject and recipients).
 */
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
      lead="Double opt-in: only confirmed addresses get an issue or the export, and every email carries an unsubscribe link."
    >
      <section aria-labelledby="subscribers-heading" className="grid gap-4">
        <h2 id="subscribers-heading" className="text-xl font-bold tracking-tight">
          Subscribers
        </h2>
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
          <Button asChild variant="outline">
            {/* A file download: a plain link, not a client-side navigation. */}
            <a href="/admin/newsletter/export" download>
              <Download aria-hidden="true" />
              Export confirmed subscribers (CSV)
            </a>
          </Button>
        </div>
      </section>
      <section id="issues" aria-labelledby="issues-heading" className="grid gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="issues-heading" className="text-xl font-bold tracking-tight">
            Issues
          </h2>
          <Button asChild>
            <Link to="/admin/newsletter/issues/new">
              <PenLine aria-hidden="true" /> Write an issue
            </Link>
          </Button>
        </div>
        {loaderData.issues.length ? (
          <ul className="grid gap-3">
            {loaderData.issues.map((issue) => (
              <li
                key={issue.id}
                data-testid="newsletter-issue"
                className="flex flex-wrap items-center gap-x-4 gap-y-1 rounded-2xl border bg-card px-5 py-4 shadow-card"
              >
                <Link
                  to={`/admin/newsletter/issues/${issue.id}`}
                  className="min-w-0 flex-1 font-semibold break-words hover:underline"
                >
                  {issue.subject}
                </Link>
                <span className="text-sm text-muted-foreground">
                  {issue.status === "sent" && issue.sentAt
                    ? `Sent ${day(issue.sentAt)} to ${countLabel(issue.recipientCount, "subscriber")}`
                    : `Edited ${day(issue.updatedAt)}`}
                </span>
                <Badge variant={issue.status === "sent" ? "default" : "secondary"}>{STATUS_LABEL[issue.status]}</Badge>
              </li>
            ))}
          </ul>
        ) : (
          <p className="rounded-2xl border border-dashed bg-card px-5 py-6 text-sm text-muted-foreground">
            No issues yet. Write the first one: it goes to every confirmed subscriber.
          </p>
        )}
      </section>
    </AdminShell>
  );
}
