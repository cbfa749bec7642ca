import { MapPin, SlidersHorizontal, Star, UtensilsCrossed } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { CUISINES, optionLabel } from "../options";
import { CategoryHero, FilterBar, FilterSelect, NoResults, ResultsHeader } from "./category-layout";
import { PlaceholderImage } from "./placeholder-image";
import { formatRating } from "~/lib/rating";
import { countLabel } from "~/lib/plural";

/** What a restaurant card shows (the spec's list): the directory feature maps its rows to this. */
export interface RestaurantCardData {
  id: string;
  name: string;
  /** The cover photo; a placeholder is drawn when there is none. */
  image?: { src: string; alt: string } | null;
  /** Mean review rating; null or 0 shows "New". */
  rating: number | null;
  cuisine: string;
  priceRange: string;
  address: string;
  features: string[];
}

export interface RestaurantFilters {
  q: string;
  cuisine: string;
  openNow: boolean;
  price?: string;
  rating?: string;
}

const PRICE_OPTIONS = [
  { value: "all", label: "Any price" },
  { value: "$", label: "$" },
  { value: "$$", label: "$$" },
  { value: "$$$", label: "$$$" },
  { value: "$$$$", label: "$$$$" },
];

const RATING_OPTIONS = [
  { value: "all", label: "Any rating" },
  { value: "3", label: "3.0 and up" },
  { value: "4", label: "4.0 and up" },
  { value: "4.5", label: "4.5 and up" },
];

export function RestaurantCard({ restaurant }: { restaurant: RestaurantCardData }) {
  const { id, name, image, rating, cuisine, priceRange, address, features } = restaurant;
  return (
    <li className="group flex flex-col overflow-hidden rounded-2xl border bg-card shadow-card transition-[box-shadow,transform] duration-200 hover:-translate-y-0.5 hover:shadow-lift">
      {image ? (
        <img src={image.src} alt={image.alt} loading="lazy" className="h-48 w-full object-cover" />
      ) : (
        <PlaceholderImage tone="coral" icon={UtensilsCrossed} className="h-48" />
      )}
      <div className="flex flex-1 flex-col p-5">
        <div className="flex items-start justify-between gap-3">
          <h3 className="text-lg leading-snug font-semibold">{name}</h3>
          {rating ? (
            <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-sm font-semibold text-amber-900 dark:bg-amber-400/15 dark:text-amber-200">
              <Star aria-hidden="true" className="size-3.5 fill-current" />
              <span className="sr-only">Rated </span>
              {formatRating(rating)}
            </span>
          ) : (
            <span className="shrink-0 rounded-full bg-primary-soft px-2 py-0.5 text-sm font-semibold text-accent-foreground">
              New
            </span>
          )}
        </div>
        <p className="mt-1.5 text-sm text-muted-foreground">
          <span className="font-medium text-foreground">{optionLabel(CUISINES, cuisine)}</span>
          <span aria-hidden="true"> · </span>
          {priceRange}
          <span aria-hidden="true"> · </span>
          <span className="inline-flex items-center gap-1">
            <MapPin aria-hidden="true" className="size-3.5" />
            {address}
          </span>
        </p>
        {features.length > 0 ? (
          <ul aria-label="Features" className="mt-3 flex flex-wrap gap-1.5">
            {features.map((f) => (
              <li key={f} className="rounded-full bg-muted px-2.5 py-0.5 text-xs font-medium">
                {f}
              </li>
            ))}
          </ul>
        ) : null}
        <div className="mt-auto pt-5">
          <Button asChild variant="outline" className="w-full group-hover:border-primary/50">
            <Link to={`/business/${id}`}>
              View Details
              <span className="sr-only">: {name}</span>
            </Link>
          </Button>
        </div>
      </div>
    </li>
  );
}

/**
 * /categories/restaurants: "Restaurants Near You". The directory feature
 * passes the restaurants and filters; this is only the markup.
 */
export function RestaurantsView({
  restaurants,
  filters,
  city,
}: {
  restaurants: readonly RestaurantCardData[];
  filters: RestaurantFilters;
  city: string;
}) {
  const [moreOpen, setMoreOpen] = useState(Boolean((filters.price && filters.price !== "all") || (filters.rating && filters.rating !== "all")));
  return (
    <>
      <CategoryHero
        eyebrow="Restaurants"
        title="Restaurants Near You"
        lead={`Discover the best local restaurants, cafes, and eateries${city ? ` in ${city}` : ""}.`}
      >
        <FilterBar
          formKey={`${filters.q}|${filters.cuisine}|${filters.openNow}`}
          searchId="restaurants-search"
          searchLabel="Search"
          searchPlaceholder="Search restaurants..."
          defaultQuery={filters.q}
          submitLabel="Search"
          extra={
            <Button
              variant="outline"
              className="h-11"
              aria-expanded={moreOpen}
              aria-controls="restaurants-more-filters"
              onClick={() => setMoreOpen((o) => !o)}
            >
              <SlidersHorizontal aria-hidden="true" />
              More Filters
            </Button>
          }
        >
          <FilterSelect id="restaurants-cuisine" name="cuisine" label="Cuisine" options={CUISINES} defaultValue={filters.cuisine} />
          <div className="flex h-11 items-center md:flex-none">
            <Label htmlFor="restaurants-open-now" className="cursor-pointer rounded-lg border border-input bg-card px-3 py-3 shadow-xs has-checked:border-primary has-checked:bg-primary-soft">
              <input
                id="restaurants-open-now"
                name="open"
                value="1"
                type="checkbox"
                defaultChecked={filters.openNow}
                className="size-4 accent-(--primary)"
              />
              Open Now
            </Label>
          </div>
          <div id="restaurants-more-filters" hidden={!moreOpen} className="grid gap-3 sm:grid-cols-2 md:contents">
            <FilterSelect id="restaurants-price" name="price" label="Price" options={PRICE_OPTIONS} defaultValue={filters.price} />
            <FilterSelect id="restaurants-rating" name="rating" label="Rating" options={RATING_OPTIONS} defaultValue={filters.rating} />
          </div>
        </FilterBar>
      </CategoryHero>

      <section aria-labelledby="restaurants-results" className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 sm:py-12">
        <ResultsHeader id="restaurants-results">
          {countLabel(restaurants.length, "restaurant")}
        </ResultsHeader>
        {restaurants.length > 0 ? (
          <>
            <ul aria-labelledby="restaurants-results" className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {restaurants.map((r) => (
                <RestaurantCard key={r.id} restaurant={r} />
              ))}
            </ul>
            <div className="mt-10 flex justify-center">
              <Button variant="outline" size="lg" className="min-w-56">
                Load More Restaurants
              </Button>
            </div>
          </>
        ) : (
          <NoResults
            title="No restaurants found"
            hint="Try adjusting your search or filters"
            clearHref="/categories/restaurants"
          />
        )}
      </section>
    </>
  );
}
