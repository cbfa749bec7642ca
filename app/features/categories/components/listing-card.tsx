import { MapPin } from "lucide-react";
import type * as React from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import type { SampleListing } from "../sample-listings";
import { PlaceholderImage } from "./placeholder-image";
import { RatingStars } from "~/components/ui/rating-stars";
import { formatRating } from "~/lib/rating";
import { countLabel } from "~/lib/plural";

/** A card on the Shopping, Services and Entertainment pages. */
export function ListingCard({
  listing,
  kindLabel,
  action,
  badges,
  meta,
}: {
  listing: SampleListing;
  kindLabel: string;
  action: { label: string; to: string };
  /** Extra facts shown as chips under the description. */
  badges?: React.ReactNode;
  /** A short line next to the location (price, hours…). */
  meta?: React.ReactNode;
}) {
  return (
    <li className="group flex flex-col overflow-hidden rounded-2xl border bg-card shadow-card transition-[box-shadow,transform] duration-200 hover:-translate-y-0.5 hover:shadow-lift">
      <PlaceholderImage tone={listing.tone} icon={listing.icon} className="h-44">
        <span className="absolute top-3 left-3 rounded-full bg-white/95 px-2.5 py-1 text-xs font-semibold text-neutral-800 shadow-sm">
          {kindLabel}
        </span>
      </PlaceholderImage>
      <div className="flex flex-1 flex-col p-5">
        <h3 className="text-lg leading-snug font-semibold">{listing.name}</h3>
        <div className="mt-1.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
          <RatingStars rating={listing.rating} size="sm" />
          <span className="font-semibold">{formatRating(listing.rating)}</span>
          <span className="text-muted-foreground">({countLabel(listing.reviewCount, "review")})</span>
        </div>
        <p className="mt-1.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
          <span className="inline-flex items-center gap-1">
            <MapPin aria-hidden="true" className="size-3.5" />
            {listing.neighborhood}
          </span>
          {meta}
        </p>
        <p className="mt-3 line-clamp-2 text-sm text-muted-foreground">{listing.description}</p>
        <ul aria-label="Highlights" className="mt-3 flex flex-wrap gap-1.5">
          {listing.highlights.map((h) => (
            <li key={h} className="rounded-full bg-muted px-2.5 py-0.5 text-xs font-medium text-foreground">
              {h}
            </li>
          ))}
        </ul>
        {badges ? <div className="mt-3 flex flex-wrap gap-1.5">{badges}</div> : null}
        <div className="mt-auto pt-5">
          <Button asChild variant="outline" className="w-full group-hover:border-primary/50">
            <Link to={action.to}>
              {action.label}
              <span className="sr-only">: {listing.name}</span>
            </Link>
          </Button>
        </div>
      </div>
    </li>
  );
}
