import type { AppLoadContext } from "react-router";
import type { ShoppingFilters } from "~/features/categories/components/shopping-view";
import { SHOPPING_CATEGORIES } from "~/features/categories/options";
import type { BusinessCard, NearMeState } from "~/features/directory/types";
import { loadKindListings } from "./categories-kind.server";

export interface ShoppingData {
  filters: ShoppingFilters;
  stores: BusinessCard[];
  total: number;
  totalExact?: boolean;
  hasMore: boolean;
  nearMe: NearMeState;
}

/** /categories/shopping?q=&category=&page=: published shops, filtered and paged on the server. */
export async function loadShopping(request: Request, context: AppLoadContext): Promise<ShoppingData> {
  const { q, kind, page, items, ...rest } = await loadKindListings(request, context, {
    category: "shopping",
    param: "category",
    options: SHOPPING_CATEGORIES,
    label: "Shopping",
  });
  return { filters: { q, category: kind, page }, stores: items, ...rest };
}
