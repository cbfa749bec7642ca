import { describe, expect, it } from "vitest";
import { networkFacts } from "~/features/content/network-facts";
import { DEFAULT_CITY_SITES, PLAN_OFFERS } from "~/lib/catalogue";
import { CATEGORY_OPTIONS } from "~/lib/catalogue-basics";
import { ALL_CATEGORIES } from "~/lib/category-tree";

// Issue 40, "Nothing pretends": About and Press say what this deployment runs, not a fixed story.
describe("networkFacts", () => {
  it("counts the network the deployment lists", () => {
    expect(networkFacts(DEFAULT_CITY_SITES).network).toBe("8 city sites");
    expect(networkFacts([DEFAULT_CITY_SITES[0]!]).network).toBe("1 city site");
    expect(networkFacts([]).network).toBeNull();
  });

  it("reads the category tree and the plans from the catalogue", () => {
    const facts = networkFacts([]);
    expect(facts.groupCount).toBe(CATEGORY_OPTIONS.length);
    expect(facts.categoryCount).toBe(ALL_CATEGORIES.length);
    expect(facts.categoryCount).toBeGreaterThan(200);
    expect(facts.groupNames).toBe(
      `Restaurants, Shopping, Services, Entertainment, Bars & Nightlife and ${CATEGORY_OPTIONS.length - 5} more`,
    );
    const cheapest = Math.min(...PLAN_OFFERS.map((p) => p.annual));
    expect(facts.plans).toBe(`Basic, Featured and Premium plans from $${cheapest}/month`);
  });
});
