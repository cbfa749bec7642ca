import { Ticket, Users } from "lucide-react";
import { Link } from "react-router";
import { AGE_GROUPS, ENTERTAINMENT_TYPES, optionLabel } from "../options";
import type { SampleVenue } from "../sample-listings";
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

export interface EntertainmentFilters {
  q: string;
  type: string;
  age: string;
}

function agesLabel(ages: string[]): string {
  if (ages.includes("family")) return "Family-Friendly";
  if (ages.length === 1 && ages[0] === "adults") return "Adults (18+)";
  return ages.includes("kids") ? "All ages" : "Ages 13+";
}

/** /categories/entertainment: "Entertainment & Activities". Takes its venues as props so real data can replace the samples. */
export function EntertainmentView({
  venues,
  filters,
  city,
}: {
  venues: readonly SampleVenue[];
  filters: EntertainmentFilters;
  city: string;
}) {
  return (
    <>
      <CategoryHero
        eyebrow="Entertainment"
        title="Entertainment & Activities"
        lead={`Shows, games, escape rooms and days out${city ? ` in ${city}` : ""}, for date night, game night or the whole family.`}
      >
        <FilterBar
          formKey={`${filters.q}|${filters.type}|${filters.age}`}
          searchId="entertainment-search"
          searchLabel="Search"
          searchPlaceholder="Search activities..."
          defaultQuery={filters.q}
        >
          <FilterSelect
            id="entertainment-type"
            name="type"
            label="Type"
            options={ENTERTAINMENT_TYPES}
            defaultValue={filters.type}
          />
          <FilterSelect id="entertainment-age" name="age" label="Age group" options={AGE_GROUPS} defaultValue={filters.age} />
        </FilterBar>
      </CategoryHero>

      <section aria-labelledby="entertainment-results" className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 sm:py-12">
        <ResultsHeader id="entertainment-results">
          {countLabel(venues.length, "activity", "activities")}
        </ResultsHeader>
        <SampleNotice>
          These are sample venues while entertainment listings are being added. To find real venues today, try{" "}
          <Link to="/search?category=entertainment" className="font-medium text-foreground underline underline-offset-2">
            searching the directory
          </Link>
          .
        </SampleNotice>
        {venues.length > 0 ? (
          <>
            <CardGrid labelledBy="entertainment-results">
              {venues.map((venue) => (
                <ListingCard
                  key={venue.id}
                  listing={venue}
                  kindLabel={optionLabel(ENTERTAINMENT_TYPES, venue.kind)}
                  meta={
                    <span className="inline-flex items-center gap-1">
                      <Ticket aria-hidden="true" className="size-3.5" />
                      {venue.priceHint}
                    </span>
                  }
                  badges={
                    <span className="inline-flex items-center gap-1 rounded-full bg-primary-soft px-2.5 py-1 text-xs font-semibold text-accent-foreground">
                      <Users aria-hidden="true" className="size-3.5" />
                      {agesLabel(venue.ages)}
                    </span>
                  }
                  action={{ label: "View Details", to: "/search?category=entertainment" }}
                />
              ))}
            </CardGrid>
            <LoadMoreButton label="Load More Activities" noun="activity" />
          </>
        ) : (
          <NoResults
            title="No activities match those filters"
            hint="Try a different search, type or age group."
            clearHref="/categories/entertainment"
          />
        )}
      </section>
    </>
  );
}
