import { useRootData } from "~/components/layout/root-data";
import { ShoppingView } from "~/features/categories/components/shopping-view";
import { pickOption, SHOPPING_CATEGORIES } from "~/features/categories/options";
import { matchesQuery, SAMPLE_STORES } from "~/features/categories/sample-listings";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/categories-shopping";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "Shopping", "Boutiques, gift shops, jewelers and home stores near you.");

// The filters work on the sample stores for now; a later issue swaps in real listings.
export function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const filters = {
    q: (params.get("q") ?? "").slice(0, 100),
    category: pickOption(SHOPPING_CATEGORIES, params.get("category")),
  };
  const stores = SAMPLE_STORES.filter(
    (s) => (filters.category === "all" || s.kind === filters.category) && matchesQuery(s, filters.q),
  ).map((s) => s.id);
  return { filters, storeIds: stores };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const { site } = useRootData();
  const stores = SAMPLE_STORES.filter((s) => loaderData.storeIds.includes(s.id));
  return <ShoppingView stores={stores} filters={loaderData.filters} city={site.city} />;
}
