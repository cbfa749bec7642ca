import { BadgeCheck, Clock, MapPinned } from "lucide-react";
import { Link } from "react-router";
import { SERVICE_TYPES, optionLabel } from "../options";
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

export interface ServicesFilters {
  q: string;
  type: string;
}

const chip = "inline-flex items-center gap-1 rounded-full px-2.5 py-1 text-xs font-semibold";

/** /categories/services: "Local Services". Takes its providers as props so real data can replace the samples. */
export function ServicesView({
  providers,
  filters,
  city,
}: {
  providers: readonly SampleListing[];
  filters: ServicesFilters;
  city: string;
}) {
  return (
    <>
      <CategoryHero
        eyebrow="Services"
        title="Local Services"
        lead={`Plumbers, electricians, cleaners and landscapers${city ? ` in ${city}` : ""}, reviewed by your neighbors.`}
      >
        <FilterBar
          formKey={`${filters.q}|${filters.type}`}
          searchId="services-search"
          searchLabel="Search"
          searchPlaceholder="Search services..."
          defaultQuery={filters.q}
        >
          <FilterSelect id="services-type" name="type" label="Service type" options={SERVICE_TYPES} defaultValue={filters.type} />
        </FilterBar>
      </CategoryHero>

      <section aria-labelledby="services-results" className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 sm:py-12">
        <ResultsHeader id="services-results">
          {countLabel(providers.length, "provider")}
        </ResultsHeader>
        <SampleNotice>
          These are sample providers while service listings are being added. To find real pros today, try{" "}
          <Link to="/search?category=services" className="font-medium text-foreground underline underline-offset-2">
            searching the directory
          </Link>
          .
        </SampleNotice>
        {providers.length > 0 ? (
          <>
            <CardGrid labelledBy="services-results">
              {providers.map((provider) => (
                <ListingCard
                  key={provider.id}
                  listing={provider}
                  kindLabel={optionLabel(SERVICE_TYPES, provider.kind)}
                  meta={
                    <span className="inline-flex items-center gap-1">
                      <Clock aria-hidden="true" className="size-3.5" />
                      Replies within a day
                    </span>
                  }
                  badges={
                    <>
                      <span className={`${chip} bg-success/12 text-success`}>
                        <BadgeCheck aria-hidden="true" className="size-3.5" />
                        Licensed &amp; Insured
                      </span>
                      <span className={`${chip} bg-primary-soft text-accent-foreground`}>
                        <MapPinned aria-hidden="true" className="size-3.5" />
                        Serves within 20 miles
                      </span>
                    </>
                  }
                  action={{ label: "Contact Now", to: "/search?category=services" }}
                />
              ))}
            </CardGrid>
            <LoadMoreButton label="Load More Services" noun="service provider" />
          </>
        ) : (
          <NoResults
            title="No providers match those filters"
            hint="Try a different search or service type."
            clearHref="/categories/services"
          />
        )}
      </section>
    </>
  );
}
