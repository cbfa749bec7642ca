import { BadgeCheck, Loader2, Undo2 } from "lucide-react";
import { businessPath } from "~/lib/business-url";
import { Link, useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { formatReviewDate } from "~/lib/dates";
import type { ClaimItem, ClaimPage } from "../types";
import { ClaimStatusBadge } from "./claim-card";

export const WITHDRAW_CLAIM_INTENT = "withdraw-claim" as const;
export type WithdrawClaimResult = { ok: true; message: string } | { ok: false; message: string };

function MyClaim({ claim }: { claim: ClaimItem }) {
  const fetcher = useFetcher<WithdrawClaimResult>({ key: `withdraw-claim-${claim.id}` });
  const busy = fetcher.state !== "idle";
  const failed = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.message : null;
  return (
    <li className="grid gap-2 rounded-2xl border p-4" data-testid="my-claim" hidden={busy}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="min-w-0 font-semibold break-words">
          <Link to={businessPath(claim.business)} className="hover:text-primary hover:underline">
            {claim.business.name}
          </Link>
        </h3>
        <ClaimStatusBadge status={claim.status} />
      </div>
      <p className="text-xs text-muted-foreground">
        Sent <time dateTime={claim.createdAt}>{formatReviewDate(claim.createdAt)}</time>
        {claim.decidedAt ? (
          <>
            {" · decided "}
            <time dateTime={claim.decidedAt}>{formatReviewDate(claim.decidedAt)}</time>
          </>
        ) : null}
      </p>
      {claim.reason ? (
        <p className="text-sm break-words">
          <span className="font-semibold">Admin&apos;s reason:</span> {claim.reason}
        </p>
      ) : null}
      {claim.status === "open" ? (
        <fetcher.Form
          method="post"
          action="/portal"
          onSubmit={(event) => {
            if (!window.confirm(`Withdraw your claim for “${claim.business.name}”?`)) event.preventDefault();
          }}
        >
          <input type="hidden" name="intent" value={WITHDRAW_CLAIM_INTENT} />
          <input type="hidden" name="claimId" value={claim.id} />
          <Button
            type="submit"
            size="sm"
            variant="ghost"
            className="text-destructive"
            disabled={busy}
            aria-label={`Withdraw your claim for ${claim.business.name}`}
          >
            {busy ? <Loader2 aria-hidden="true" className="animate-spin" /> : <Undo2 aria-hidden="true" />}
            Withdraw
          </Button>
        </fetcher.Form>
      ) : null}
      {failed ? (
        <p role="alert" className="text-sm text-destructive">
          {failed}
        </p>
      ) : null}
    </li>
  );
}

/** A business owner's ownership claims on the dashboard: pending ones can be withdrawn. */
export function MyClaimsPanel({ claims }: { claims: ClaimPage<ClaimItem> }) {
  return (
    <section
      id="my-claims"
      aria-labelledby="my-claims-heading"
      className="flex flex-col rounded-3xl border bg-card p-6 shadow-card lg:col-span-3"
      data-testid="my-claims-panel"
    >
      <div className="flex items-center gap-3">
        <span
          aria-hidden="true"
          className="grid size-10 place-items-center rounded-xl bg-primary-soft text-accent-foreground"
        >
          <BadgeCheck className="size-5" />
        </span>
        <h2 id="my-claims-heading" className="text-lg font-bold">
          My claims
        </h2>
        <span className="ml-auto text-2xl font-extrabold tracking-tight">{claims.total}</span>
      </div>
      <ul
        className="mt-6 grid grid-cols-[minmax(0,1fr)] gap-3 sm:grid-cols-2 lg:grid-cols-3"
        aria-label="Your ownership claims"
      >
        {claims.items.map((claim) => (
          <MyClaim key={claim.id} claim={claim} />
        ))}
      </ul>
      {claims.total > claims.items.length ? (
        <p className="mt-3 text-sm text-muted-foreground">
          Showing the latest {claims.items.length} of {claims.total}.
        </p>
      ) : null}
    </section>
  );
}
