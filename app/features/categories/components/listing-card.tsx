import { Crown, MapPin, Sparkles, Star } from "lucide-react";
import type * as React from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { BusinessImage } from "~/features/directory/components/business-image";
import { categoryIcon } from "~/features/directory/components/placeholder-art";
import type { BusinessCard } from "~/features/directory/types";
import { formatDistance } from "~/features/directory/distance";
import { useDistanceUnit } from "~/components/layout/root-data";
import { servedAreaText } from "~/lib/place-text";
import type { ListingCategory } from "~/lib/catalogue";
import { formatRating } from "~/lib/rating";
import { reviewCountLabel } from "~/lib/plural";
import { PlaceholderImage, type Tone } from "./placeholder-image";

/** The default photo of a business without one: its category's colour and icon. */
const TONES: Record<ListingCategory, Tone> = {
  restaurants: "coral",
  shopping: "violet",
  services: "sky",
  entertainment: "rose",
  nightlife: "indigo",
  health: "teal",
  beauty: "rose",
  fitness: "emerald",
  automotive: "sky",
  pets: "amber",
  professional: "indigo",
  financial: "emerald",
  education: "amber",
  "hotels-travel": "teal",
  "public-services": "sky",
  religious: "violet",
};
const defaultPhoto = (category: ListingCategory) => ({ tone: TONES[category], icon: categoryIcon(category) });

/**
 * The photo: across the top from `sm` up; on a phone a 7rem column beside the text, so a card is about a third of the
 * screen, not all of it (issue 40, defect 19).
 */
const MEDIA = "h-48 max-sm:h-auto max-sm:w-28 max-sm:shrink-0 max-sm:self-stretch";

const chip = "rounded-full px-2.5 py-1 text-xs font-semibold shadow-sm";

/** "Premium" and "Featured" listings are marked (the pricing page's plans). */
function PlanBadge({ plan }: { plan: BusinessCard["plan"] }) {
  if (plan === "premium")
    return (
      <span className={`${chip} inline-flex items-center gap-1 bg-amber-300 text-amber-950`} data-testid="plan-badge">
        <Crown aria-hidden="true" className="size-3.5" />
        Premium
      </span>
    );
  if (plan === "featured")
    return (
      <span
        className={`${chip} inline-flex items-center gap-1 bg-primary text-primary-foreground`}
        data-testid="plan-badge"
      >
        <Sparkles aria-hidden="true" className="size-3.5" />
        Featured
      </span>
    );
  return null;
}

/** The rating to one decimal, or "New" when nobody has reviewed it yet. */
function RatingPill({ rating, reviewCount }: { rating: number; reviewCount: number }) {
  if (reviewCount === 0)
    return (
      <span className="shrink-0 rounded-full bg-primary-soft px-2 py-0.5 text-sm font-semibold text-accent-foreground">
        New
      </span>
    );
  return (
    <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-sm font-semibold text-amber-900 dark:bg-amber-400/15 dark:text-amber-200">
      <Star aria-hidden="true" className="size-3.5 fill-current" />
      <span className="sr-only">Rated </span>
      {formatRating(rating)}
      <span className="sr-only">, {reviewCountLabel(reviewCount)}</span>
    </span>
  );
}

/**
 * A business on a category page: the cover photo (a default one when
 * there is none) with its kind and plan, the name and rating, a line of
 * kind, price and address, the description, feature tags, extra badges
 * and the page's action ("View Details", "View Store", "Contact Now").
 */
export function ListingCard({
  business,
  kindLabel,
  action,
  badges,
  hideFeatures = [],
  showDescription = true,
}: {
  business: BusinessCard;
  kindLabel: string;
  action: { label: string; to: string };
  /** Extra facts shown as chips under the tags. */
  badges?: React.ReactNode;
  /** Tags already shown as badges. */
  hideFeatures?: readonly string[];
  showDescription?: boolean;
}) {
  const photo = defaultPhoto(business.category);
  const unit = useDistanceUnit();
  const hidden = hideFeatures.map((f) => f.toLowerCase());
  const features = business.features.filter((f) => !hidden.includes(f.toLowerCase()));
  const overlay = (
    <>
      {kindLabel ? (
        <span className={`${chip} absolute top-3 left-3 bg-white/95 text-neutral-800 max-sm:hidden`}>{kindLabel}</span>
      ) : null}
      <span className="absolute top-3 right-3 max-sm:top-2 max-sm:right-auto max-sm:left-2">
        <PlanBadge plan={business.plan} />
      </span>
    </>
  );
  return (
    <li
      className="group flex overflow-hidden rounded-2xl border bg-card max-sm:min-h-36 sm:flex-col shadow-card transition-[box-shadow,transform] duration-200 hover:-translate-y-0.5 hover:shadow-lift"
      data-business-id={business.id}
      data-plan={business.plan}
    >
      {business.image ? (
        <div className={`relative overflow-hidden bg-muted ${MEDIA}`}>
          <BusinessImage
            image={business.image}
            alt=""
            sizes="(min-width: 1024px) 360px, (min-width: 640px) 50vw, 112px"
            className="size-full transition-transform duration-300 group-hover:scale-[1.03]"
          />
          {overlay}
        </div>
      ) : (
        <PlaceholderImage tone={photo.tone} icon={photo.icon} className={MEDIA} label="No photo yet">
          {overlay}
        </PlaceholderImage>
      )}
      <div className="flex min-w-0 flex-1 flex-col p-4 sm:p-5">
        <div className="flex items-start justify-between gap-3">
          <h3 className="min-w-0 text-base leading-snug font-semibold break-words sm:text-lg">{business.name}</h3>
          <RatingPill rating={business.rating} reviewCount={business.reviewCount} />
        </div>
        <p className="mt-1.5 text-sm text-muted-foreground">
          {kindLabel ? <span className="font-medium text-foreground">{kindLabel}</span> : null}
          {kindLabel && business.priceRange ? <span aria-hidden="true"> · </span> : null}
          {business.priceRange ? <span aria-label={`Price ${business.priceRange}`}>{business.priceRange}</span> : null}
          {kindLabel || business.priceRange ? <span aria-hidden="true"> · </span> : null}
          <span className="inline-flex items-center gap-1">
            <MapPin aria-hidden="true" className="size-3.5 shrink-0" />
            {business.address ?? `Serves ${servedAreaText(business, unit)}`}
          </span>
          {typeof business.distanceMiles === "number" ? (
            <>
              <span aria-hidden="true"> · </span>
              <span className="font-semibold text-foreground" data-testid="distance">
                {formatDistance(business.distanceMiles, unit)}
              </span>
            </>
          ) : null}
        </p>
        {showDescription && business.description ? (
          <p className="mt-3 line-clamp-2 text-sm text-muted-foreground max-sm:hidden">{business.description}</p>
        ) : null}
        {features.length > 0 ? (
          <ul aria-label="Features" className="mt-2 flex flex-wrap gap-1.5 sm:mt-3">
            {features.map((f) => (
              <li key={f} className="rounded-full bg-muted px-2.5 py-0.5 text-xs font-medium text-foreground">
                {f}
              </li>
            ))}
          </ul>
        ) : null}
        {badges ? <div className="mt-3 flex flex-wrap gap-1.5">{badges}</div> : null}
        <div className="mt-auto pt-3 sm:pt-5">
          <Button asChild variant="outline" className="w-full group-hover:border-primary/50 max-sm:h-9">
            <Link to={action.to}>
              {action.label}
              <span className="sr-only">: {business.name}</span>
            </Link>
          </Button>
        </div>
      </div>
    </li>
  );
}
