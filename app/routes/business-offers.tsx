import { BadgePercent, Pencil, Trash2 } from "lucide-react";
import { businessPath } from "~/lib/business-url";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { ListingManageHeader } from "~/features/listings/components/listing-manage-header";
import { PlanBadge } from "~/components/ui/plan-badge";
import { shortDay } from "~/features/offers/dates";
import { OfferForm } from "~/features/offers/components/offer-form";
import type { ManagedOffer } from "~/features/offers/types";
import { pageMeta } from "~/lib/meta";
import { cn } from "~/lib/utils";
import type { Route } from "./+types/business-offers";
import { businessOffersAction, loadBusinessOffers } from "./business-offers.server";
import { retryAfterHeaders } from "~/lib/route-headers";

/** A 429 from the action keeps its Retry-After on a document response. */
export const headers = retryAfterHeaders;

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "Coupons & Offers");

export function loader({ request, context, params }: Route.LoaderArgs) {
  return loadBusinessOffers({ request, context, params });
}

export function action({ request, context, params }: Route.ActionArgs) {
  return businessOffersAction({ request, context, params });
}

const STATE_LABELS: Record<ManagedOffer["state"], { label: string; tone: string }> = {
  current: { label: "Showing now", tone: "bg-success/15 text-foreground" },
  scheduled: { label: "Scheduled", tone: "bg-primary-soft text-accent-foreground" },
  hidden: {
    label: "Hidden: over your plan",
    tone: "bg-amber-100 text-amber-950 dark:bg-amber-400/15 dark:text-amber-100",
  },
  ended: { label: "Ended", tone: "bg-muted text-muted-foreground" },
};

function OfferRow({ offer, today }: { offer: ManagedOffer; today: string }) {
  const navigation = useNavigation();
  const deleting = navigation.state === "submitting" && navigation.formData?.get("offerId") === offer.id;
  const state = STATE_LABELS[offer.state];
  return (
    <li
      className="flex flex-col gap-3 rounded-2xl border bg-card p-4 sm:flex-row sm:items-start"
      data-testid="managed-offer"
    >
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-semibold break-words">{offer.title}</h3>
          <span className={cn("rounded-full px-2 py-0.5 text-xs font-semibold", state.tone)}>{state.label}</span>
        </div>
        <p className="mt-1 text-sm break-words whitespace-pre-line text-muted-foreground">{offer.terms}</p>
        <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
          <span>
            {shortDay(offer.startsOn, today)} – {shortDay(offer.endsOn, today)}
          </span>
          {offer.code ? (
            <span>
              Code <code className="font-mono font-semibold text-foreground">{offer.code}</code>
            </span>
          ) : null}
          {offer.firstCustomers ? <span>First {offer.firstCustomers} customers</span> : null}
        </p>
      </div>
      <div className="flex gap-2">
        <Button asChild variant="ghost" size="sm">
          <Link to={`?edit=${offer.id}#add-offer-heading`}>
            <Pencil aria-hidden="true" />
            Edit<span className="sr-only"> “{offer.title}”</span>
          </Link>
        </Button>
        <Form method="post">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="offerId" value={offer.id} />
          <Button type="submit" variant="outline" size="sm" disabled={deleting}>
            <Trash2 aria-hidden="true" />
            Delete<span className="sr-only"> “{offer.title}”</span>
          </Button>
        </Form>
      </div>
    </li>
  );
}

export default function BusinessOffersPage({ loaderData, actionData }: Route.ComponentProps) {
  const { business, offers, editing, saved, allowance, isAdmin, today } = loaderData;
  const listHref = `/business/edit/${business.id}/offers`;
  const added = actionData?.ok && actionData.intent === "add";
  return (
    <div className="flex-1 bg-linear-to-b from-primary-soft/50 to-background dark:from-primary-soft/25">
      <div className="mx-auto grid w-full max-w-4xl gap-6 px-4 py-8 sm:px-6 sm:py-12">
        <ListingManageHeader
          businessId={business.id}
          name={business.name}
          badge={<PlanBadge plan={business.plan} />}
          title="Coupons & Offers"
          section="offers"
          isAdmin={isAdmin}
          viewHref={business.status === "published" ? businessPath(business, "offers") : null}
        />

        <section
          aria-labelledby="allowance-heading"
          className="grid gap-2 rounded-2xl border bg-card p-4 sm:p-5"
          data-testid="offer-allowance"
        >
          <h2 id="allowance-heading" className="font-semibold">
            {isAdmin ? `${allowance.summary} (admins are not limited)` : allowance.summary}
          </h2>
          <p className="text-sm text-muted-foreground">
            Offers that haven&apos;t ended and the upcoming events you host count together. Offers show on your listing
            and on the{" "}
            <Link to="/deals" className="font-medium text-foreground underline underline-offset-2">
              Deals
            </Link>{" "}
            page from their first day to their last.
          </p>
          {allowance.refusal ? (
            <p className="text-sm font-medium" data-testid="offer-refusal">
              {allowance.refusal}{" "}
              <Link to="/pricing" className="text-primary underline underline-offset-2">
                Compare plans
              </Link>
            </p>
          ) : null}
        </section>

        {actionData?.intent === "delete" ? (
          <p
            role={actionData.ok ? "status" : "alert"}
            className={cn(
              "rounded-lg border px-3 py-2 text-sm",
              actionData.ok
                ? "border-success/40 bg-success/10"
                : "border-destructive/40 bg-destructive/10 text-destructive",
            )}
          >
            {actionData.message}
          </p>
        ) : null}
        {saved && !actionData ? (
          <p role="status" className="rounded-lg border border-success/40 bg-success/10 px-3 py-2 text-sm">
            Offer saved.
          </p>
        ) : null}
        {added ? (
          <p role="status" className="rounded-lg border border-success/40 bg-success/10 px-3 py-2 text-sm">
            {actionData.message}
          </p>
        ) : null}

        <section aria-labelledby="offers-heading" className="grid gap-3">
          <h2 id="offers-heading" className="text-xl font-bold tracking-tight">
            Your offers
          </h2>
          {offers.length ? (
            <ul className="grid gap-3">
              {offers.map((offer) => (
                <OfferRow key={offer.id} offer={offer} today={today} />
              ))}
            </ul>
          ) : (
            <p className="flex items-center gap-2 rounded-2xl border border-dashed p-4 text-sm text-muted-foreground">
              <BadgePercent aria-hidden="true" className="size-4" />
              No offers yet.
            </p>
          )}
        </section>

        {allowance.refusal && !editing ? null : (
          <section aria-labelledby="add-offer-heading" className="rounded-3xl border bg-card p-6 shadow-card sm:p-8">
            <h2 id="add-offer-heading" className="mb-5 text-xl font-bold tracking-tight">
              {editing ? `Edit “${editing.title}”` : "Add an offer"}
            </h2>
            <OfferForm
              key={editing ? `edit-${editing.id}` : added ? `added-${offers.length}` : "form"}
              lastResult={actionData?.intent === (editing ? "edit" : "add") ? actionData.result : undefined}
              today={today}
              editing={editing}
              cancelHref={listHref}
            />
          </section>
        )}
      </div>
    </div>
  );
}
