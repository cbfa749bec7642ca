import type { AppLoadContext } from "react-router";
import { SHOPPING_CATEGORIES } from "~/features/categories/options";
import { loadKindListings } from "./categories-kind.server";

/** /categories/shopping?q=&category=&page=: published shops, filtered and paged on the server. */
export async function loadShopping(request: Request, context: AppLoadContext) {
  const { q, kind, page, items, ...rest } = await loadKindListings(request, context, {
    category: "shopping",
    param: "category",
    options: SHOPPING_CATEGORIES,
    label: "Shopping",
  });
  return { filters: { q, category: kind, page }, stores: items, ...rest };
}
