import { useRootData } from "~/components/layout/root-data";
import { ServicesView } from "~/features/categories/components/services-view";
import { usePageView } from "~/features/directory/use-page-view";
import { categoryPageJsonLd } from "~/features/seo/json-ld";
import { JsonLd } from "~/features/seo/json-ld-script";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/categories-services";
import { loadServices } from "./categories-services.server";

// The canonical keeps the search text and the page's main filter; more filters are noindex (lib/meta).
export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "Services", "Plumbers, electricians, cleaners and landscapers near you, reviewed by your neighbors.", {
    shallowParams: ["q", "type"],
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const data = await loadServices(request, context);
  // Built here, so the schema.org builders stay out of the browser's JavaScript.
  return { ...data, jsonLd: categoryPageJsonLd(context.config, "services", data.providers, "Services") };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const { jsonLd, ...data } = loaderData;
  const { site } = useRootData();
  usePageView("Services");
  return (
    <>
      <JsonLd data={jsonLd} />
      <ServicesView {...data} city={site.city} />
    </>
  );
}
