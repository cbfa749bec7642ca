import { ArrowRight, Crown, Flame } from "lucide-react";
import { businessPath } from "~/lib/business-url";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { reviewCountLabel } from "~/lib/plural";
import { CATEGORY_LABELS, kindLabel } from "../labels";
import { formatRating } from "~/lib/rating";
import type { BusinessCard } from "../types";
import { BusinessImage } from "./business-image";
import { OpenStatusBadge } from "./open-status-badge";
import { categoryIcon, gradientIndex, PlaceholderArt } from "./placeholder-art";
import { RatingStars } from "~/components/ui/rating-stars";

/**
 * A "Trending Businesses" card on the home page: image, name, short description, "Learn More". The Sponsored row's
 * cards are the same with their mark instead of the rank (a Premium listing's paid place is always said).
 */
export function TrendingCard({
  business,
  rank,
  sponsored = false,
}: {
  business: BusinessCard;
  rank?: number;
  sponsored?: boolean;
}) {
  const kind = business.cuisine ?? business.subcategory;
  return (
    <article
      data-testid="trending-card"
      data-business-id={business.id}
      className="group flex h-full flex-col overflow-hidden rounded-2xl border bg-card shadow-card transition-[box-shadow,transform] duration-200 hover:-translate-y-0.5 hover:shadow-lift"
    >
      <div className="relative aspect-[4/3] overflow-hidden bg-muted">
        {business.image ? (
          <BusinessImage
            image={business.image}
            sizes="(min-width: 1024px) 360px, (min-width: 640px) 50vw, 100vw"
            className="size-full transition-transform duration-500 group-hover:scale-[1.04]"
          />
        ) : (
          <PlaceholderArt
            index={gradientIndex(business.id)}
            icon={categoryIcon(business.category)}
            className="size-full"
          />
        )}
        {sponsored ? (
          <span
            data-testid="sponsored-badge"
            className="absolute top-3 left-3 inline-flex items-center gap-1 rounded-full bg-amber-300 px-2.5 py-1 text-xs font-bold text-amber-950 shadow-sm"
          >
            <Crown aria-hidden="true" className="size-3.5" />
            Sponsored
          </span>
        ) : (
          <span className="absolute top-3 left-3 inline-flex items-center gap-1 rounded-full bg-white/95 px-2.5 py-1 text-xs font-bold text-neutral-900 shadow-sm">
            <Flame aria-hidden="true" className="size-3.5 text-[oklch(0.56_0.2_18)]" />#{rank} Trending
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col p-5">
        <p className="text-xs font-bold tracking-wider text-muted-foreground uppercase">
          {CATEGORY_LABELS[business.category]}
          {kind ? ` · ${kindLabel(kind)}` : ""}
          {business.priceRange ? ` · ${business.priceRange}` : ""}
        </p>
        <h3 className="mt-1.5 text-xl leading-snug font-bold tracking-tight">{business.name}</h3>
        <div className="mt-1.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
          <RatingStars rating={business.rating} size="xs" />
          {business.reviewCount > 0 ? <span className="font-semibold">{formatRating(business.rating)}</span> : null}
          <span className="text-muted-foreground">({reviewCountLabel(business.reviewCount)})</span>
        </div>
        {business.description ? (
          <p className="mt-3 line-clamp-2 text-sm leading-relaxed text-muted-foreground">{business.description}</p>
        ) : null}
        <OpenStatusBadge status={business.openStatus} className="mt-3" />
        <div className="mt-auto pt-5">
          <Button asChild variant="outline" className="w-full group-hover:border-primary/50">
            <Link to={businessPath(business)}>
              Learn More
              <span className="sr-only">: {business.name}</span>
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </div>
      </div>
    </article>
  );
}

/** The spec's placeholder card, shown only while the directory is empty. */
export function PlaceholderTrendingCard({ index }: { index: number }) {
  return (
    <article
      data-testid="trending-placeholder"
      className="flex h-full flex-col overflow-hidden rounded-2xl border bg-card shadow-card"
    >
      <PlaceholderArt index={index} label="Business image placeholder" className="aspect-[4/3]" />
      <div className="flex flex-1 flex-col p-5">
        <h3 className="text-xl font-bold tracking-tight">Business Name</h3>
        <p className="mt-2 text-sm text-muted-foreground">Short description of the business goes here...</p>
        <div className="mt-auto pt-5">
          <Button asChild variant="outline" className="w-full">
            <Link to="/pricing">Learn More</Link>
          </Button>
        </div>
      </div>
    </article>
  );
}
