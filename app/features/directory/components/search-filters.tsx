import { Clock, SlidersHorizontal } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { NativeSelect } from "~/components/ui/native-select";
import { cn } from "~/lib/utils";
import { PRICE_RANGE_WORDS } from "~/lib/catalogue-basics";
import { CATEGORY_LABELS } from "../labels";
import type { SearchParams } from "../search-params";
import { PRICES, SEARCH_CATEGORIES, SEARCH_SORTS, SORT_LABELS } from "../search-query";
import { categoryIcon } from "./placeholder-art";

/** The search page's filters as the form holds them (strings, as in the URL). */
export interface FilterState {
  q: string;
  category: string;
  kind: string;
  open: boolean;
  rating: string;
  price: string[];
  sort: string;
}

export function filterStateFrom(params: SearchParams): FilterState {
  return {
    q: params.q ?? "",
    category: params.category ?? "",
    kind: params.kind ?? "",
    open: !!params.open,
    rating: params.rating ? String(params.rating) : "",
    price: params.price ?? [],
    sort: params.sort ?? "relevance",
  };
}

/** The state as filters for toQueryString (blank fields dropped; page back to 1). */
export function filterStateToParams(state: FilterState): Partial<SearchParams> {
  const q = state.q.trim();
  return {
    q: q || undefined,
    // Any category of the tree (the checkboxes offer the spec's four; a category page's link may carry another).
    category: state.category || undefined,
    kind: state.kind || undefined,
    open: state.open || undefined,
    rating: state.rating ? Number(state.rating) : undefined,
    price: state.price.length ? (PRICES.filter((p) => state.price.includes(p)) as SearchParams["price"]) : undefined,
    sort: (SEARCH_SORTS as readonly string[]).includes(state.sort) ? (state.sort as SearchParams["sort"]) : undefined,
  };
}

export const RATING_OPTIONS = [
  { value: "", label: "Any rating" },
  { value: "3", label: "3.0+ stars" },
  { value: "3.5", label: "3.5+ stars" },
  { value: "4", label: "4.0+ stars" },
  { value: "4.5", label: "4.5+ stars" },
] as const;

function FieldTitle({ children, id }: { children: React.ReactNode; id?: string }) {
  return (
    <h3 id={id} className="text-xs font-bold tracking-wider text-muted-foreground uppercase">
      {children}
    </h3>
  );
}

/**
 * The filter panel. Every control belongs to the page's GET form (by its
 * `form` attribute), so it works without JavaScript; with JavaScript each
 * change re-runs the search at once.
 */
export function SearchFilters({
  id,
  className,
  formId,
  state,
  onChange,
  hasActiveFilters,
}: {
  id?: string;
  className?: string;
  formId: string;
  state: FilterState;
  onChange: (next: FilterState) => void;
  hasActiveFilters: boolean;
}) {
  // A rating from a shared link that isn't one of ours (rating=2) still shows as chosen.
  const ratingOptions: readonly { value: string; label: string }[] = RATING_OPTIONS.some(
    (o) => o.value === state.rating,
  )
    ? RATING_OPTIONS
    : [...RATING_OPTIONS, { value: state.rating, label: `${state.rating}+ stars` }];
  return (
    <section
      id={id}
      aria-labelledby="filters-heading"
      className={cn("rounded-2xl border bg-card p-5 shadow-card", className)}
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id="filters-heading" className="flex items-center gap-2 text-base font-bold">
          <SlidersHorizontal aria-hidden="true" className="size-4 text-primary" />
          Filters
        </h2>
        {hasActiveFilters ? (
          <Link to="/search" className="text-sm font-semibold text-primary hover:underline">
            Clear all
          </Link>
        ) : null}
      </div>

      <fieldset className="mt-5">
        <legend className="contents">
          <FieldTitle>Category</FieldTitle>
        </legend>
        <div className="mt-2.5 grid grid-cols-2 gap-2 lg:grid-cols-1">
          {SEARCH_CATEGORIES.map((slug) => {
            const Icon = categoryIcon(slug);
            const checked = state.category === slug;
            return (
              <label
                key={slug}
                className={cn(
                  "flex cursor-pointer items-center gap-2 rounded-lg border px-2.5 py-2 text-sm font-medium sm:gap-2.5 sm:px-3 transition-colors hover:bg-muted has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring",
                  checked && "border-primary bg-primary-soft text-accent-foreground hover:bg-primary-soft",
                )}
              >
                <input
                  type="checkbox"
                  name="category"
                  value={slug}
                  form={formId}
                  checked={checked}
                  onChange={(e) => onChange({ ...state, category: e.target.checked ? slug : "", kind: "" })}
                  className="size-4 shrink-0 accent-(--primary)"
                />
                <Icon aria-hidden="true" className="hidden size-4 shrink-0 opacity-70 min-[400px]:block" />
                {CATEGORY_LABELS[slug]}
              </label>
            );
          })}
        </div>
      </fieldset>

      <div className="mt-5">
        <label
          className={cn(
            "flex cursor-pointer items-center gap-2.5 rounded-lg border px-3 py-2.5 text-sm font-medium transition-colors hover:bg-muted has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring",
            state.open && "border-success/60 bg-success/10 hover:bg-success/10",
          )}
        >
          <input
            type="checkbox"
            name="open"
            value="1"
            form={formId}
            checked={state.open}
            onChange={(e) => onChange({ ...state, open: e.target.checked })}
            className="size-4 shrink-0 accent-(--success)"
          />
          <Clock aria-hidden="true" className="size-4 shrink-0 opacity-70" />
          Open Now
        </label>
      </div>

      <div className="mt-5 grid gap-2">
        <label htmlFor="filter-rating">
          <FieldTitle>Minimum rating</FieldTitle>
        </label>
        <NativeSelect
          id="filter-rating"
          name="rating"
          form={formId}
          value={state.rating}
          onChange={(e) => onChange({ ...state, rating: e.target.value })}
        >
          {ratingOptions.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect>
      </div>

      <fieldset className="mt-5">
        <legend className="contents">
          <FieldTitle>Price</FieldTitle>
        </legend>
        <div className="mt-2.5 grid grid-cols-4 overflow-hidden rounded-lg border">
          {PRICES.map((p, i) => {
            const checked = state.price.includes(p);
            return (
              <label
                key={p}
                title={PRICE_RANGE_WORDS[p]}
                className={cn(
                  "relative flex h-10 cursor-pointer items-center justify-center text-sm font-semibold transition-colors hover:bg-muted has-focus-visible:z-10 has-focus-visible:outline-2 has-focus-visible:outline-ring",
                  i > 0 && "border-l",
                  checked && "bg-primary text-primary-foreground hover:bg-primary-strong",
                )}
              >
                <input
                  type="checkbox"
                  name="price"
                  value={p}
                  form={formId}
                  checked={checked}
                  onChange={(e) =>
                    onChange({
                      ...state,
                      price: e.target.checked ? [...state.price, p] : state.price.filter((x) => x !== p),
                    })
                  }
                  className="sr-only"
                />
                <span aria-hidden="true">{p}</span>
                <span className="sr-only">{`${p} (${PRICE_RANGE_WORDS[p]})`}</span>
              </label>
            );
          })}
        </div>
      </fieldset>

      {state.kind ? <input type="hidden" name="kind" value={state.kind} form={formId} /> : null}

      <noscript>
        <Button type="submit" form={formId} className="mt-6 w-full">
          Apply filters
        </Button>
      </noscript>
    </section>
  );
}

/** "Sort by" for the results header ("Nearest" only when the search has a position: "Near me"). */
export function SortSelect({
  formId,
  value,
  onChange,
  distance = false,
}: {
  formId: string;
  value: string;
  onChange: (sort: string) => void;
  distance?: boolean;
}) {
  return (
    <div className="flex items-center gap-2">
      <label htmlFor="search-sort" className="text-sm font-medium whitespace-nowrap text-muted-foreground">
        Sort by
      </label>
      <NativeSelect
        id="search-sort"
        name="sort"
        form={formId}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="min-w-40"
      >
        {SEARCH_SORTS.filter((s) => distance || s !== "distance").map((s) => (
          <option key={s} value={s}>
            {SORT_LABELS[s]}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
