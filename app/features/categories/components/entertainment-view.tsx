import { Users } from "lucide-react";
import { businessPath } from "~/lib/business-url";
import type { BusinessCard, NearMeState } from "~/features/directory/types";
import { AGE_GROUP_OPTIONS, SUBCATEGORY_OPTIONS } from "~/lib/catalogue";
import { AGE_GROUPS, ENTERTAINMENT_TYPES } from "../options";
import { kindName, pageQuery } from "../page-params";
import { CategoryHero, CategoryResults, FilterBar, FilterSelect } from "./category-layout";
import { ListingCard } from "./listing-card";

export interface EntertainmentFilters {
  q: string;
  type: string;
  age: string;
  page: number;
}

export const ENTERTAINMENT_PATH = "/categories/entertainment";

/** The venue's age groups in the catalogue's order: "Kids (0-12)", "Family-Friendly"… */
function ageLabels(groups: readonly string[]): string[] {
  return AGE_GROUP_OPTIONS.filter((o) => groups.includes(o.value)).map((o) => o.label);
}

function emptyHint(filters: EntertainmentFilters): string {
  const narrowed = [
    filters.q ? "fewer words" : null,
    filters.type !== "all" ? "All Types" : null,
    filters.age !== "all" ? "All Ages" : null,
  ].filter(Boolean);
  if (narrowed.length === 0) return "Venues appear here as soon as they are listed and approved.";
  return `Try ${narrowed.join(", or ")}.`;
}

/** /categories/entertainment: "Entertainment & Activities", over the directory's published venues. */
export function EntertainmentView({
  venues,
  total,
  totalExact = true,
  hasMore,
  filters,
  city,
  nearMe,
}: {
  venues: readonly BusinessCard[];
  total: number;
  /** False when `total` is a lower bound ("1,000+"). */
  totalExact?: boolean;
  hasMore: boolean;
  filters: EntertainmentFilters;
  city: string;
  nearMe?: NearMeState;
}) {
  const filtered = filters.q !== "" || filters.type !== "all" || filters.age !== "all";
  return (
    <>
      <CategoryHero
        eyebrow="Entertainment"
        title="Entertainment & Activities"
        lead={`Shows, games, escape rooms and days out${city ? ` in ${city}` : ""}, for date night, game night or the whole family.`}
      >
        <FilterBar
          nearMe={nearMe}
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
          <FilterSelect
            id="entertainment-age"
            name="age"
            label="Age group"
            options={AGE_GROUPS}
            defaultValue={filters.age}
          />
        </FilterBar>
      </CategoryHero>

      <CategoryResults
        nearMe={nearMe}
        id="entertainment-results"
        items={venues}
        total={total}
        totalExact={totalExact}
        hasMore={hasMore}
        page={filters.page}
        nextHref={`${ENTERTAINMENT_PATH}${pageQuery({ ...filters, page: filters.page + 1 })}`}
        loadMoreLabel="Load More Activities"
        noun={["activity", "activities"]}
        endText="That's every activity that matches."
        empty={{
          title: filtered ? "No activities match those filters" : "No activities listed yet",
          hint: emptyHint(filters),
          clearHref: ENTERTAINMENT_PATH,
        }}
        renderCard={(venue) => {
          const ages = ageLabels(venue.ageGroups);
          return (
            <ListingCard
              business={venue}
              kindLabel={kindName(SUBCATEGORY_OPTIONS.entertainment, venue.subcategory)}
              badges={
                ages.length ? (
                  <ul aria-label="Suitable for" className="flex flex-wrap gap-1.5">
                    {ages.map((label) => (
                      <li
                        key={label}
                        className="inline-flex items-center gap-1 rounded-full bg-primary-soft px-2.5 py-1 text-xs font-semibold text-accent-foreground"
                      >
                        <Users aria-hidden="true" className="size-3.5" />
                        {label}
                      </li>
                    ))}
                  </ul>
                ) : null
              }
              action={{ label: "View Details", to: businessPath(venue) }}
            />
          );
        }}
      />
    </>
  );
}
