import { Badge } from "~/components/ui/badge";
import { formatReviewDate } from "~/lib/dates";
import { CLAIM_METHOD_LABELS, CLAIM_STATUS_LABELS } from "../schema";
import type { ClaimItem } from "../types";

const STATUS_VARIANT = { open: "soft", approved: "success", refused: "outline" } as const;

/** A claim's status as its claimant sees it: pending, approved, or refused with the admin's reason. */
export function ClaimStatusBadge({ status }: { status: ClaimItem["status"] }) {
  return <Badge variant={STATUS_VARIANT[status]}>{CLAIM_STATUS_LABELS[status]}</Badge>;
}

/** One of the claimant's claims: status, when, how they asked to be verified, and the admin's reason. */
export function ClaimCard({ claim }: { claim: ClaimItem }) {
  return (
    <article className="grid gap-2 rounded-2xl border bg-card p-5 shadow-card" data-testid="my-claim">
      <div className="flex flex-wrap items-center gap-2">
        <ClaimStatusBadge status={claim.status} />
        <span className="text-sm text-muted-foreground">
          Sent <time dateTime={claim.createdAt}>{formatReviewDate(claim.createdAt)}</time>
        </span>
      </div>
      <p className="text-sm break-words whitespace-pre-line">{claim.note}</p>
      <p className="text-sm text-muted-foreground break-all">
        {CLAIM_METHOD_LABELS[claim.verificationMethod]}: {claim.verificationDetail}
      </p>
      {claim.reason ? (
        <p className="text-sm">
          <span className="font-semibold">Admin&apos;s reason:</span> {claim.reason}
        </p>
      ) : null}
    </article>
  );
}
