import { BadgePercent, CalendarClock, Users } from "lucide-react";
import type { ReactNode } from "react";
import { formatCount } from "~/lib/plural";
import { offerDatesLabel } from "../dates";
import type { OfferItem } from "../types";

/**
 * One coupon or offer as visitors see it: the business page's "Offers" and /deals. Rendered on the server as plain
 * HTML (user text as text); nothing here needs the browser's JavaScript.
 */
export function OfferCard({
  offer,
  today,
  headingLevel = 3,
  byline,
}: {
  offer: OfferItem;
  /** The site's calendar day (YYYY-MM-DD), for "Ends today". */
  today: string;
  headingLevel?: 2 | 3;
  /** /deals: the business and where it is. */
  byline?: ReactNode;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="flex h-full gap-4 rounded-2xl border bg-card p-4" data-testid="offer-card">
      <div
        aria-hidden="true"
        className="grid size-12 shrink-0 place-content-center rounded-xl bg-primary-soft/60 text-accent-foreground"
      >
        <BadgePercent className="size-6" />
      </div>
      <div className="min-w-0 flex-1">
        <Heading className="font-semibold break-words">{offer.title}</Heading>
        {byline}
        <p className="mt-1 text-sm break-words whitespace-pre-line text-muted-foreground">{offer.terms}</p>
        <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
          {offer.code ? (
            <span className="inline-flex items-center gap-2">
              <span className="text-muted-foreground">Code</span>
              <code className="rounded-md border border-dashed border-primary/60 bg-primary-soft/40 px-2 py-0.5 font-mono font-semibold tracking-wider">
                {offer.code}
              </code>
            </span>
          ) : null}
          <span className="inline-flex items-center gap-1 text-muted-foreground">
            <CalendarClock aria-hidden="true" className="size-3.5" />
            <time dateTime={offer.endsOn}>{offerDatesLabel(offer, today)}</time>
          </span>
          {offer.firstCustomers ? (
            <span className="inline-flex items-center gap-1 text-muted-foreground">
              <Users aria-hidden="true" className="size-3.5" />
              First {formatCount(offer.firstCustomers)} {offer.firstCustomers === 1 ? "customer" : "customers"}
            </span>
          ) : null}
        </div>
      </div>
    </article>
  );
}

/** The business page's offers: a list of cards. */
export function OfferList({ offers, today }: { offers: readonly OfferItem[]; today: string }) {
  return (
    <ul className="grid gap-3">
      {offers.map((offer) => (
        <li key={offer.id}>
          <OfferCard offer={offer} today={today} />
        </li>
      ))}
    </ul>
  );
}
