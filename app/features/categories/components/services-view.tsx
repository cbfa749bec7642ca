import { BadgeCheck, MapPinned } from "lucide-react";
import { businessPath } from "~/lib/business-url";
import type { BusinessCard, NearMeState } from "~/features/directory/types";
import { SUBCATEGORY_OPTIONS, SERVICE_BADGE_FEATURES } from "~/lib/catalogue";
import { SERVICE_TYPES } from "../options";
import { kindName, pageQuery } from "../page-params";
import { CategoryHero, CategoryResults, FilterBar, FilterSelect } from "./category-layout";
import { ListingCard } from "./listing-card";

export interface ServicesFilters {
  q: string;
  type: string;
  page: number;
}

export const SERVICES_PATH = "/categories/services";

const chip = "inline-flex items-center gap-1 rounded-full px-2.5 py-1 text-xs font-semibold";

const hasFeature = (provider: BusinessCard, feature: string) =>
  provider.features.some((f) => f.toLowerCase() === feature.toLowerCase());

/** /categories/services: "Local Services", over the directory's published providers. */
export function ServicesView({
  providers,
  total,
  totalExact = true,
  hasMore,
  filters,
  city,
  nearMe,
}: {
  providers: readonly BusinessCard[];
  total: number;
  /** False when `total` is a lower bound ("1,000+"). */
  totalExact?: boolean;
  hasMore: boolean;
  filters: ServicesFilters;
  city: string;
  nearMe?: NearMeState;
}) {
  const filtered = filters.q !== "" || filters.type !== "all";
  return (
    <>
      <CategoryHero
        eyebrow="Services"
        title="Local Services"
        lead={`Plumbers, electricians, cleaners and landscapers${city ? ` in ${city}` : ""}, reviewed by your neighbors.`}
      >
        <FilterBar
          nearMe={nearMe}
          formKey={`${filters.q}|${filters.type}`}
          searchId="services-search"
          searchLabel="Search"
          searchPlaceholder="Search services..."
          defaultQuery={filters.q}
        >
          <FilterSelect
            id="services-type"
            name="type"
            label="Service type"
            options={SERVICE_TYPES}
            defaultValue={filters.type}
          />
        </FilterBar>
      </CategoryHero>

      <CategoryResults
        nearMe={nearMe}
        id="services-results"
        items={providers}
        total={total}
        totalExact={totalExact}
        hasMore={hasMore}
        page={filters.page}
        nextHref={`${SERVICES_PATH}${pageQuery({ ...filters, page: filters.page + 1 })}`}
        loadMoreLabel="Load More Services"
        noun={["provider"]}
        endText="That's every provider that matches."
        empty={{
          title: filtered ? "No providers match those filters" : "No providers listed yet",
          hint: filtered
            ? filters.q && filters.type !== "all"
              ? "Try fewer words, or choose All Services."
              : filters.q
                ? "Try fewer or different words."
                : "Try another service type, or All Services."
            : "Providers appear here as soon as they are listed and approved.",
          clearHref: SERVICES_PATH,
        }}
        renderCard={(provider) => {
          const licensed = hasFeature(provider, SERVICE_BADGE_FEATURES.licensed);
          const radius = hasFeature(provider, SERVICE_BADGE_FEATURES.radius);
          return (
            <ListingCard
              business={provider}
              kindLabel={kindName(SUBCATEGORY_OPTIONS.services, provider.subcategory)}
              hideFeatures={Object.values(SERVICE_BADGE_FEATURES)}
              badges={
                licensed || radius ? (
                  <>
                    {licensed ? (
                      <span className={`${chip} bg-success/12 text-success`}>
                        <BadgeCheck aria-hidden="true" className="size-3.5" />
                        Licensed &amp; Insured
                      </span>
                    ) : null}
                    {radius ? (
                      <span className={`${chip} bg-primary-soft text-accent-foreground`}>
                        <MapPinned aria-hidden="true" className="size-3.5" />
                        Serves within 20 miles
                      </span>
                    ) : null}
                  </>
                ) : null
              }
              action={{ label: "Contact Now", to: businessPath(provider, "send-message") }}
            />
          );
        }}
      />
    </>
  );
}
