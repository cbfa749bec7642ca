import { CircleAlert, Globe, Loader2, MapPin, Search, SearchX } from "lucide-react";
import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import { Form, Link, useLocation, useNavigate, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { SearchSuggestInput } from "~/features/directory/components/search-suggest-input";
import {
  filterStateFrom,
  filterStateToParams,
  SearchFilters,
  SortSelect,
  type FilterState,
} from "~/features/directory/components/search-filters";
import { CATEGORY_LABELS, kindLabel } from "~/features/directory/labels";
import { AREA_RADIUS, emptyResult, filtersKey, PAGE_SIZE, toQueryString } from "~/features/directory/search-query";
import { useDistanceUnit } from "~/components/layout/root-data";
import { useLiveBusinessUpdates } from "~/features/directory/use-live-updates";
import { usePageView } from "~/features/directory/use-page-view";
import { JsonLd } from "~/features/seo/json-ld-script";
import { pageMeta } from "~/lib/meta";
import { toast } from "~/lib/toast";
import { preloadParts } from "~/lib/deferred-component";
import { NearMe, Pagination, ResultList, ViewControls } from "./search-parts";
import type { Route } from "./+types/search";
import { loadSearchPage, type SearchPageData } from "./search.server";
import { countLabel } from "~/lib/plural";
import type { ListingCategory } from "~/lib/catalogue-basics";
import { isMapView } from "~/features/maps/view-params";
import { FilterSheetButton } from "~/features/directory/components/filter-sheet-button";
import { NARROW_QUERY, useMediaQuery } from "~/lib/use-media-query";

// The map view's component (and through it <LazyMap>) is its own chunk: the list view's first load doesn't carry it.
const ResultsMap = lazy(() =>
  import("~/features/maps/components/results-map").then((m) => ({ default: m.ResultsMap })),
);

export const meta: Route.MetaFunction = (args) => {
  // The canonical keeps the query and category and drops page and sort; deeper filters are noindex (lib/meta).
  return pageMeta(
    args,
    "Search",
    "Search local businesses by name, category, cuisine or feature, and filter by rating, price and opening hours.",
    // A page with nothing on it is no search result either.
    { noindex: !!args.data && args.data.result.total === 0 },
  );
};

export function loader({ request, context }: Route.LoaderArgs) {
  return loadSearchPage(request, context);
}

/**
 * Client-side navigations fetch the server loader's data; if that request
 * itself fails (network, 5xx), it's the same "Search failure" as a failed
 * query: the toast and empty results, not the error page.
 */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs): Promise<SearchPageData> {
  // The URL parser carries zod, so it loads with the first client-side search, not with the page (docs/performance.md).
  const parser = import("~/features/directory/search-url");
  // The deferred parts come with the data on a client-side navigation (the page shows whole).
  const parts = preloadParts(ResultList, ViewControls, NearMe, Pagination);
  try {
    const data = await serverLoader();
    await parts;
    return data;
  } catch {
    const { params, ignored } = await parser.then(
      (m) => m.parseSearchUrl(new URL(request.url).searchParams),
      // Even that chunk unreachable (offline): the filters fall back to none, the page still says what went wrong.
      () => ({ params: { page: 1, pageSize: PAGE_SIZE }, ignored: [] }),
    );
    return { params, ignored, result: emptyResult(params.page, params.pageSize), error: true, jsonLd: [] };
  }
}

const FORM_ID = "search-form";

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { params, result, error, ignored } = loaderData;
  const navigate = useNavigate();
  const navigation = useNavigation();
  const location = useLocation();
  const searching = navigation.state === "loading" && navigation.location.pathname === "/search";

  // The form mirrors the URL; when the URL changes (submit, back/forward, a link) it follows.
  const key = filtersKey(params);
  const [state, setState] = useState<FilterState>(() => filterStateFrom(params));
  const [shownKey, setShownKey] = useState(key);
  if (key !== shownKey) {
    setShownKey(key);
    setState(filterStateFrom(params));
  }

  // Below `lg` the filters and "Near me" leave the page for a sheet once hydrated, so the results come first (issue 40,
  // defect 19); the `js-fold` class hides their column from the first frame. Without JavaScript they stay on the page.
  const narrow = useMediaQuery(NARROW_QUERY);
  const activeCount =
    (params.category ? 1 : 0) +
    (params.open ? 1 : 0) +
    (params.rating ? 1 : 0) +
    (params.price?.length ? 1 : 0) +
    (params.kind ? 1 : 0);

  usePageView("Search");
  useLiveBusinessUpdates(
    result.items.map((b) => b.id),
    { list: true },
  );

  useEffect(() => {
    if (error) toast({ title: "Error", description: "Failed to search businesses.", variant: "destructive" });
  }, [error, loaderData]);

  function apply(next: FilterState) {
    setState(next);
    // The map area, "Near me" (position, place, radius) and "anywhere" stay while the other filters change.
    const { bbox, lat, lng, near, radius, anywhere } = params;
    navigate(
      withView(`/search${toQueryString({ ...filterStateToParams(next), bbox, lat, lng, near, radius, anywhere })}`),
      {
        preventScrollReset: true,
      },
    );
  }

  const activeFilters = Boolean(
    params.q || params.category || params.kind || params.open || params.rating || params.price?.length,
  );
  // A page past the last one (an old link, a hand-edited URL): say so and link to the last page.
  const pastEnd = !error && result.totalExact && result.total > 0 && result.page > result.pageCount;
  const first = (result.page - 1) * result.pageSize + 1;
  const last = first + result.items.length - 1;
  // The map view (?view=map, docs/maps.md) stays on while filtering and paging.
  const mapView = isMapView(location.search);
  const withView = useCallback(
    (href: string) => (mapView ? `${href}${href.includes("?") ? "&" : "?"}view=map` : href),
    [mapView],
  );
  const hrefFor = useCallback(
    (page: number) => withView(`/search${toQueryString({ ...params, page })}`),
    [params, withView],
  );

  return (
    <div className="flex flex-1 flex-col">
      {loaderData.jsonLd.length ? <JsonLd data={loaderData.jsonLd} /> : null}
      <section className="relative overflow-hidden border-b bg-linear-to-b from-primary-soft/70 to-background dark:from-primary-soft/40">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -top-24 -right-24 size-72 rounded-full bg-primary/10 blur-3xl"
        />
        <div className="relative mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-12">
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Find Local Businesses</h1>
          <p className="mt-2 text-muted-foreground">
            Search by name, category, cuisine or feature, then narrow it down.
          </p>
          <Form
            id={FORM_ID}
            method="get"
            action="/search"
            role="search"
            aria-label="Search businesses"
            className="mt-6 flex max-w-3xl flex-col gap-2 sm:flex-row"
            onSubmit={(event) => {
              event.preventDefault();
              apply(state);
            }}
          >
            {/* Without JavaScript the form is a plain GET: "anywhere" stays on when the text changes. */}
            {params.anywhere ? <input type="hidden" name="anywhere" value="1" /> : null}
            <label htmlFor="search-q" className="sr-only">
              Search businesses
            </label>
            <div className="relative flex-1">
              <Search
                aria-hidden="true"
                className="pointer-events-none absolute top-1/2 left-3.5 size-5 -translate-y-1/2 text-muted-foreground"
              />
              <SearchSuggestInput
                id="search-q"
                name="q"
                type="search"
                value={state.q}
                onChange={(e) => setState({ ...state, q: e.target.value })}
                placeholder="Search businesses..."
                maxLength={200}
                className="h-12 rounded-xl pl-11 text-base shadow-card"
              />
            </div>
            <Button type="submit" size="lg" className="h-12 min-w-32" aria-busy={searching}>
              {searching ? (
                <Loader2 aria-hidden="true" className="size-5 animate-spin" data-testid="search-spinner" />
              ) : (
                <Search aria-hidden="true" className="size-5" />
              )}
              Search
            </Button>
          </Form>
        </div>
      </section>

      <div className="mx-auto grid w-full max-w-6xl flex-1 gap-6 px-4 py-8 sm:px-6 lg:grid-cols-[17rem_1fr] lg:gap-8">
        {narrow ? null : (
          <aside className="js-fold lg:sticky lg:top-20 lg:self-start">
            <SearchFilters
              id="search-filters"
              formId={FORM_ID}
              state={state}
              onChange={apply}
              hasActiveFilters={activeFilters}
            />
            <NearMe.Component
              className="mt-4"
              origin={result.origin}
              unknownPlace={result.unknownPlace}
              near={params.near}
              radius={params.radius}
            />
          </aside>
        )}

        <section
          aria-labelledby="results-heading"
          aria-busy={searching}
          className={searching ? "opacity-60 transition-opacity" : "transition-opacity"}
        >
          <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
            <div>
              <h2 id="results-heading" className="text-xl font-bold tracking-tight">
                {params.q ? (
                  <>
                    Results for <span className="text-primary">“{params.q}”</span>
                  </>
                ) : params.category ? (
                  `${CATEGORY_LABELS[params.category as ListingCategory] ?? kindLabel(params.category)}${params.kind ? ` · ${kindLabel(params.kind)}` : ""}`
                ) : (
                  "All businesses"
                )}
              </h2>
              <p role="status" className="mt-0.5 text-sm text-muted-foreground" data-testid="results-count">
                {error
                  ? "No results"
                  : pastEnd
                    ? `No more results: all ${countLabel(result.total, "result")} are on pages 1–${result.pageCount}`
                    : result.total === 0
                      ? "0 results"
                      : result.pageCount > 1
                        ? `Showing ${first}–${last} of ${countLabel(result.total, "result", undefined, { atLeast: !result.totalExact })}`
                        : countLabel(result.total, "result")}
              </p>
              {result.scope && !error ? <SearchScope scope={result.scope} params={params} withView={withView} /> : null}
              {!error ? <SearchReading result={result} /> : null}
            </div>
            <div className="flex flex-wrap items-center gap-3">
              <FilterSheetButton
                activeCount={activeCount + (params.near || params.lat !== undefined ? 1 : 0)}
                description="Each change shows its results at once."
                className="lg:hidden"
              >
                {(close) => (
                  <>
                    <SearchFilters
                      id="search-filters"
                      formId={FORM_ID}
                      state={state}
                      onChange={apply}
                      hasActiveFilters={activeFilters}
                    />
                    <NearMe.Component
                      origin={result.origin}
                      unknownPlace={result.unknownPlace}
                      near={params.near}
                      radius={params.radius}
                    />
                    <Button type="button" className="h-11" onClick={close}>
                      Show results
                    </Button>
                  </>
                )}
              </FilterSheetButton>
              <ViewControls.Component className="contents" />
              <SortSelect
                formId={FORM_ID}
                value={state.sort}
                onChange={(sort) => apply({ ...state, sort })}
                distance={!!result.origin}
              />
            </div>
          </div>
          {mapView && !error ? (
            <Suspense fallback={<div className="mb-6 h-[420px] rounded-xl border bg-muted max-md:h-[340px]" />}>
              <ResultsMap items={result.items} className="mb-6" />
            </Suspense>
          ) : null}

          {ignored.length > 0 ? (
            <p className="mb-4 rounded-xl border border-dashed bg-muted/60 px-4 py-3 text-sm text-muted-foreground">
              Some filters in this link weren't valid and were ignored ({ignored.join(", ")}).
            </p>
          ) : null}

          {error ? (
            <div className="flex flex-col items-center rounded-2xl border border-dashed bg-card px-6 py-14 text-center">
              <span
                aria-hidden="true"
                className="grid size-12 place-items-center rounded-full bg-destructive/10 text-destructive"
              >
                <CircleAlert className="size-6" />
              </span>
              <p className="mt-4 text-lg font-semibold">Search is unavailable right now</p>
              <p className="mt-1 text-muted-foreground">Please try again in a moment.</p>
              <Button asChild variant="outline" className="mt-5">
                <Link to={`${location.pathname}${location.search}`} reloadDocument>
                  Try again
                </Link>
              </Button>
            </div>
          ) : pastEnd ? (
            <div
              className="flex flex-col items-center rounded-2xl border border-dashed bg-card px-6 py-14 text-center"
              data-testid="past-end"
            >
              <span
                aria-hidden="true"
                className="grid size-12 place-items-center rounded-full bg-muted text-muted-foreground"
              >
                <SearchX className="size-6" />
              </span>
              <p className="mt-4 text-lg font-semibold">No more results</p>
              <p className="mt-1 text-muted-foreground">
                This search has {result.pageCount === 1 ? "only one page" : `${result.pageCount} pages`}.
              </p>
              <Button asChild variant="outline" className="mt-5">
                <Link to={hrefFor(result.pageCount)}>
                  {result.pageCount === 1 ? "Back to the results" : `Go to the last page (${result.pageCount})`}
                </Link>
              </Button>
            </div>
          ) : result.items.length === 0 ? (
            <div
              className="flex flex-col items-center rounded-2xl border border-dashed bg-card px-6 py-14 text-center"
              data-testid="empty-state"
            >
              <span
                aria-hidden="true"
                className="grid size-12 place-items-center rounded-full bg-muted text-muted-foreground"
              >
                <SearchX className="size-6" />
              </span>
              <p className="mt-4 text-lg font-semibold">No businesses found</p>
              <p className="mt-1 text-muted-foreground">Try adjusting your search or filters</p>
              {activeFilters ? (
                <Button asChild variant="outline" className="mt-5">
                  <Link to="/search">Clear filters</Link>
                </Button>
              ) : null}
            </div>
          ) : (
            <>
              <ResultList.Component items={result.items} first={first} labelledBy="results-heading" />
              <Pagination.Component page={result.page} pageCount={result.pageCount} hrefFor={hrefFor} />
            </>
          )}
        </section>
      </div>
    </div>
  );
}

/**
 * How the search read its text and its place (docs/search.md, "Query understanding"): "chinese food near me" is
 * Restaurants · Chinese with no words left; a place without a radius keeps to its area, and says when it widened.
 */
function SearchReading({ result }: { result: SearchPageData["result"] }) {
  const unit = useDistanceUnit();
  const u = result.understood;
  const parts = u
    ? [
        u.category ? (u.categoryName ?? kindLabel(u.category)) : null,
        u.price ? u.price.join("–") : null,
        u.open ? "Open now" : null,
        u.text ? `“${u.text}”` : null,
      ].filter(Boolean)
    : [];
  const place = result.origin?.label;
  const area = result.area;
  if (!parts.length && !area) return null;
  return (
    <div className="mt-1 space-y-0.5 text-sm text-muted-foreground" data-testid="search-reading">
      {parts.length ? <p>Showing {parts.join(" · ")}</p> : null}
      {area && area.radius !== null && !area.widened ? (
        <p>{`Within ${area.radius} ${unit} of ${place ?? "your location"}`}</p>
      ) : null}
      {area?.widened ? (
        <p className="font-medium text-foreground">
          {`Nothing within ${AREA_RADIUS} ${unit} of ${place ?? "your location"}: showing matches ${
            area.radius === null ? "farther away" : `within ${area.radius} ${unit}`
          }.`}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Where the search ran (docs/search.md, "Located search"): in the site's city by default, with a
 * link to search anywhere; or anywhere, with the city's listings first and a link back.
 */
function SearchScope({
  scope,
  params,
  withView,
}: {
  scope: NonNullable<SearchPageData["result"]["scope"]>;
  params: SearchPageData["params"];
  withView: (href: string) => string;
}) {
  const place = `${scope.city}, ${scope.state}`;
  const href = withView(`/search${toQueryString({ ...params, page: 1, anywhere: !scope.anywhere })}`);
  const [Icon, where, switchTo] = scope.anywhere
    ? ([Globe, `Everywhere, ${place} first`, `Only ${place}`] as const)
    : ([MapPin, `In ${place}`, "Search anywhere"] as const);
  return (
    <p className="mt-1 flex flex-wrap items-center gap-x-1.5 text-sm text-muted-foreground" data-testid="search-scope">
      <Icon aria-hidden="true" className="size-4" />
      <span>{where}</span>
      <span aria-hidden="true">·</span>
      <Link to={href} className="font-medium text-primary underline-offset-4 hover:underline">
        {switchTo}
      </Link>
    </p>
  );
}
