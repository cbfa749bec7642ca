import { useRootData } from "~/components/layout/root-data";
import { ServicesView } from "~/features/categories/components/services-view";
import { usePageView } from "~/features/directory/use-page-view";
import { categoryBreadcrumbs, itemListJsonLd } from "~/features/seo/json-ld";
import { JsonLd } from "~/features/seo/json-ld-script";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/categories-services";
import { loadServices } from "./categories-services.server";

// The canonical keeps the search text and the page's main filter; more filters are noindex (lib/meta).
export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "Services", "Plumbers, electricians, cleaners and landscapers near you, reviewed by your neighbors.", {
    shallowParams: ["q", "type"],
  });

export function loader({ request, context }: Route.LoaderArgs) {
  return loadServices(request, context);
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const { site } = useRootData();
  usePageView("Services");
  return (
    <>
      <JsonLd
        data={[categoryBreadcrumbs(site, "services"), itemListJsonLd(site, loaderData.providers, { name: "Services" })]}
      />
      <ServicesView {...loaderData} city={site.city} />
    </>
  );
}
