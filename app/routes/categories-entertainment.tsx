import { useRootData } from "~/components/layout/root-data";
import { EntertainmentView } from "~/features/categories/components/entertainment-view";
import { usePageView } from "~/features/directory/use-page-view";
import { categoryPageJsonLd } from "~/features/seo/json-ld";
import { JsonLd } from "~/features/seo/json-ld-script";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/categories-entertainment";
import { loadEntertainment } from "./categories-entertainment.server";

// The canonical keeps the search text and the page's main filter; more filters are noindex (lib/meta).
export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "Entertainment", "Theater, arcades, escape rooms and attractions for every age.", {
    shallowParams: ["q", "type"],
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const data = await loadEntertainment(request, context);
  // Built here, so the schema.org builders stay out of the browser's JavaScript.
  return { ...data, jsonLd: categoryPageJsonLd(context.config, "entertainment", data.venues, "Entertainment") };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const { jsonLd, ...data } = loaderData;
  const { site } = useRootData();
  usePageView("Entertainment");
  return (
    <>
      <JsonLd data={jsonLd} />
      <EntertainmentView {...data} city={site.city} />
    </>
  );
}
