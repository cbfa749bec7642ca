import { LISTING_CATEGORIES } from "~/lib/catalogue-basics";
import { categoryNode, childCategories, type CategoryNode } from "~/lib/category-tree";

interface IndexNode {
  slug: string;
  name: string;
  children: IndexNode[];
}

const toIndex = (node: CategoryNode, depth: number): IndexNode => ({
  slug: node.slug,
  name: node.name,
  children: depth > 0 ? childCategories(node.slug).map((c) => toIndex(c, depth - 1)) : [],
});

/** The tree three levels deep (groups, their categories, and those's), in the catalogue's order. */
export function loadCategoryIndex(): IndexNode[] {
  return LISTING_CATEGORIES.map((g) => toIndex(categoryNode(g)!, 2));
}
