import { useRootData } from "~/components/layout/root-data";
import { EntertainmentView } from "~/features/categories/components/entertainment-view";
import { usePageView } from "~/features/directory/use-page-view";
import { categoryBreadcrumbs, itemListJsonLd } from "~/features/seo/json-ld";
import { JsonLd } from "~/features/seo/json-ld-script";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/categories-entertainment";
import { loadEntertainment } from "./categories-entertainment.server";

// The canonical keeps the search text and the page's main filter; more filters are noindex (lib/meta).
export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "Entertainment", "Theater, arcades, escape rooms and attractions for every age.", {
    shallowParams: ["q", "type"],
  });

export function loader({ request, context }: Route.LoaderArgs) {
  return loadEntertainment(request, context);
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const { site } = useRootData();
  usePageView("Entertainment");
  return (
    <>
      <JsonLd
        data={[
          categoryBreadcrumbs(site, "entertainment"),
          itemListJsonLd(site, loaderData.venues, { name: "Entertainment" }),
        ]}
      />
      <EntertainmentView {...loaderData} city={site.city} />
    </>
  );
}
