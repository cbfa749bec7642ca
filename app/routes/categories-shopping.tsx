import { useRootData } from "~/components/layout/root-data";
import { ShoppingView } from "~/features/categories/components/shopping-view";
import { usePageView } from "~/features/directory/use-page-view";
import { categoryBreadcrumbs, itemListJsonLd } from "~/features/seo/json-ld";
import { JsonLd } from "~/features/seo/json-ld-script";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/categories-shopping";
import { loadShopping } from "./categories-shopping.server";

// The canonical keeps the search text and the page's main filter; more filters are noindex (lib/meta).
export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "Shopping", "Boutiques, gift shops, jewelers and home stores near you.", {
    shallowParams: ["q", "category"],
  });

export function loader({ request, context }: Route.LoaderArgs) {
  return loadShopping(request, context);
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const { site } = useRootData();
  usePageView("Shopping");
  return (
    <>
      <JsonLd
        data={[categoryBreadcrumbs(site, "shopping"), itemListJsonLd(site, loaderData.stores, { name: "Shopping" })]}
      />
      <ShoppingView {...loaderData} city={site.city} />
    </>
  );
}
