import { Loader2, SearchX, Search } from "lucide-react";
import { ClearAreaLink, ViewToggle } from "~/features/maps/components/view-toggle";
import { isMappable, isMapView } from "~/features/maps/view-params";
import { NearMe } from "~/features/directory/components/near-me";
import { SearchSuggestInput } from "~/features/directory/components/search-suggest-input";
import { keepLocation, LOCATION_KEYS } from "~/features/directory/distance";
import type { NearMeState } from "~/features/directory/types";
import { Fragment, lazy, Suspense, useEffect, useRef } from "react";
import type * as React from "react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { PageHeader } from "~/components/layout/page-header";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { useLiveBusinessUpdates } from "~/features/directory/use-live-updates";
import { countLabel, formatCount } from "~/lib/plural";
import { cn } from "~/lib/utils";
import { PHONE_QUERY, useMediaQuery } from "~/lib/use-media-query";
import { FilterSheetButton } from "~/features/directory/components/filter-sheet-button";

// The map view (?view=map, docs/maps.md) is its own chunk: the list's first load doesn't carry it.
const ResultsMap = lazy(() =>
  import("~/features/maps/components/results-map").then((m) => ({ default: m.ResultsMap })),
);

export interface SelectOption {
  value: string;
  label: string;
}

/** A labelled dropdown for a filter bar (a native select, so the GET form works without JavaScript). */
export function FilterSelect({
  id,
  name,
  label,
  options,
  defaultValue,
  className,
}: {
  id: string;
  name: string;
  label: string;
  options: readonly SelectOption[];
  defaultValue?: string;
  className?: string;
}) {
  return (
    <div className={cn("grid gap-1.5 md:min-w-0 md:flex-1", className)}>
      <Label htmlFor={id} className="text-xs font-semibold text-muted-foreground">
        {label}
      </Label>
      <NativeSelect id={id} name={name} defaultValue={defaultValue ?? "all"} className="[&_select]:h-11">
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

/** Keys of a category page's URL that are not its filters (the map's area, paging and the view). */
const NOT_FILTERS = new Set(["q", "page", "view", "bbox", "sort", "lat", "lng", "near", "radius"]);

/**
 * The filter bar of a category page: a search box, the page's dropdowns and
 * a submit button. It is a GET form, so filters live in the URL.
 *
 * On a phone (issue 40, defect 19) only the search box stays on the page, with a "Filters" button: the dropdowns,
 * `below` and "Near me" move into a sheet, so the first screen shows results. Without JavaScript all of it stays
 * here; with it, the `js-sheet` class hides them on phones from the first frame, and once hydrated they are rendered
 * in the sheet only (the form carries the URL's filters along in hidden fields meanwhile).
 */
export function FilterBar({
  searchId,
  searchLabel,
  searchPlaceholder,
  defaultQuery,
  submitLabel = "Apply Filters",
  children,
  extra,
  below,
  formKey,
  onSuggestionPick,
  nearMe,
  live = false,
}: {
  searchId: string;
  searchLabel: string;
  searchPlaceholder: string;
  defaultQuery?: string;
  submitLabel?: string;
  children?: React.ReactNode;
  /** Controls shown after the submit button (e.g. "More Filters"); not in the phone's sheet. */
  extra?: React.ReactNode;
  /** A full-width row under the controls (e.g. the panel "More Filters" opens); told whether it is in the sheet. */
  below?: React.ReactNode | ((inSheet: boolean) => React.ReactNode);
  /** Changes when the URL's filters change, so back/forward resets the fields. */
  formKey?: string;
  /** A suggestion of the search box was chosen (its page opens next). */
  onSuggestionPick?: () => void;
  /** "Near me": on a phone, in the sheet (wider screens show it over the results). */
  nearMe?: NearMeState;
  /** The page searches on every change (Restaurants): the sheet's button only closes it. */
  live?: boolean;
}) {
  // "Near me" and the map's area ride along with the page's own filters.
  const location = useLocation();
  const phone = useMediaQuery(PHONE_QUERY);
  const current = new URLSearchParams(location.search);
  const kept = LOCATION_KEYS.flatMap((key) => {
    const value = current.get(key);
    return value === null ? [] : [[key, value] as const];
  });
  const filters = [...current.entries()].filter(([key, value]) => !NOT_FILTERS.has(key) && value && value !== "all");
  const activeCount = filters.length + (current.has("near") || current.has("lat") ? 1 : 0);
  const keptFields = kept.map(([key, value]) => <input key={key} type="hidden" name={key} value={value} />);
  const sheetFormId = `${searchId}-sheet-form`;
  const belowIn = (inSheet: boolean) => (typeof below === "function" ? below(inSheet) : below);
  return (
    // The URL is the filters' only source: autoComplete="off" keeps the browser from restoring the boxes a visitor
    // had ticked when Back loads the page anew (after a reload, say), which would contradict the URL.
    <Form
      key={formKey}
      method="get"
      preventScrollReset
      role="search"
      autoComplete="off"
      className="grid gap-3 rounded-2xl border bg-card p-4 shadow-card sm:p-5"
    >
      {keptFields}
      {phone
        ? filters.map(([key, value], i) => <input key={`${key}-${i}`} type="hidden" name={key} value={value} />)
        : null}
      <div className="grid gap-3 md:flex md:items-end">
        <div className="grid gap-1.5 md:min-w-0 md:flex-[1.6]">
          <Label htmlFor={searchId} className="text-xs font-semibold text-muted-foreground">
            {searchLabel}
          </Label>
          <div className="relative">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            />
            <SearchSuggestInput
              id={searchId}
              name="q"
              type="search"
              placeholder={searchPlaceholder}
              defaultValue={defaultQuery}
              onPick={onSuggestionPick}
              className="h-11 pl-9"
            />
          </div>
        </div>
        {phone ? null : <div className="js-sheet contents">{children}</div>}
        <div className="flex flex-wrap items-end gap-2">
          <Button type="submit" className="h-11 flex-1 px-5 md:flex-none">
            {submitLabel}
          </Button>
          {phone ? null : <div className="js-sheet contents">{extra}</div>}
          <FilterSheetButton
            activeCount={activeCount}
            description="Narrow the list, then show the results."
            className="h-11 flex-1 md:hidden"
          >
            {(close) => (
              <>
                <Form
                  id={sheetFormId}
                  method="get"
                  action={location.pathname}
                  preventScrollReset
                  autoComplete="off"
                  className="grid gap-4"
                  onSubmit={close}
                >
                  {keptFields}
                  <input type="hidden" name="q" value={current.get("q") ?? ""} />
                  {children}
                  {belowIn(true)}
                </Form>
                {nearMe ? <NearMe {...nearMe} /> : null}
                {live ? (
                  // Each change has already run the search: this only closes the sheet.
                  <Button type="button" className="h-11" onClick={close}>
                    Show results
                  </Button>
                ) : (
                  <Button type="submit" form={sheetFormId} className="h-11">
                    {submitLabel}
                  </Button>
                )}
              </>
            )}
          </FilterSheetButton>
        </div>
      </div>
      {phone ? null : <div className="js-sheet contents">{belowIn(false)}</div>}
    </Form>
  );
}

/** The top band of a category page with its filters. */
export function CategoryHero({
  eyebrow,
  title,
  lead,
  children,
}: {
  eyebrow?: string;
  title: string;
  lead: string;
  children: React.ReactNode;
}) {
  return (
    <PageHeader eyebrow={eyebrow} title={title} lead={lead}>
      {children}
    </PageHeader>
  );
}

export function ResultsHeader({ children, id }: { children: React.ReactNode; id: string }) {
  return (
    <div className="mb-5 flex flex-wrap items-baseline justify-between gap-2">
      <h2 id={id} className="text-xl font-bold tracking-tight">
        {children}
      </h2>
    </div>
  );
}

export function NoResults({ title, hint, clearHref }: { title: string; hint: string; clearHref: string }) {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed bg-card px-6 py-14 text-center">
      <span aria-hidden="true" className="grid size-12 place-items-center rounded-full bg-muted text-muted-foreground">
        <SearchX className="size-6" />
      </span>
      <p className="mt-4 text-lg font-semibold">{title}</p>
      <p className="mt-1 text-muted-foreground">{hint}</p>
      <Button asChild variant="outline" className="mt-5">
        <Link to={clearHref} preventScrollReset>
          Clear filters
        </Link>
      </Button>
    </div>
  );
}

/**
 * The results of a category page: a count ("Showing 20 of 61 stores"), the
 * cards, "Load More …" (a link to the next page: it works without
 * JavaScript and disappears at the end) and the empty state. After "Load
 * More", focus moves to the first new card, so keyboard and screen-reader
 * users keep their place.
 */
export function CategoryResults<T extends { id: string }>({
  id,
  items,
  total,
  totalExact = true,
  hasMore,
  page,
  nextHref,
  loadMoreLabel,
  noun,
  endText,
  empty,
  renderCard,
  nearMe,
}: {
  id: string;
  items: readonly T[];
  total: number;
  /** False when `total` is a lower bound: "1,000+ restaurants" (docs/search.md). */
  totalExact?: boolean;
  hasMore: boolean;
  /** How many pages are shown (the end of a list that was loaded more is said out loud). */
  page: number;
  /** The URL of the same filters with one more page. */
  nextHref: string;
  loadMoreLabel: string;
  noun: [singular: string, plural?: string];
  /** Said under a long list once everything is shown. */
  endText: string;
  empty: { title: string; hint: string; clearHref: string };
  renderCard: (item: T) => React.ReactNode;
  /** "Near me" (docs/maps.md): the panel over the results, and distances on the cards. */
  nearMe?: NearMeState;
}) {
  const navigation = useNavigation();
  const location = useLocation();
  // On a phone "Near me" is in the filter sheet (FilterBar): the results come first.
  const phone = useMediaQuery(PHONE_QUERY);
  const loading = navigation.state === "loading" && navigation.location.pathname === location.pathname;
  // The live feed: reload when a shown business changes, or one appears or leaves.
  useLiveBusinessUpdates(
    items.map((item) => item.id),
    { list: true },
  );
  const listRef = useRef<HTMLUListElement>(null);
  const focusFrom = useRef<number | null>(null);
  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || items.length <= from) return;
    focusFrom.current = null;
    listRef.current?.querySelectorAll<HTMLElement>(":scope > li a")[from]?.focus();
  }, [items]);

  const counted = countLabel(total, noun[0], noun[1], { atLeast: !totalExact });
  const heading = items.length < total || !totalExact ? `Showing ${formatCount(items.length)} of ${counted}` : counted;

  return (
    <section
      aria-labelledby={id}
      aria-busy={loading}
      className="mx-auto w-full max-w-6xl px-4 py-10 transition-opacity sm:px-6 sm:py-12"
      style={loading ? { opacity: 0.65 } : undefined}
    >
      {nearMe && !phone ? <NearMe {...nearMe} layout="row" className="js-sheet mb-6" /> : null}
      <div className="flex flex-wrap items-start justify-between gap-3">
        <ResultsHeader id={id}>{heading}</ResultsHeader>
        <div className="mb-5 flex flex-wrap items-center gap-3">
          <ClearAreaLink />
          <ViewToggle />
        </div>
      </div>
      {isMapView(location.search) && items.length > 0 ? (
        <Suspense fallback={<div className="mb-6 h-[420px] rounded-xl border bg-muted max-md:h-[340px]" />}>
          <ResultsMap items={items.flatMap((item) => (isMappable(item) ? [item] : []))} className="mb-6" />
        </Suspense>
      ) : null}
      {items.length > 0 ? (
        <>
          <ul
            ref={listRef}
            aria-labelledby={id}
            className="grid gap-4 *:defer-render *:[--rendered-size:250px] sm:grid-cols-2 sm:gap-6 sm:*:[--rendered-size:410px] lg:grid-cols-3"
            data-testid={`${id}-list`}
          >
            {items.map((item) => (
              <Fragment key={item.id}>{renderCard(item)}</Fragment>
            ))}
          </ul>
          {hasMore ? (
            <div className="mt-10 flex justify-center">
              <Button asChild variant="outline" size="lg" className="min-w-56">
                <Link
                  // keepLocation works on the query string: the path goes in front of it.
                  to={`${nextHref.split("?")[0]}${keepLocation(nextHref.slice(nextHref.split("?")[0]!.length), location.search)}`}
                  preventScrollReset
                  replace
                  aria-busy={loading}
                  onClick={() => {
                    focusFrom.current = items.length;
                  }}
                >
                  {loading ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
                  {loadMoreLabel}
                </Link>
              </Button>
            </div>
          ) : items.length < total ? (
            <p className="mt-10 text-center text-sm text-muted-foreground">
              That's as many as one page shows: narrow the search or filters to see the rest.
            </p>
          ) : page > 1 ? (
            <p className="mt-10 text-center text-sm text-muted-foreground">{endText}</p>
          ) : null}
        </>
      ) : (
        <NoResults {...empty} />
      )}
    </section>
  );
}
