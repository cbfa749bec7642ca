import { CATEGORY_OPTIONS } from "~/lib/catalogue-basics";
import { PLAN_OFFERS, type CitySite } from "~/lib/catalogue";
import { ALL_CATEGORIES } from "~/lib/category-tree";
import { countLabel } from "~/lib/plural";

/**
 * What About and Press say of the site, read from what it runs on (issue 40, "Nothing pretends"): its network as
 * CITY_SITES lists it, the category tree's size, the plans' prices. Computed in the loaders, so the tree stays out
 * of the pages' code.
 */
export function networkFacts(citySites: readonly CitySite[]) {
  const groups = CATEGORY_OPTIONS;
  const cheapest = Math.min(...PLAN_OFFERS.map((p) => Math.min(p.monthly, p.annual)));
  return {
    /** "8 city sites", "1 city site"; none when the deployment lists no network. */
    network: citySites.length ? countLabel(citySites.length, "city site") : null,
    groupCount: groups.length,
    categoryCount: ALL_CATEGORIES.length,
    /** "Restaurants, Shopping, Services, Entertainment, Nightlife and 12 more" */
    groupNames: `${groups
      .slice(0, 5)
      .map((g) => g.label)
      .join(", ")}${groups.length > 5 ? ` and ${groups.length - 5} more` : ""}`,
    plans: `${PLAN_OFFERS.map((p) => p.name)
      .join(", ")
      .replace(/, ([^,]*)$/, " and $1")} plans from $${cheapest}/month`,
  };
}
