import { useRootData } from "~/components/layout/root-data";
import { ServicesView } from "~/features/categories/components/services-view";
import { pickOption, SERVICE_TYPES } from "~/features/categories/options";
import { matchesQuery, SAMPLE_SERVICES } from "~/features/categories/sample-listings";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/categories-services";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "Services", "Licensed, insured local pros: plumbing, electrical, cleaning and landscaping.");

// The filters work on the sample providers for now; a later issue swaps in real listings.
export function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const filters = {
    q: (params.get("q") ?? "").slice(0, 100),
    type: pickOption(SERVICE_TYPES, params.get("type")),
  };
  const providerIds = SAMPLE_SERVICES.filter(
    (s) => (filters.type === "all" || s.kind === filters.type) && matchesQuery(s, filters.q),
  ).map((s) => s.id);
  return { filters, providerIds };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const { site } = useRootData();
  const providers = SAMPLE_SERVICES.filter((s) => loaderData.providerIds.includes(s.id));
  return <ServicesView providers={providers} filters={loaderData.filters} city={site.city} />;
}
