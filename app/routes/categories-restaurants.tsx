import { ChevronDown, Loader2, SlidersHorizontal } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Link, useLocation, useNavigate, useNavigation, useNavigationType } from "react-router";
import { useHydrated } from "~/lib/use-hydrated";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { CategoryHero, FilterBar, FilterSelect, NoResults, ResultsHeader } from "~/features/categories/components/category-layout";
import { RestaurantCard } from "~/features/categories/components/restaurants-view";
import { CUISINES } from "~/features/categories/options";
import { kindLabel } from "~/features/directory/labels";
import type { BusinessCard } from "~/features/directory/types";
import { useLiveBusinessUpdates } from "~/features/directory/use-live-updates";
import { usePageView } from "~/features/directory/use-page-view";
import { useRootData } from "~/components/layout/root-data";
import { PRICE_RANGE_OPTIONS } from "~/lib/catalogue";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/categories-restaurants";
import { loadRestaurants, type RestaurantsData } from "./categories-restaurants.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "Restaurants", "Discover the best local restaurants, cafes, and eateries.");

export function loader({ request, context }: Route.LoaderArgs) {
  return loadRestaurants(request, context);
}

/** The page's filters, as they live in its URL (?q=&cuisine=&open=1&price=&rating=&page=); page = how many pages of 20 are shown. */
type RestaurantFilterValues = RestaurantsData["filters"];

const RESTAURANT_PRICE_OPTIONS = [{ value: "all", label: "Any price" }, ...PRICE_RANGE_OPTIONS];

const RESTAURANT_RATING_OPTIONS = [
  { value: "all", label: "Any rating" },
  { value: "3", label: "3.0 and up" },
  { value: "4", label: "4.0 and up" },
  { value: "4.5", label: "4.5 and up" },
] as const;

/** The canonical query string for a set of filters (defaults left out). */
function restaurantsQuery(values: Partial<RestaurantFilterValues>) {
  const out = new URLSearchParams();
  const q = values.q?.trim();
  if (q) out.set("q", q);
  if (values.cuisine && values.cuisine !== "all") out.set("cuisine", values.cuisine);
  if (values.open) out.set("open", "1");
  if (values.price && values.price !== "all") out.set("price", values.price);
  if (values.rating && values.rating !== "all") out.set("rating", values.rating);
  if (values.page && values.page > 1) out.set("page", String(values.page));
  const s = out.toString();
  return s ? `?${s}` : "";
}

function valuesFromForm(form: HTMLFormElement): RestaurantFilterValues {
  const data = new FormData(form);
  const text = (name: string) => {
    const v = data.get(name);
    return typeof v === "string" ? v : "";
  };
  return { q: text("q"), cuisine: text("cuisine"), open: text("open") === "1", price: text("price"), rating: text("rating"), page: 1 };
}


const PATH = "/categories/restaurants";

/**
 * "Restaurants Near You" wired to the directory: the category pages' filter
 * bar and cards (features/categories) over real search results. Without
 * JavaScript it is a GET form and "Load More" is a link to the next page;
 * with it, a change re-runs the search at once and typing after a pause.
 */
export default function RestaurantsPage({ loaderData }: Route.ComponentProps) {
  const { restaurants, total, filters, hasMore } = loaderData;
  const { site } = useRootData();
  const city = site.city;
  usePageView("Restaurants");
  useLiveBusinessUpdates(
    restaurants.map((b: BusinessCard) => b.id),
    { list: true },
  );
  const navigate = useNavigate();
  const navigation = useNavigation();
  const location = useLocation();
  const navigationType = useNavigationType();
  const hydrated = useHydrated();
  const loading = navigation.state === "loading" && navigation.location.pathname === PATH;

  // The fields are uncontrolled; back/forward remounts them so they show the URL again.
  const [formKey, setFormKey] = useState(location.key);
  if (navigationType === "POP" && location.key !== formKey) setFormKey(location.key);

  const [moreOpen, setMoreOpen] = useState(filters.price !== "all" || filters.rating !== "all");
  const typing = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(typing.current), []);

  function go(values: RestaurantFilterValues, replace = false) {
    clearTimeout(typing.current);
    navigate(`${PATH}${restaurantsQuery(values)}`, { preventScrollReset: true, replace });
  }

  // "Load More": move focus to the first new card once it arrives (keyboard and screen-reader users keep their place).
  const listRef = useRef<HTMLUListElement>(null);
  const focusFrom = useRef<number | null>(null);
  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || restaurants.length <= from) return;
    focusFrom.current = null;
    listRef.current?.querySelectorAll<HTMLElement>(":scope > li a")[from]?.focus();
  }, [restaurants]);

  const cards = restaurants.map((b) => ({
    id: b.id,
    name: b.name,
    image: b.image ? { src: b.image.src, alt: b.image.alt } : null,
    rating: b.reviewCount > 0 ? b.rating : null,
    cuisine: kindLabel(b.cuisine) || "Restaurant",
    priceRange: b.priceRange ?? "",
    address: b.address,
    features: b.features,
  }));

  return (
    <>
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
            formKey={formKey}
            searchId="restaurants-search"
            searchLabel="Search"
            searchPlaceholder="Search restaurants..."
            defaultQuery={filters.q}
            submitLabel="Search"
            extra={
              hydrated ? (
                <Button
                  variant="outline"
                  className="h-11"
                  aria-expanded={moreOpen}
                  aria-controls="restaurants-more-filters"
                  onClick={() => setMoreOpen((o) => !o)}
                >
                  <SlidersHorizontal aria-hidden="true" />
                  More Filters
                  <ChevronDown aria-hidden="true" className={moreOpen ? "rotate-180 transition-transform" : "transition-transform"} />
                </Button>
              ) : null
            }
          >
            <FilterSelect id="restaurants-cuisine" name="cuisine" label="Cuisine" options={CUISINES} defaultValue={filters.cuisine} />
            <div className="flex h-11 items-center md:flex-none">
              <Label
                htmlFor="restaurants-open-now"
                className="cursor-pointer rounded-lg border border-input bg-card px-3 py-3 shadow-xs has-checked:border-primary has-checked:bg-primary-soft"
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
            {/* Without JavaScript these stay visible (there is no button to reveal them). */}
            <div id="restaurants-more-filters" hidden={hydrated && !moreOpen} className="grid gap-3 sm:grid-cols-2 md:contents">
              <FilterSelect id="restaurants-price" name="price" label="Price" options={RESTAURANT_PRICE_OPTIONS} defaultValue={filters.price} />
              <FilterSelect id="restaurants-rating" name="rating" label="Rating" options={RESTAURANT_RATING_OPTIONS} defaultValue={filters.rating} />
            </div>
          </FilterBar>
        </div>
      </CategoryHero>

      <section
        aria-labelledby="restaurants-results"
        aria-busy={loading}
        className="mx-auto w-full max-w-6xl px-4 py-10 transition-opacity sm:px-6 sm:py-12"
        style={loading ? { opacity: 0.65 } : undefined}
      >
        <ResultsHeader id="restaurants-results">
          {total === 1 ? "1 restaurant" : restaurants.length < total ? `Showing ${restaurants.length} of ${total} restaurants` : `${total} restaurants`}
        </ResultsHeader>
        {restaurants.length > 0 ? (
          <>
            <ul ref={listRef} aria-labelledby="restaurants-results" className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="restaurant-list">
              {cards.map((r) => (
                <RestaurantCard key={r.id} restaurant={r} />
              ))}
            </ul>
            {hasMore ? (
              <div className="mt-10 flex justify-center">
                <Button asChild variant="outline" size="lg" className="min-w-56">
                  <Link
                    to={`${PATH}${restaurantsQuery({ ...filters, page: filters.page + 1 })}`}
                    preventScrollReset
                    replace
                    aria-busy={loading}
                    onClick={() => {
                      focusFrom.current = restaurants.length;
                    }}
                  >
                    {loading ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
                    Load More Restaurants
                  </Link>
                </Button>
              </div>
            ) : restaurants.length > 20 ? (
              <p className="mt-10 text-center text-sm text-muted-foreground">That's every restaurant that matches.</p>
            ) : null}
          </>
        ) : (
          <NoResults title="No restaurants found" hint="Try adjusting your search or filters" clearHref={PATH} />
        )}
      </section>
    </>
  );
}
