import { Check, CreditCard, X } from "lucide-react";
import { businessPath } from "~/lib/business-url";
import { Form, Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { ActionNotice, AdminShell } from "~/features/content/components/admin-shell";
import { PLAN_LABELS } from "~/lib/catalogue";
import { formatReviewDate } from "~/lib/dates";
import { pageMeta } from "~/lib/meta";
import { countLabel } from "~/lib/plural";
import type { Route } from "./+types/admin-plans";
import { adminPlansAction, loadAdminPlans } from "./admin-plans.server";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "Plans · Admin");

export function loader(args: Route.LoaderArgs) {
  return loadAdminPlans(args);
}

export function action(args: Route.ActionArgs) {
  return adminPlansAction(args);
}

const STATUS_LABEL = { open: "Waiting", granted: "Granted", refused: "Refused" } as const;

/** /admin/plans: grant or refuse owners' upgrade requests. */
export default function AdminPlansPage({ loaderData, actionData }: Route.ComponentProps) {
  const { items, open } = loaderData;
  return (
    <AdminShell
      section="plans"
      title="Plan Requests"
      lead={`Owners' upgrade requests, filed while card payments aren't set up. ${countLabel(open, "open request")}.`}
    >
      <ActionNotice answer={actionData} />
      {items.length === 0 ? (
        <div className="flex flex-col items-center rounded-2xl border border-dashed bg-card/60 px-6 py-14 text-center">
          <span
            aria-hidden="true"
            className="grid size-12 place-items-center rounded-full bg-muted text-muted-foreground"
          >
            <CreditCard className="size-6" />
          </span>
          <p className="mt-4 font-semibold">No plan requests</p>
          <p className="mt-1 text-sm text-muted-foreground">Upgrades owners ask for show up here.</p>
        </div>
      ) : (
        <ul className="grid gap-4" aria-label="Plan requests">
          {items.map((r) => (
            <li key={r.id} className="grid gap-3 rounded-2xl border bg-card p-5 shadow-card" data-testid="plan-request">
              <div className="flex flex-wrap items-center gap-2">
                <Badge variant={r.status === "open" ? "default" : "outline"}>{STATUS_LABEL[r.status]}</Badge>
                <Link
                  to={businessPath({ slug: r.businessSlug })}
                  className="min-w-0 truncate font-semibold hover:underline"
                >
                  {r.businessName}
                </Link>
                <time dateTime={r.createdAt} className="ml-auto text-xs text-muted-foreground">
                  {formatReviewDate(r.createdAt)}
                </time>
              </div>
              <p className="text-sm break-words">
                {r.fromPlan ? `${PLAN_LABELS[r.fromPlan]} → ` : null}
                <strong>{PLAN_LABELS[r.plan]}</strong>, billed {r.period === "annual" ? "annually" : "monthly"} · asked
                by {r.requestedBy}
              </p>
              {r.reason ? <p className="text-sm text-muted-foreground">Reason: {r.reason}</p> : null}
              {r.status === "open" ? (
                <div className="flex flex-wrap items-end gap-2 border-t pt-3">
                  <Form method="post">
                    <input type="hidden" name="requestId" value={r.id} />
                    <Button type="submit" size="sm" name="intent" value="grant" aria-label={`Grant: ${r.businessName}`}>
                      <Check aria-hidden="true" /> Grant
                    </Button>
                  </Form>
                  <Form method="post" className="flex flex-wrap items-end gap-2">
                    <input type="hidden" name="requestId" value={r.id} />
                    <div className="grid gap-1 text-xs font-medium">
                      <label htmlFor={`reason-${r.id}`}>Reason for refusing</label>
                      <Input id={`reason-${r.id}`} name="reason" required maxLength={500} className="h-8 w-56" />
                    </div>
                    <Button
                      type="submit"
                      size="sm"
                      variant="outline"
                      name="intent"
                      value="refuse"
                      aria-label={`Refuse: ${r.businessName}`}
                    >
                      <X aria-hidden="true" /> Refuse
                    </Button>
                  </Form>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </AdminShell>
  );
}
