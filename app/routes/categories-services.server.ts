import type { AppLoadContext } from "react-router";
import { SERVICE_TYPES } from "~/features/categories/options";
import { loadKindListings } from "./categories-kind.server";

/** /categories/services?q=&type=&page=: published providers, filtered and paged on the server. */
export async function loadServices(request: Request, context: AppLoadContext) {
  const { q, kind, page, items, ...rest } = await loadKindListings(request, context, {
    category: "services",
    param: "type",
    options: SERVICE_TYPES,
    label: "Services",
  });
  return { filters: { q, type: kind, page }, providers: items, ...rest };
}
