import { BadgeCheck } from "lucide-react";
import { Link } from "react-router";
import { businessPath } from "~/lib/business-url";
import type { ClaimState } from "../types";

/** The path of a listing's claim page: `/business/<slug>/claim` (the route takes the id too). */
export function claimPath(business: { slug: string }) {
  return `${businessPath(business)}/claim`;
}

/**
 * On a published listing without an owner: "Own this business? Claim it"
 * (the claim page sends visitors to sign in first), or the viewer's pending claim.
 */
export function ClaimPrompt({ business, state }: { business: { slug: string }; state: ClaimState | null }) {
  if (!state?.claimable) return null;
  return (
    <p className="mt-3 flex flex-wrap items-center gap-x-1.5 text-sm text-muted-foreground" data-testid="claim-prompt">
      <BadgeCheck aria-hidden="true" className="size-4 text-accent-foreground" />
      {state.myOpenClaim ? (
        <>
          Your claim for this listing is waiting for review.{" "}
          <Link to={claimPath(business)} className="font-semibold text-foreground underline underline-offset-4">
            See your claim
          </Link>
        </>
      ) : (
        <>
          Own this business?{" "}
          <Link to={claimPath(business)} className="font-semibold text-foreground underline underline-offset-4">
            Claim it
          </Link>
        </>
      )}
    </p>
  );
}
