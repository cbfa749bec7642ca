import type { BusinessCard, NearMeState } from "~/features/directory/types";
import { businessPath } from "~/lib/business-url";
import { SUBCATEGORY_OPTIONS } from "~/lib/catalogue";
import { SHOPPING_CATEGORIES } from "../options";
import { kindName, pageQuery } from "../page-params";
import { CategoryHero, CategoryResults, FilterBar, FilterSelect } from "./category-layout";
import { ListingCard } from "./listing-card";

export interface ShoppingFilters {
  q: string;
  category: string;
  page: number;
}

export const SHOPPING_PATH = "/categories/shopping";

/** /categories/shopping: "Shopping Near You", over the directory's published shops. */
export function ShoppingView({
  stores,
  total,
  totalExact = true,
  hasMore,
  filters,
  city,
  nearMe,
}: {
  stores: readonly BusinessCard[];
  total: number;
  /** False when `total` is a lower bound ("1,000+"). */
  totalExact?: boolean;
  hasMore: boolean;
  filters: ShoppingFilters;
  city: string;
  nearMe?: NearMeState;
}) {
  const filtered = filters.q !== "" || filters.category !== "all";
  return (
    <>
      <CategoryHero
        eyebrow="Shopping"
        title="Shopping Near You"
        lead={`Boutiques, gift shops and makers${city ? ` around ${city}` : ""}: find something you won't see at the mall.`}
      >
        <FilterBar
          nearMe={nearMe}
          formKey={`${filters.q}|${filters.category}`}
          searchId="shopping-search"
          searchLabel="Search"
          searchPlaceholder="Search stores..."
          defaultQuery={filters.q}
        >
          <FilterSelect
            id="shopping-category"
            name="category"
            label="Category"
            options={SHOPPING_CATEGORIES}
            defaultValue={filters.category}
          />
        </FilterBar>
      </CategoryHero>

      <CategoryResults
        nearMe={nearMe}
        id="shopping-results"
        items={stores}
        total={total}
        totalExact={totalExact}
        hasMore={hasMore}
        page={filters.page}
        nextHref={`${SHOPPING_PATH}${pageQuery({ ...filters, page: filters.page + 1 })}`}
        loadMoreLabel="Load More Stores"
        noun={["store"]}
        endText="That's every store that matches."
        empty={{
          title: filtered ? "No stores match those filters" : "No stores listed yet",
          hint: filtered
            ? filters.q && filters.category !== "all"
              ? "Try fewer words, or choose All Categories."
              : filters.q
                ? "Try fewer or different words."
                : "Try another category, or All Categories."
            : "Shops appear here as soon as they are listed and approved.",
          clearHref: SHOPPING_PATH,
        }}
        renderCard={(store) => (
          <ListingCard
            business={store}
            kindLabel={kindName(SUBCATEGORY_OPTIONS.shopping, store.subcategory)}
            action={{ label: "View Store", to: businessPath(store) }}
          />
        )}
      />
    </>
  );
}
