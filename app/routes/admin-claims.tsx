import { BadgeCheck } from "lucide-react";
import { AdminClaimCard } from "~/features/claims/components/admin-claim-card";
import { ActionNotice, AdminShell } from "~/features/content/components/admin-shell";
import { Pagination } from "~/features/directory/components/pagination";
import { pageMeta } from "~/lib/meta";
import { countLabel } from "~/lib/plural";
import type { Route } from "./+types/admin-claims";
import { adminClaimsAction, loadAdminClaims } from "./admin-claims.server";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "Claims · Admin");

export function loader(args: Route.LoaderArgs) {
  return loadAdminClaims(args);
}

export function action(args: Route.ActionArgs) {
  return adminClaimsAction(args);
}

/** /admin/claims: ownership claims, open ones first; approve, or refuse with a reason. */
export default function AdminClaimsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { items, open, page, pageCount } = loaderData;
  return (
    <AdminShell
      section="claims"
      title="Claims"
      lead={`Business owners asking to manage a listing that has no owner. ${countLabel(open, "open claim")}.`}
    >
      <ActionNotice answer={actionData} />
      {items.length === 0 ? (
        <div className="flex flex-col items-center rounded-2xl border border-dashed bg-card/60 px-6 py-14 text-center">
          <span
            aria-hidden="true"
            className="grid size-12 place-items-center rounded-full bg-muted text-muted-foreground"
          >
            <BadgeCheck className="size-6" />
          </span>
          <p className="mt-4 font-semibold">No claims yet</p>
          <p className="mt-1 text-sm text-muted-foreground">
            Claims filed with &ldquo;Own this business? Claim it&rdquo; show up here.
          </p>
        </div>
      ) : (
        <ul className="grid gap-4" aria-label="Claims">
          {items.map((claim) => (
            <AdminClaimCard key={claim.id} claim={claim} answer={actionData} />
          ))}
        </ul>
      )}
      <Pagination page={page} pageCount={pageCount} hrefFor={(p) => `/admin/claims${p > 1 ? `?page=${p}` : ""}`} />
    </AdminShell>
  );
}
