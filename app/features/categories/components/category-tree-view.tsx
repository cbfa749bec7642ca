import { ChevronRight } from "lucide-react";
import { businessPath } from "~/lib/business-url";
import { Link } from "react-router";
import type { BusinessCard, NearMeState } from "~/features/directory/types";
import { pageQuery } from "../page-params";
import { CategoryHero, CategoryResults, FilterBar } from "./category-layout";
import { ListingCard } from "./listing-card";

export interface CategoryTreePageProps {
  category: { slug: string; name: string; group: string; trail: { slug: string; name: string }[] };
  subcategories: { slug: string; name: string }[];
  categoryNames: Record<string, string>;
  filters: { q: string; page: number };
  items: readonly BusinessCard[];
  total: number;
  totalExact: boolean;
  hasMore: boolean;
  nearMe?: NearMeState;
  city: string;
}

/** Home › Categories › Health & Medical › Dentists: each step a link but the last (the page itself). */
export function CategoryBreadcrumbs({ trail }: { trail: { slug: string; name: string }[] }) {
  const steps = [
    { name: "Home", to: "/" },
    { name: "Categories", to: "/categories" },
  ].concat(trail.map((n) => ({ name: n.name, to: `/categories/${n.slug}` })));
  return (
    <nav aria-label="Breadcrumb" className="mb-3 text-sm">
      <ol className="flex flex-wrap items-center gap-1 text-muted-foreground">
        {steps.map((step, i) => (
          <li key={step.to} className="flex items-center gap-1">
            {i > 0 ? <ChevronRight aria-hidden="true" className="size-3.5 shrink-0" /> : null}
            {i === steps.length - 1 ? (
              <span aria-current="page" className="font-medium text-foreground">
                {step.name}
              </span>
            ) : (
              <Link to={step.to} className="underline-offset-2 hover:text-foreground hover:underline">
                {step.name}
              </Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** /categories/<slug>: a category of the tree, its sub-categories and its businesses in the site's city. */
export function CategoryTreeView({
  category,
  subcategories,
  categoryNames,
  filters,
  items,
  total,
  totalExact,
  hasMore,
  nearMe,
  city,
}: CategoryTreePageProps) {
  const path = `/categories/${category.slug}`;
  const group = category.trail[0];
  return (
    <>
      <CategoryHero
        eyebrow={group && group.slug !== category.slug ? group.name : "Category"}
        title={category.name}
        lead={`${category.name}${city ? ` in ${city}` : ""}, reviewed by your neighbors.`}
      >
        <CategoryBreadcrumbs trail={category.trail} />
        <FilterBar
          nearMe={nearMe}
          formKey={filters.q}
          searchId="category-search"
          searchLabel="Search"
          searchPlaceholder={`Search ${category.name.toLowerCase()}...`}
          defaultQuery={filters.q}
          submitLabel="Search"
        />
        {subcategories.length ? (
          <nav aria-label={`Kinds of ${category.name}`} className="mt-4">
            <ul className="flex flex-wrap gap-2" data-testid="subcategories">
              {subcategories.map((c) => (
                <li key={c.slug}>
                  <Link
                    to={`/categories/${c.slug}`}
                    className="inline-block rounded-full border bg-background px-3 py-1.5 text-sm font-medium transition-colors hover:bg-secondary focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                  >
                    {c.name}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </CategoryHero>
      <CategoryResults
        nearMe={nearMe}
        id="category-results"
        items={items}
        total={total}
        totalExact={totalExact}
        hasMore={hasMore}
        page={filters.page}
        nextHref={`${path}${pageQuery({ ...filters, page: filters.page + 1 })}`}
        loadMoreLabel={`Load More ${category.name}`}
        noun={["business", "businesses"]}
        endText="That's every business that matches."
        empty={{
          title: filters.q ? "No businesses match that search" : `No ${category.name.toLowerCase()} listed yet`,
          hint: filters.q
            ? "Try fewer or different words."
            : "Businesses appear here as soon as they are listed and approved. Own one? Add it for free.",
          clearHref: path,
        }}
        renderCard={(business) => (
          <ListingCard
            business={business}
            kindLabel={categoryNames[business.primaryCategory] ?? ""}
            action={{ label: "View Details", to: businessPath(business) }}
          />
        )}
      />
    </>
  );
}
