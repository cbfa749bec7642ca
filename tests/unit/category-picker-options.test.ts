import { describe, expect, it } from "vitest";
import {
  additionalExclusions,
  additionalHint,
  additionalLimit,
  categoryTreeGroups,
  nextActive,
  pickerOptions,
  selectOptionLabel,
} from "~/features/listings/category-picker-options";
import { ALL_CATEGORIES, categoryNode } from "~/lib/category-tree";
import { LISTING_CATEGORIES } from "~/lib/catalogue-basics";

describe("the listing form's category pickers", () => {
  it("lists every category once, by group in the groups' order, each parent before its children", () => {
    const groups = categoryTreeGroups();
    expect(groups.map((g) => g.group.slug)).toEqual([...LISTING_CATEGORIES]);
    const all = groups.flatMap((g) => g.nodes.map((n) => n.slug));
    expect(all).toHaveLength(ALL_CATEGORIES.length);
    expect(new Set(all).size).toBe(all.length);
    for (const { group, nodes } of groups) {
      expect(nodes[0]).toBe(group);
      nodes.forEach((node, i) => {
        expect(node.group).toBe(group.slug);
        // Depth first: a node's parent is the nearest earlier node one level up.
        if (i > 0) expect(nodes.slice(0, i).findLast((n) => n.depth === node.depth - 1)?.slug).toBe(node.parent);
      });
    }
    // Taiwanese comes after Indonesian in the data, but under Chinese in the list.
    const restaurants = groups.find((g) => g.group.slug === "restaurants")!.nodes.map((n) => n.slug);
    expect(restaurants.indexOf("taiwanese")).toBeGreaterThan(restaurants.indexOf("chinese"));
    expect(restaurants.indexOf("taiwanese")).toBeLessThan(restaurants.indexOf("thai"));
  });

  it("names a group as a choice of its own and indents deeper categories in the select without JavaScript", () => {
    expect(selectOptionLabel(categoryNode("health")!)).toBe("Health & Medical (general)");
    expect(selectOptionLabel(categoryNode("dentists")!)).toBe("Dentists");
    expect(selectOptionLabel(categoryNode("pediatric-dentists")!)).toBe("\u00a0\u00a0\u00a0Pediatric Dentists");
  });

  it("lists what typed letters may mean, or the whole tree with nothing typed, without the excluded", () => {
    expect(pickerOptions("den")[0]!.slug).toBe("dentists");
    expect(pickerOptions("den", new Set(["dentists"])).map((n) => n.slug)).not.toContain("dentists");
    expect(pickerOptions("zzzz")).toEqual([]);
    expect(pickerOptions("  ")).toHaveLength(ALL_CATEGORIES.length);
    expect(pickerOptions("", new Set(["dentists"]))).toHaveLength(ALL_CATEGORIES.length - 1);
    expect(pickerOptions("c", undefined, 5)).toHaveLength(5);
  });

  it("moves the active option with the arrow keys, wrapping round", () => {
    expect(nextActive(-1, 3, "ArrowDown")).toBe(0);
    expect(nextActive(2, 3, "ArrowDown")).toBe(0);
    expect(nextActive(-1, 3, "ArrowUp")).toBe(2);
    expect(nextActive(0, 3, "ArrowUp")).toBe(2);
    expect(nextActive(1, 3, "End")).toBe(2);
    expect(nextActive(1, 3, "Home")).toBe(0);
    expect(nextActive(0, 0, "ArrowDown")).toBe(-1);
  });

  it("keeps the primary category and its group out of the additional ones", () => {
    expect([...additionalExclusions("dentists", ["pharmacies"])].sort()).toEqual(
      ["dentists", "health", "pharmacies"].sort(),
    );
    expect([...additionalExclusions("", ["bars"])]).toEqual(["bars"]);
  });

  it("tells owners their plan's allowance; admins may add up to the schema's limit", () => {
    expect(additionalLimit("basic", false)).toBe(1);
    expect(additionalLimit("featured", false)).toBe(3);
    expect(additionalLimit("premium", false)).toBe(5);
    expect(additionalLimit("basic", true)).toBe(10);
    expect(additionalHint("basic", false)).toBe("Your plan includes 1 additional category.");
    expect(additionalHint("premium", false)).toBe("Your plan includes 5 additional categories.");
    expect(additionalHint("featured", true)).toBe(
      "The Featured plan includes 3 additional categories; as an admin you can add up to 10.",
    );
  });
});
