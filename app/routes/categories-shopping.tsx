import { useRootData } from "~/components/layout/root-data";
import { ShoppingView } from "~/features/categories/components/shopping-view";
import { usePageView } from "~/features/directory/use-page-view";
import { categoryPageJsonLd } from "~/features/seo/json-ld";
import { JsonLd } from "~/features/seo/json-ld-script";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/categories-shopping";
import { loadShopping } from "./categories-shopping.server";

// The canonical keeps the search text and the page's main filter; more filters are noindex (lib/meta).
export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "Shopping", "Boutiques, gift shops, jewelers and home stores near you.", {
    shallowParams: ["q", "category"],
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const data = await loadShopping(request, context);
  // Built here, so the schema.org builders stay out of the browser's JavaScript.
  return { ...data, jsonLd: categoryPageJsonLd(context.config, "shopping", data.stores, "Shopping") };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const { jsonLd, ...data } = loaderData;
  const { site } = useRootData();
  usePageView("Shopping");
  return (
    <>
      <JsonLd data={jsonLd} />
      <ShoppingView {...data} city={site.city} />
    </>
  );
}
