import { data, type AppLoadContext } from "react-router";
import { categoryListings, type CategoryListings } from "~/features/categories/listings.server";
import { locationParams } from "~/features/categories/location-params.server";
import { pagesParam, textParam } from "~/features/categories/page-params";
import { sharedSearch } from "~/features/directory/shared-search.server";
import { noteSearchAppearances } from "~/features/stats/recording.server";
import { categoryTrailBreadcrumbs, itemListJsonLd } from "~/features/seo/json-ld";
import { categoryGroup, categoryName, categoryNode, categoryTrail, childCategories } from "~/lib/category-tree";

export type CategoryPageData = Awaited<ReturnType<typeof loadCategoryPage>>;

/**
 * /categories/<slug> (issue 34): any category of the tree — a group beyond the spec's four ("health") or a category
 * under one ("dentists", "sushi") — with its sub-categories and its businesses, located like search (the site's city,
 * `near`, a map area), sorted and paged on the server. The spec's four groups keep their own pages at the same URLs.
 */
export async function loadCategoryPage(request: Request, context: AppLoadContext, slug: string) {
  const node = categoryNode(slug);
  if (!node) throw data({ message: "No such category" }, { status: 404 });
  const url = new URL(request.url).searchParams;
  const q = textParam(url);
  const group = categoryGroup(slug)!;
  const page = pagesParam(url, group);
  const trail = categoryTrail(slug).map((n) => ({ slug: n.slug, name: n.name }));
  let result: CategoryListings;
  try {
    result = await categoryListings(
      sharedSearch(context),
      slug,
      { ...locationParams(url), q: q || undefined },
      page,
      context.clock.now(),
    );
    void noteSearchAppearances(
      context,
      request,
      result.items.map((b) => b.id),
    );
  } catch (error) {
    // A failed search is only logged, as on the spec's pages: the page shows no results.
    context.logger.error(`Category ${slug}: search failed`, {
      error: error instanceof Error ? error.message : String(error),
    });
    result = { items: [], total: 0, totalExact: true, hasMore: false, nearMe: { origin: null } };
  }
  return {
    category: { slug, name: node.name, group, trail },
    subcategories: childCategories(slug).map((c) => ({ slug: c.slug, name: c.name })),
    // The cards name each business's primary category (the tree stays on the server).
    categoryNames: Object.fromEntries(result.items.map((b) => [b.primaryCategory, categoryName(b.primaryCategory)])),
    filters: { q, page },
    ...result,
    jsonLd: [
      categoryTrailBreadcrumbs(context.config, trail),
      itemListJsonLd(context.config, result.items, { name: node.name }),
    ],
  };
}
