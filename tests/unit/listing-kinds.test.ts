import { describe, expect, it } from "vitest";
import { SHOPPING_CATEGORIES } from "~/features/categories/options";
import { businessInputSchema, MESSAGES } from "~/features/listings/schema";
import { SUBCATEGORY_OPTIONS } from "~/lib/catalogue";
import { CUISINE_OPTIONS, kindOptions, LISTING_KIND_OPTIONS } from "~/lib/category-kinds";

/**
 * Issue 18: a bike shop had no fitting "Type". The Shopping page keeps the
 * spec's four kinds as its filter; the listing form offers more, and "Other",
 * in every category, so no owner is forced into a wrong kind.
 */
const base = { name: "Spoke & Chain Bicycles", address: "1 Main St", city: "Springfield", state: "IL", zip: "62701" };

describe("listing kinds", () => {
  it("the Shopping page's filter keeps exactly the spec's four kinds", () => {
    expect(SHOPPING_CATEGORIES.map((o) => o.label)).toEqual([
      "All Categories",
      "Clothing & Apparel",
      "Jewelry & Accessories",
      "Gifts & Specialty",
      "Home & Decor",
    ]);
  });

  it("the listing form offers the spec's kinds first, then more, then Other, for every category", () => {
    for (const [category, spec] of Object.entries(SUBCATEGORY_OPTIONS)) {
      const form = kindOptions(category as keyof typeof SUBCATEGORY_OPTIONS);
      expect(form.slice(0, spec.length)).toEqual(spec);
      expect(form.at(-1)).toEqual({ value: "other", label: "Other" });
    }
    expect(kindOptions("shopping").map((o) => o.label)).toContain("Sports & Outdoors");
    expect(kindOptions("restaurants")).toBe(CUISINE_OPTIONS);
    expect(CUISINE_OPTIONS.at(-1)).toEqual({ value: "other", label: "Other" });
  });

  it("accepts a bike shop as Sports & Outdoors or Other, and still refuses another category's kind", () => {
    // Sports & Outdoors is a category of the tree; "Other" is the group itself (issue 34: no particular kind).
    const sports = businessInputSchema.safeParse({ ...base, category: "shopping", subcategory: "sports" });
    expect(sports.data).toMatchObject({ primaryCategory: "sporting-goods", subcategory: "sports" });
    const other = businessInputSchema.safeParse({ ...base, category: "shopping", subcategory: "other" });
    expect(other.data).toMatchObject({ primaryCategory: "shopping", subcategory: null });
    for (const category of Object.keys(LISTING_KIND_OPTIONS)) {
      expect(businessInputSchema.safeParse({ ...base, category, subcategory: "other" }).success, category).toBe(true);
    }
    expect(businessInputSchema.safeParse({ ...base, category: "restaurants", cuisine: "other" }).success).toBe(true);
    const wrong = businessInputSchema.safeParse({ ...base, category: "shopping", subcategory: "plumbing" });
    expect(wrong.error!.issues).toEqual([
      expect.objectContaining({ path: ["subcategory"], message: MESSAGES.subcategoryInvalid }),
    ]);
  });
});
