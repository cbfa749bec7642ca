import { ChartColumn, Eye, Gem, Mail, Pencil, Plus, Store } from "lucide-react";
import { businessPath } from "~/lib/business-url";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Pagination } from "~/features/directory/components/pagination";
import { CATEGORY_LABELS } from "~/features/directory/labels";
import { BILLING_STATE_LABELS, PLAN_LABELS } from "~/lib/catalogue";
import { formatReviewDate } from "~/lib/dates";
import { countLabel } from "~/lib/plural";
import type { OwnedListing, OwnedListingsPage } from "../types";
import { StatusBadge } from "./status-badge";
import { choosePath } from "~/lib/plan-links";
import { placeLabel } from "~/lib/place-text";

const STATUS_NOTES: Partial<Record<OwnedListing["status"], string>> = {
  pending: "Waiting for an admin's review; it becomes public once approved.",
  rejected: "Not approved",
  suspended: "Hidden from the directory",
};

/** What the owner should know about the plan's billing (nothing while it is simply active). */
function billingNote({ billingState, currentPeriodEnd, plan }: OwnedListing) {
  if (billingState === "active") return null;
  const until = currentPeriodEnd ? formatReviewDate(currentPeriodEnd) : null;
  switch (billingState) {
    case "past_due":
      return `${BILLING_STATE_LABELS.past_due}: update your card under Change plan → Manage billing to keep the ${PLAN_LABELS[plan]} plan.`;
    case "cancel_at_period_end":
      return until
        ? `${BILLING_STATE_LABELS.cancel_at_period_end}: the ${PLAN_LABELS[plan]} plan ends on ${until}, then the listing stays published on Basic.`
        : `${BILLING_STATE_LABELS.cancel_at_period_end}: the listing then stays published on Basic.`;
    case "expired":
      return `${BILLING_STATE_LABELS.expired}: the subscription ended and the listing is on Basic; photos and categories over Basic's allowance are hidden until you upgrade.`;
  }
}

function ListingRow({ listing }: { listing: OwnedListing }) {
  const note = STATUS_NOTES[listing.status];
  const billing = billingNote(listing);
  return (
    <li
      className="grid gap-3 rounded-2xl border p-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center"
      data-testid="my-listing"
    >
      <div className="grid min-w-0 gap-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-semibold break-words">{listing.name}</h3>
          <StatusBadge status={listing.status} />
          <Badge variant="outline">{`${PLAN_LABELS[listing.plan]} plan`}</Badge>
          {listing.unreadMessages > 0 ? (
            <Badge variant="soft">
              <Mail aria-hidden="true" className="size-3.5" />
              {countLabel(listing.unreadMessages, "unread message")}
            </Badge>
          ) : null}
        </div>
        <p className="text-sm text-muted-foreground">
          {CATEGORY_LABELS[listing.category]} · {placeLabel(listing.city, listing.state)}
        </p>
        {note ? (
          <p className="text-sm text-muted-foreground" data-testid="my-listing-note">
            {note}
            {listing.statusReason && (listing.status === "rejected" || listing.status === "suspended") ? (
              <>
                : <span className="text-foreground">{listing.statusReason}</span>
              </>
            ) : listing.status === "pending" ? null : (
              "."
            )}
          </p>
        ) : null}
        {billing ? (
          <p className="text-sm text-muted-foreground" data-testid="my-listing-billing">
            {billing}
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2">
        {listing.status === "published" ? (
          <Button asChild variant="outline" size="sm">
            <Link to={businessPath(listing)}>
              <Eye aria-hidden="true" />
              <span>
                View<span className="sr-only"> {listing.name}</span>
              </span>
            </Link>
          </Button>
        ) : null}
        <Button asChild variant="outline" size="sm">
          <Link to={`/business/edit/${listing.id}`}>
            <Pencil aria-hidden="true" />
            <span>
              Edit<span className="sr-only"> {listing.name}</span>
            </span>
          </Link>
        </Button>
        <Button asChild variant="outline" size="sm">
          <Link to={`/portal/stats/${listing.id}`}>
            <ChartColumn aria-hidden="true" />
            <span>
              Stats<span className="sr-only"> of {listing.name}</span>
            </span>
          </Link>
        </Button>
        <Button asChild variant="outline" size="sm">
          <Link
            to={choosePath(listing.plan === "basic" ? "featured" : listing.plan, "monthly", { listing: listing.id })}
          >
            <Gem aria-hidden="true" />
            <span>
              Change plan<span className="sr-only"> of {listing.name}</span>
            </span>
          </Link>
        </Button>
      </div>
    </li>
  );
}

/** /portal's "My listings" (section #my-listings): the owner's businesses with status, plan and links; paged. */
export function MyListingsPanel({
  listings,
  hrefForPage,
}: {
  listings: OwnedListingsPage;
  hrefForPage: (page: number) => string;
}) {
  return (
    <section
      id="my-listings"
      aria-labelledby="my-listings-heading"
      className="scroll-mt-24 rounded-3xl border bg-card p-6 shadow-card lg:col-span-3"
    >
      <div className="flex flex-wrap items-center gap-3">
        <span
          aria-hidden="true"
          className="grid size-10 place-items-center rounded-xl bg-primary-soft text-accent-foreground"
        >
          <Store className="size-5" />
        </span>
        <h2 id="my-listings-heading" className="text-lg font-bold">
          My listings
        </h2>
        <span className="text-sm text-muted-foreground">{countLabel(listings.total, "business", "businesses")}</span>
        <Button asChild size="sm" className="ml-auto">
          <Link to="/business/new">
            <Plus aria-hidden="true" />
            Add New Business
          </Link>
        </Button>
      </div>
      {listings.items.length ? (
        <ul className="mt-5 grid gap-3">
          {listings.items.map((l) => (
            <ListingRow key={l.id} listing={l} />
          ))}
        </ul>
      ) : (
        <p className="mt-5 rounded-2xl border border-dashed p-5 text-sm text-muted-foreground">
          You haven't listed a business yet. Add one and it appears here while an admin reviews it.
        </p>
      )}
      <Pagination page={listings.page} pageCount={listings.pageCount} hrefFor={hrefForPage} />
    </section>
  );
}
