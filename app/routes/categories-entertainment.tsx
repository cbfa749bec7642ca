import { useRootData } from "~/components/layout/root-data";
import { EntertainmentView } from "~/features/categories/components/entertainment-view";
import { AGE_GROUPS, ENTERTAINMENT_TYPES, pickOption } from "~/features/categories/options";
import { matchesQuery, SAMPLE_VENUES } from "~/features/categories/sample-listings";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/categories-entertainment";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "Entertainment", "Theater, arcades, escape rooms and attractions for every age.");

// The filters work on the sample venues for now; a later issue swaps in real listings.
export function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const filters = {
    q: (params.get("q") ?? "").slice(0, 100),
    type: pickOption(ENTERTAINMENT_TYPES, params.get("type")),
    age: pickOption(AGE_GROUPS, params.get("age")),
  };
  const venueIds = SAMPLE_VENUES.filter(
    (v) =>
      (filters.type === "all" || v.kind === filters.type) &&
      (filters.age === "all" || v.ages.includes(filters.age)) &&
      matchesQuery(v, filters.q),
  ).map((v) => v.id);
  return { filters, venueIds };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const { site } = useRootData();
  const venues = SAMPLE_VENUES.filter((v) => loaderData.venueIds.includes(v.id));
  return <EntertainmentView venues={venues} filters={loaderData.filters} city={site.city} />;
}
