import { ArrowLeft, CircleCheck, Info } from "lucide-react";
import { businessPath } from "~/lib/business-url";
import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { BusinessNotFound } from "~/features/directory/components/business-not-found";
import { ErrorScreen } from "~/components/layout/lazy-error-screens";
import { PageHeader } from "~/components/layout/page-header";
import { Button } from "~/components/ui/button";
import { ClaimCard } from "~/features/claims/components/claim-card";
import { ClaimForm } from "~/features/claims/components/claim-form";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/business-claim";
import { claimAction, loadClaimPage } from "./business-claim.server";
import { placeLabel } from "~/lib/place-text";
import { retryAfterHeaders } from "~/lib/route-headers";

/** A 429 from the action keeps its Retry-After on a document response. */
export const headers = retryAfterHeaders;

export function loader(args: Route.LoaderArgs) {
  return loadClaimPage(args);
}

export function action(args: Route.ActionArgs) {
  return claimAction(args);
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args.matches, args.data ? `Claim ${args.data.business.name}` : "Business Not Found", undefined, {
    noindex: true,
  });

function Notice({ tone, children }: { tone: "info" | "success"; children: React.ReactNode }) {
  const Icon = tone === "success" ? CircleCheck : Info;
  return (
    <div
      role="status"
      className={
        tone === "success"
          ? "flex gap-3 rounded-2xl border border-success/40 bg-success/10 p-5"
          : "flex gap-3 rounded-2xl border bg-card p-5"
      }
    >
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="grid gap-1 text-sm">{children}</div>
    </div>
  );
}

/** /business/:id/claim: claim a published listing that has no owner. */
export default function ClaimPage({ loaderData, actionData }: Route.ComponentProps) {
  const { business, state, claims } = loaderData;
  const filed = actionData?.ok === true;
  return (
    <>
      <PageHeader
        eyebrow="Claim a listing"
        title={`Claim ${business.name}`}
        lead={`${placeLabel(business.city, business.state)}. Once an admin approves your claim, you manage this listing: its details, photos, replies to reviews and messages.`}
      />
      <div className="mx-auto grid w-full max-w-2xl gap-6 px-4 py-10 sm:px-6">
        <Button asChild variant="ghost" className="w-fit">
          <Link to={businessPath(business)}>
            <ArrowLeft aria-hidden="true" />
            Back to {business.name}
          </Link>
        </Button>
        {filed ? (
          <Notice tone="success">
            <p className="font-semibold">Thanks! Your claim was sent.</p>
            <p>An admin will check it and email you when it&apos;s decided. You can follow it on this page.</p>
          </Notice>
        ) : null}
        {state === "yours" ? (
          <Notice tone="success">
            <p className="font-semibold">You manage this listing.</p>
            <p>
              <Link to={`/business/edit/${business.id}`} className="underline underline-offset-4">
                Edit your listing
              </Link>{" "}
              or see it in{" "}
              <Link to="/portal#my-listings" className="underline underline-offset-4">
                My listings
              </Link>
              .
            </p>
          </Notice>
        ) : state === "owned" ? (
          <Notice tone="info">
            <p className="font-semibold">This listing already has an owner, so it can&apos;t be claimed.</p>
            <p>
              If you think that&apos;s a mistake,{" "}
              <Link to="/contact" className="underline underline-offset-4">
                contact us
              </Link>
              .
            </p>
          </Notice>
        ) : state === "pending" && !filed ? (
          <Notice tone="info">
            <p className="font-semibold">Your claim is waiting for review.</p>
            <p>An admin will email you when it&apos;s decided.</p>
          </Notice>
        ) : state === "customer" ? (
          <Notice tone="info">
            <p className="font-semibold">Only business owner accounts can claim a listing.</p>
            <p>
              Switch your account with <strong>Become a Business Owner</strong> in{" "}
              <Link to="/account/settings" className="underline underline-offset-4">
                Account Settings
              </Link>
              , then come back to claim {business.name}.
            </p>
          </Notice>
        ) : state === "form" ? (
          <section aria-labelledby="claim-heading" className="rounded-3xl border bg-card p-6 shadow-card">
            <h2 id="claim-heading" className="mb-1 text-xl font-bold">
              Own this business? Claim it
            </h2>
            <p className="mb-6 text-sm text-muted-foreground">
              Tell us who you are and how we can check. We never show these details on the listing.
            </p>
            <ClaimForm
              businessName={business.name}
              lastResult={actionData?.ok === false ? actionData.result : undefined}
            />
          </section>
        ) : null}
        {claims.length > 0 ? (
          <section aria-labelledby="my-claims-heading" className="grid gap-3">
            <h2 id="my-claims-heading" className="text-lg font-bold">
              Your claims for this listing
            </h2>
            {claims.map((claim) => (
              <ClaimCard key={claim.id} claim={claim} />
            ))}
          </section>
        ) : null}
      </div>
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <BusinessNotFound />;
  return <ErrorScreen status={isRouteErrorResponse(error) ? error.status : undefined} />;
}
