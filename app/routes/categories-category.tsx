import { useRootData } from "~/components/layout/root-data";
import { CategoryTreeView } from "~/features/categories/components/category-tree-view";
import { usePageView } from "~/features/directory/use-page-view";
import { JsonLd } from "~/features/seo/json-ld-script";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/categories-category";
import { loadCategoryPage } from "./categories-category.server";

export const meta: Route.MetaFunction = (args) => {
  const name = args.data?.category.name ?? "Category";
  return pageMeta(args, name, `${name} near you, reviewed by your neighbors.`, { shallowParams: ["q"] });
};

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadCategoryPage(request, context, params.slug);
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const { jsonLd, ...data } = loaderData;
  const { site } = useRootData();
  usePageView(data.category.name);
  return (
    <>
      <JsonLd data={jsonLd} />
      <CategoryTreeView {...data} city={site.city} />
    </>
  );
}
