import { ChevronDown, SlidersHorizontal } from "lucide-react";
import { businessPath } from "~/lib/business-url";
import { useEffect, useRef, useState, type ComponentProps, type FormEvent } from "react";
import { useLocation, useNavigate, useNavigationType } from "react-router";
import { useRootData } from "~/components/layout/root-data";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import {
  CategoryHero,
  CategoryResults,
  FilterBar,
  FilterSelect,
} from "~/features/categories/components/category-layout";
import { ListingCard } from "~/features/categories/components/listing-card";
import { optionLabel } from "~/features/categories/options";
import { pageQuery, RESTAURANT_RATINGS, type RestaurantFilters } from "~/features/categories/page-params";
import { usePageView } from "~/features/directory/use-page-view";
import { keepLocation } from "~/features/directory/distance";
import { PRICE_RANGE_OPTIONS, RESTAURANT_FEATURES } from "~/lib/catalogue";
import { categoryPageJsonLd } from "~/features/seo/json-ld";
import { JsonLd } from "~/features/seo/json-ld-script";
import { pageMeta } from "~/lib/meta";
import { useHydrated } from "~/lib/use-hydrated";
import type { Route } from "./+types/categories-restaurants";
import { loadRestaurants } from "./categories-restaurants.server";

// The canonical keeps the search text and the cuisine; more filters are noindex (lib/meta).
export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "Restaurants", "Discover the best local restaurants, cafes, and eateries.", {
    shallowParams: ["q", "cuisine"],
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const data = await loadRestaurants(request, context);
  // Built here, so the schema.org builders stay out of the browser's JavaScript.
  return { ...data, jsonLd: categoryPageJsonLd(context.config, "restaurants", data.restaurants, "Restaurants") };
}

const PATH = "/categories/restaurants";

const PRICE_OPTIONS = [{ value: "all", label: "Any price" }, ...PRICE_RANGE_OPTIONS];

const RATING_OPTIONS = [
  { value: "all", label: "Any rating" },
  ...RESTAURANT_RATINGS.map((r) => ({ value: r, label: `${Number(r).toFixed(1)} and up` })),
];

/** The canonical query string of a set of filters (defaults left out; features in the catalogue's order). */
function restaurantsQuery(values: RestaurantFilters) {
  return pageQuery({
    q: values.q,
    cuisine: values.cuisine,
    open: values.open,
    rating: values.rating,
    price: values.price,
    feature: RESTAURANT_FEATURES.filter((f) => values.features.includes(f)),
    page: values.page,
  });
}

/** The spec's empty-search words, then what exactly to change. */
function emptyHint(filters: RestaurantFilters): string {
  const changes = [
    filters.q ? "fewer words" : null,
    filters.cuisine !== "all" ? "All Cuisines" : null,
    filters.rating !== "all" ? "a lower minimum rating" : null,
    filters.open ? "without Open Now" : null,
    filters.price !== "all" ? "any price" : null,
    filters.features.length ? "fewer features" : null,
  ].filter(Boolean);
  return changes.length
    ? `Try adjusting your search or filters: ${changes.join(", or ")}.`
    : "Try adjusting your search or filters";
}

function valuesFromForm(form: HTMLFormElement): RestaurantFilters {
  const data = new FormData(form);
  const text = (name: string) => {
    const v = data.get(name);
    return typeof v === "string" ? v : "";
  };
  return {
    q: text("q"),
    cuisine: text("cuisine"),
    open: text("open") === "1",
    rating: text("rating"),
    price: text("price"),
    features: data.getAll("feature").filter((v): v is string => typeof v === "string"),
    page: 1,
  };
}

/**
 * The "More Filters" panel: shown without JavaScript (there is no button to reveal it), folded once hydrated unless
 * open. Its own component, so that the end of hydration re-renders this panel, not the whole page: that re-render is
 * synchronous (useSyncExternalStore), one long task on a phone (docs/performance.md).
 */
function FoldedOnceHydrated({ open, ...props }: ComponentProps<"div"> & { open: boolean }) {
  const hydrated = useHydrated();
  return <div {...props} hidden={hydrated && !open} />;
}

/**
 * "Restaurants Near You": the spec's controls over the directory, filtered,
 * sorted and paged on the server. Without JavaScript it is a GET form and
 * "Load More" is a link to the next page; with it, a change re-runs the
 * search at once and typing after a pause.
 */
export default function RestaurantsPage({ loaderData }: Route.ComponentProps) {
  const { restaurants, total, totalExact, filters, hasMore, cuisines, nearMe, jsonLd } = loaderData;
  const { site } = useRootData();
  const city = site.city;
  usePageView("Restaurants");
  const navigate = useNavigate();
  const location = useLocation();
  const navigationType = useNavigationType();
  // The fields are uncontrolled; back/forward remounts them so they show the URL again.
  const [formKey, setFormKey] = useState(location.key);
  if (navigationType === "POP" && location.key !== formKey) setFormKey(location.key);

  const [moreOpen, setMoreOpen] = useState(filters.price !== "all" || filters.features.length > 0);
  const typing = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(typing.current), []);

  function go(values: RestaurantFilters, replace = false) {
    clearTimeout(typing.current);
    // "Near me" and the map's area stay while the other filters change.
    navigate(`${PATH}${keepLocation(restaurantsQuery(values), location.search)}`, {
      preventScrollReset: true,
      replace,
    });
  }

  return (
    <>
      <JsonLd data={jsonLd} />
      <CategoryHero
        eyebrow="Restaurants"
        title="Restaurants Near You"
        lead={`Discover the best local restaurants, cafes, and eateries${city ? ` in ${city}` : ""}.`}
      >
        {/* Change and submit events bubble up from the filter bar's GET form. */}
        <div
          onChange={(event) => {
            const target = event.target as HTMLInputElement | HTMLSelectElement;
            if (!target.form) return;
            const values = valuesFromForm(target.form);
            if (target.type === "search") {
              // The spec recomputes on every keystroke; a short pause keeps that to one search per burst.
              clearTimeout(typing.current);
              typing.current = setTimeout(() => go(values, true), 350);
            } else {
              go(values);
            }
          }}
          onSubmitCapture={(event: FormEvent<HTMLDivElement>) => {
            const form = event.target as HTMLFormElement;
            event.preventDefault();
            go(valuesFromForm(form));
          }}
        >
          <FilterBar
            live
            nearMe={nearMe}
            formKey={formKey}
            searchId="restaurants-search"
            searchLabel="Search"
            searchPlaceholder="Search restaurants..."
            defaultQuery={filters.q}
            submitLabel="Search"
            // A chosen suggestion opens its own page: the search of the typed text must not follow it.
            onSuggestionPick={() => clearTimeout(typing.current)}
            extra={
              // Server-rendered too (shown from the first frame when JavaScript will run, app.css's .js-only), so
              // nothing moves when the page hydrates after its first paint.
              <Button
                variant="outline"
                className="js-only h-11"
                aria-expanded={moreOpen}
                aria-controls="restaurants-more-filters"
                onClick={() => setMoreOpen((o) => !o)}
              >
                <SlidersHorizontal aria-hidden="true" />
                More Filters
                <ChevronDown
                  aria-hidden="true"
                  className={moreOpen ? "rotate-180 transition-transform" : "transition-transform"}
                />
              </Button>
            }
            below={(inSheet) => (
              // Without JavaScript these stay visible (there is no button to reveal them); with it, folded from the
              // first frame (.js-collapsed), not only once hydrated. A phone's filter sheet shows them open.
              <FoldedOnceHydrated
                id={inSheet ? "restaurants-more-filters-sheet" : "restaurants-more-filters"}
                open={inSheet || moreOpen}
                className={`grid gap-4 border-t pt-4 md:grid-cols-[minmax(10rem,14rem)_1fr]${inSheet || moreOpen ? "" : " js-collapsed"}`}
              >
                <FilterSelect
                  id="restaurants-price"
                  name="price"
                  label="Price"
                  options={PRICE_OPTIONS}
                  defaultValue={filters.price}
                  className="content-start self-start md:flex-none"
                />
                <fieldset className="grid min-w-0 gap-1.5">
                  <legend className="mb-1.5 text-xs font-semibold text-muted-foreground">Features</legend>
                  <div className="flex flex-wrap gap-2">
                    {RESTAURANT_FEATURES.map((feature) => (
                      <label
                        key={feature}
                        className="inline-flex cursor-pointer items-center gap-2 rounded-full border border-input bg-card px-3 py-1.5 text-sm shadow-xs has-checked:border-primary has-checked:bg-primary-soft"
                      >
                        <input
                          type="checkbox"
                          name="feature"
                          value={feature}
                          defaultChecked={filters.features.includes(feature)}
                          className="size-4 accent-(--primary)"
                        />
                        {feature}
                      </label>
                    ))}
                  </div>
                </fieldset>
              </FoldedOnceHydrated>
            )}
          >
            <FilterSelect
              id="restaurants-cuisine"
              name="cuisine"
              label="Cuisine"
              options={cuisines}
              defaultValue={filters.cuisine}
            />
            <FilterSelect
              id="restaurants-rating"
              name="rating"
              label="Minimum rating"
              options={RATING_OPTIONS}
              defaultValue={filters.rating}
            />
            <div className="flex h-11 items-center md:flex-none">
              <Label
                htmlFor="restaurants-open-now"
                className="h-11 cursor-pointer rounded-lg border border-input bg-card px-3 shadow-xs has-checked:border-primary has-checked:bg-primary-soft"
              >
                <input
                  id="restaurants-open-now"
                  name="open"
                  value="1"
                  type="checkbox"
                  defaultChecked={filters.open}
                  className="size-4 accent-(--primary)"
                />
                Open Now
              </Label>
            </div>
          </FilterBar>
        </div>
      </CategoryHero>

      <CategoryResults
        nearMe={nearMe}
        id="restaurants-results"
        items={restaurants}
        total={total}
        totalExact={totalExact}
        hasMore={hasMore}
        page={filters.page}
        nextHref={`${PATH}${restaurantsQuery({ ...filters, page: filters.page + 1 })}`}
        loadMoreLabel="Load More Restaurants"
        noun={["restaurant"]}
        endText="That's every restaurant that matches."
        empty={{ title: "No restaurants found", hint: emptyHint(filters), clearHref: PATH }}
        renderCard={(r) => (
          <ListingCard
            business={r}
            kindLabel={r.cuisine ? optionLabel(cuisines, r.cuisine) : "Restaurant"}
            showDescription={false}
            action={{ label: "View Details", to: businessPath(r) }}
          />
        )}
      />
    </>
  );
}
