import { DealsView } from "~/features/offers/components/deals-view";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/deals";
import { loadDeals } from "./deals.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "Deals", "Coupons and offers from local businesses near you, on today.");

export function loader({ request, context }: Route.LoaderArgs) {
  return loadDeals(request, context);
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <DealsView {...loaderData} />;
}
