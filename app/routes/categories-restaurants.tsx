import { useRootData } from "~/components/layout/root-data";
import { RestaurantsView } from "~/features/categories/components/restaurants-view";
import { CUISINES, pickOption } from "~/features/categories/options";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/categories-restaurants";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "Restaurants", "Discover the best local restaurants, cafes, and eateries.");

// Only the filters for now: the directory feature adds the restaurants.
export function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  return {
    filters: {
      q: (params.get("q") ?? "").slice(0, 100),
      cuisine: pickOption(CUISINES, params.get("cuisine")),
      openNow: params.get("open") === "1",
    },
  };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const { site } = useRootData();
  return <RestaurantsView restaurants={[]} filters={loaderData.filters} city={site.city} />;
}
