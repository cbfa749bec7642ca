import { MapPin } from "lucide-react";
import { businessPath } from "~/lib/business-url";
import { Link } from "react-router";
import { reviewCountLabel } from "~/lib/plural";
import { CATEGORY_LABELS, kindLabel } from "../labels";
import { formatRating } from "~/lib/rating";
import type { BusinessCard } from "../types";
import { formatDistance } from "../distance";
import { placeLabel, servedAreaText } from "~/lib/place-text";
import { useDistanceUnit } from "~/components/layout/root-data";
import { BusinessImage } from "./business-image";
import { OpenStatusBadge } from "./open-status-badge";
import { NoImage } from "./placeholder-art";
import { PlanBadge } from "~/components/ui/plan-badge";
import { RatingStars } from "~/components/ui/rating-stars";

/** One search result: the whole card is a link to /business/{slug} (the name carries the link). */
export function SearchResultCard({
  business,
  position,
  eagerImage = false,
  priorityImage = false,
}: {
  business: BusinessCard;
  position?: number;
  eagerImage?: boolean;
  /** The first card's photo is the page's largest image on phones (its LCP). */
  priorityImage?: boolean;
}) {
  const kind = business.cuisine ?? business.subcategory;
  const unit = useDistanceUnit();
  return (
    <article
      data-testid="business-card"
      data-business-id={business.id}
      className="group relative flex overflow-hidden rounded-2xl border bg-card shadow-card transition-[box-shadow,border-color] duration-200 focus-within:border-primary/50 hover:border-foreground/15 hover:shadow-lift max-sm:min-h-40"
    >
      {/* On a phone a 7rem column beside the text (issue 40, defect 19: a card was 480 px tall); wider, 14–15rem. */}
      <div className="relative w-28 shrink-0 self-stretch overflow-hidden bg-muted sm:w-56 md:w-60">
        {business.image ? (
          <BusinessImage
            image={business.image}
            alt=""
            sizes="(min-width: 768px) 240px, (min-width: 640px) 224px, 112px"
            eager={eagerImage}
            priority={priorityImage}
            className="absolute inset-0 size-full transition-transform duration-300 group-hover:scale-[1.03]"
          />
        ) : (
          <NoImage className="absolute inset-0 size-full" />
        )}
        <PlanBadge plan={business.plan} className="absolute top-2 left-2 sm:top-3 sm:left-3" />
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1.5 p-3.5 sm:gap-2 sm:p-5">
        <h3 className="text-base leading-snug font-bold tracking-tight sm:text-lg">
          <Link
            to={businessPath(business)}
            className="rounded-sm outline-none after:absolute after:inset-0 after:content-[''] hover:underline focus-visible:underline"
          >
            {position ? <span className="text-muted-foreground">{position}. </span> : null}
            {business.name}
          </Link>
        </h3>
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
          <RatingStars rating={business.rating} size="xs" />
          {business.reviewCount > 0 ? <span className="font-semibold">{formatRating(business.rating)}</span> : null}
          <span className="text-muted-foreground" data-testid="review-count">
            ({reviewCountLabel(business.reviewCount)})
          </span>
        </div>
        <p className="flex flex-wrap items-center gap-x-1.5 text-sm text-muted-foreground">
          <span className="rounded-md bg-secondary px-1.5 py-0.5 text-xs font-semibold text-secondary-foreground">
            {CATEGORY_LABELS[business.category]}
          </span>
          {kind ? <span>{kindLabel(kind)}</span> : null}
          {business.priceRange ? (
            <>
              <span aria-hidden="true">·</span>
              <span aria-label={`Price ${business.priceRange}`}>{business.priceRange}</span>
            </>
          ) : null}
        </p>
        <p className="flex items-start gap-1.5 text-sm text-muted-foreground">
          <MapPin aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
          <span data-testid="business-address">
            {business.address
              ? `${business.address}, ${placeLabel(business.city, business.state)}`
              : `Serves ${servedAreaText(business, unit)}`}
          </span>
          {typeof business.distanceMiles === "number" ? (
            <span className="ml-auto shrink-0 font-semibold text-foreground" data-testid="distance">
              {formatDistance(business.distanceMiles, unit)}
            </span>
          ) : null}
        </p>
        <OpenStatusBadge status={business.openStatus} />
        {business.description ? (
          <p
            className="line-clamp-2 text-sm leading-relaxed text-foreground/80 max-sm:hidden"
            data-testid="business-description"
          >
            {business.description}
          </p>
        ) : null}
        {business.features.length > 0 ? (
          <ul aria-label="Features" className="mt-auto flex flex-wrap gap-1.5 pt-1 max-sm:hidden">
            {business.features.slice(0, 4).map((f) => (
              <li
                key={f}
                className="rounded-full border bg-background px-2.5 py-0.5 text-xs font-medium text-foreground/80"
              >
                {f}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </article>
  );
}
