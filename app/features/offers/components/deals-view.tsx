import { MapPin, Search } from "lucide-react";
import { businessPath } from "~/lib/business-url";
import { Form, Link } from "react-router";
import { PageHeader } from "~/components/layout/page-header";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Pagination } from "~/features/directory/components/pagination";
import { formatDistance } from "~/features/directory/distance";
import type { DistanceUnit } from "~/lib/distance-unit";
import { countLabel } from "~/lib/plural";
import type { DealItem } from "../types";
import { OfferCard } from "./offer-card";

const KM_PER_MILE = 1.609344;

export interface DealsViewProps {
  items: DealItem[];
  total: number;
  page: number;
  pageCount: number;
  inArea: boolean;
  near: string;
  placeLabel: string;
  unknownPlace: string | null;
  today: string;
  unit: DistanceUnit;
}

/** The query string of a /deals page. */
export function dealsHref(near: string, page: number) {
  const params = new URLSearchParams();
  if (near) params.set("near", near);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `/deals?${query}` : "/deals";
}

/** /deals: current coupons and offers near a place, as plain server-rendered HTML (a GET form, plain links). */
export function DealsView({
  items,
  total,
  page,
  pageCount,
  inArea,
  near,
  placeLabel,
  unknownPlace,
  today,
  unit,
}: DealsViewProps) {
  return (
    <>
      <PageHeader
        eyebrow="Deals"
        title={`Deals near ${placeLabel}`}
        lead="Coupons and offers from local businesses, on today. Each one ends by itself after its last day."
      >
        <Form method="get" action="/deals" className="flex max-w-xl flex-wrap gap-2" role="search">
          <label htmlFor="deals-near" className="sr-only">
            City, neighborhood or ZIP code
          </label>
          <div className="relative min-w-0 flex-1">
            <MapPin
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            />
            <Input
              id="deals-near"
              name="near"
              defaultValue={near}
              placeholder="City, neighborhood or ZIP code"
              autoComplete="address-level2"
              maxLength={100}
              className="h-11 bg-card pl-9"
            />
          </div>
          <Button type="submit" className="h-11">
            <Search aria-hidden="true" />
            Find deals
          </Button>
        </Form>
      </PageHeader>
      <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6">
        {unknownPlace ? (
          <p role="status" className="mb-6 rounded-lg border bg-muted/60 px-4 py-3 text-sm">
            We couldn&apos;t find “{unknownPlace}”. Showing deals near {placeLabel} instead.
          </p>
        ) : null}
        {!inArea && items.length ? (
          <p role="status" className="mb-6 rounded-lg border bg-muted/60 px-4 py-3 text-sm">
            No deals right around {placeLabel} today. These are the nearest.
          </p>
        ) : null}
        <h2 className="mb-5 text-lg font-semibold" data-testid="deals-count">
          {total ? `${countLabel(total, "deal")} today` : "No deals today"}
        </h2>
        {items.length ? (
          <ul className="grid gap-4 md:grid-cols-2">
            {items.map((deal) => (
              <li key={deal.id}>
                <OfferCard
                  offer={deal}
                  today={today}
                  byline={
                    <p className="mt-0.5 text-sm">
                      <Link
                        to={businessPath(deal.business)}
                        className="font-medium text-primary underline-offset-2 hover:underline"
                      >
                        {deal.business.name}
                      </Link>
                      <span className="text-muted-foreground">
                        {" · "}
                        {deal.business.neighborhood ? `${deal.business.neighborhood}, ` : ""}
                        {deal.business.city}
                        {deal.distanceKm !== null ? ` · ${formatDistance(deal.distanceKm / KM_PER_MILE, unit)}` : ""}
                      </span>
                    </p>
                  }
                />
              </li>
            ))}
          </ul>
        ) : (
          <div className="rounded-3xl border border-dashed bg-card px-6 py-12 text-center">
            <p className="font-semibold">No coupons or offers here today.</p>
            <p className="mt-2 text-sm text-muted-foreground">
              Try another place, or browse{" "}
              <Link to="/events" className="font-medium text-primary underline underline-offset-2">
                upcoming events
              </Link>
              .
            </p>
          </div>
        )}
        <Pagination page={page} pageCount={pageCount} hrefFor={(p) => dealsHref(near, p)} />
      </div>
    </>
  );
}
