import type { AppLoadContext } from "react-router";
import type { ServicesFilters } from "~/features/categories/components/services-view";
import { SERVICE_TYPES } from "~/features/categories/options";
import type { BusinessCard, NearMeState } from "~/features/directory/types";
import { loadKindListings } from "./categories-kind.server";

export interface ServicesData {
  filters: ServicesFilters;
  providers: BusinessCard[];
  total: number;
  totalExact?: boolean;
  hasMore: boolean;
  nearMe: NearMeState;
}

/** /categories/services?q=&type=&page=: published providers, filtered and paged on the server. */
export async function loadServices(request: Request, context: AppLoadContext): Promise<ServicesData> {
  const { q, kind, page, items, ...rest } = await loadKindListings(request, context, {
    category: "services",
    param: "type",
    options: SERVICE_TYPES,
    label: "Services",
  });
  return { filters: { q, type: kind, page }, providers: items, ...rest };
}
