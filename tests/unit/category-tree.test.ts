import { describe, expect, it } from "vitest";
import { CATEGORY_ROWS } from "~/lib/category-data";
import {
  ALL_CATEGORIES,
  categoryForKind,
  categoryKey,
  kindOfCategory,
  matchCategories,
  resolveCategory,
} from "~/lib/category-tree";
import { LISTING_CATEGORIES, type ListingCategory } from "~/lib/catalogue-basics";

/**
 * The category tree as data (issue 34): a real tree (unique slugs, parents that exist), large enough for what the
 * importers meet, and unambiguous — a name or synonym people type names one category only, since category-tree.ts
 * silently keeps the first of two.
 */

describe("the category data", () => {
  it("has unique slugs, parents that exist, every group, and at least 350 categories", () => {
    const slugs = CATEGORY_ROWS.map(([slug]) => slug);
    expect(slugs.filter((s, i) => slugs.indexOf(s) !== i)).toEqual([]);
    const known = new Set(slugs);
    expect(CATEGORY_ROWS.filter(([, , parent]) => parent !== null && !known.has(parent))).toEqual([]);
    for (const group of LISTING_CATEGORIES) expect(known, group).toContain(group);
    expect(CATEGORY_ROWS.filter(([, , parent]) => parent === null).map(([slug]) => slug)).toEqual([
      ...LISTING_CATEGORIES,
    ]);
    expect(ALL_CATEGORIES.length).toBeGreaterThanOrEqual(350);
  });

  it("gives every slug, name and synonym to one category only", () => {
    const owners = new Map<string, Set<string>>();
    const own = (key: string, slug: string) => {
      if (!key) return;
      owners.set(key, (owners.get(key) ?? new Set()).add(slug));
    };
    for (const node of ALL_CATEGORIES) {
      own(node.slug, node.slug);
      own(categoryKey(node.slug.replace(/-/g, " ")), node.slug);
      own(categoryKey(node.name), node.slug);
      for (const s of node.synonyms) own(categoryKey(s), node.slug);
    }
    const shared = [...owners].filter(([, slugs]) => slugs.size > 1).map(([key, slugs]) => `${key}: ${[...slugs]}`);
    expect(shared).toEqual([]);
    // …so each resolves to its own category.
    const wrong = [...owners].filter(([key, slugs]) => resolveCategory(key) !== [...slugs][0]).map(([key]) => key);
    expect(wrong).toEqual([]);
  });

  it("resolves what people type", () => {
    expect(resolveCategory("vet")).toBe("veterinarians");
    expect(resolveCategory("mechanic")).toBe("auto-repair");
    expect(resolveCategory("dentist")).toBe("dentists");
    expect(resolveCategory("Coffee & Tea")).toBe("cafes");
    expect(resolveCategory("haircut")).toBe("hair-salons");
    expect(resolveCategory("Coffee and Tea")).toBe("cafes");
    expect(resolveCategory("spaceships")).toBeNull();
    expect(matchCategories("den")[0]?.slug).toBe("dentists");
    expect(matchCategories("vet")[0]?.slug).toBe("veterinarians");
  });

  it("keeps the spec's kinds: each names a category of its group and back", () => {
    const kinds: Record<string, string[]> = {
      restaurants: ["italian", "chinese", "mexican", "indian", "american", "pizza", "cafe", "bakery"],
      shopping: ["clothing", "jewelry", "gifts", "home", "sports", "books"],
      services: ["plumbing", "electrical", "cleaning", "landscaping"],
      entertainment: ["theater", "arcade", "escape", "attractions"],
    };
    for (const [group, list] of Object.entries(kinds))
      for (const kind of list) {
        const slug = categoryForKind(group as ListingCategory, kind);
        expect(slug, `${group}/${kind}`).not.toBe(group);
        expect(kindOfCategory(slug), `${group}/${kind}`).toBe(kind);
      }
    expect(kindOfCategory("sushi")).toBe("japanese");
    expect(kindOfCategory("restaurants")).toBeNull();
    expect(categoryForKind("restaurants", "other")).toBe("restaurants");
  });
});
