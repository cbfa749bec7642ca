import { Link } from "react-router";
import { SHOPPING_CATEGORIES, optionLabel } from "../options";
import type { SampleListing } from "../sample-listings";
import {
  CardGrid,
  CategoryHero,
  FilterBar,
  FilterSelect,
  LoadMoreButton,
  NoResults,
  ResultsHeader,
  SampleNotice,
} from "./category-layout";
import { ListingCard } from "./listing-card";
import { countLabel } from "~/lib/plural";

export interface ShoppingFilters {
  q: string;
  category: string;
}

/** /categories/shopping: "Shopping Near You". Takes its stores as props so real data can replace the samples. */
export function ShoppingView({ stores, filters, city }: { stores: readonly SampleListing[]; filters: ShoppingFilters; city: string }) {
  return (
    <>
      <CategoryHero
        eyebrow="Shopping"
        title="Shopping Near You"
        lead={`Boutiques, gift shops and makers${city ? ` around ${city}` : ""}: find something you won't see at the mall.`}
      >
        <FilterBar
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

      <section aria-labelledby="shopping-results" className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 sm:py-12">
        <ResultsHeader id="shopping-results">
          {countLabel(stores.length, "store")}
        </ResultsHeader>
        <SampleNotice>
          These are sample stores while shopping listings are being added. To find real shops today, try{" "}
          <Link to="/search?category=shopping" className="font-medium text-foreground underline underline-offset-2">
            searching the directory
          </Link>
          .
        </SampleNotice>
        {stores.length > 0 ? (
          <>
            <CardGrid labelledBy="shopping-results">
              {stores.map((store) => (
                <ListingCard
                  key={store.id}
                  listing={store}
                  kindLabel={optionLabel(SHOPPING_CATEGORIES, store.kind)}
                  action={{ label: "View Store", to: "/search?category=shopping" }}
                />
              ))}
            </CardGrid>
            <LoadMoreButton label="Load More Stores" noun="store" />
          </>
        ) : (
          <NoResults
            title="No stores match those filters"
            hint="Try a different search or category."
            clearHref="/categories/shopping"
          />
        )}
      </section>
    </>
  );
}
