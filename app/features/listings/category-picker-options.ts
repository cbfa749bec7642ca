import { LIMITS, PLAN_ALLOWANCES, PLAN_LABELS, type ListingPlan } from "~/lib/catalogue";
import {
  ALL_CATEGORIES,
  categoryGroup,
  childCategories,
  matchCategories,
  type CategoryNode,
} from "~/lib/category-tree";
import { countLabel } from "~/lib/plural";

/**
 * What the listing form's category pickers show (category-picker.tsx), kept apart from React so it is tested on its
 * own: the tree in reading order for browsing and for the select without JavaScript, the matches for typed letters,
 * and the plan's allowance for additional categories.
 */

export interface PickerGroup {
  group: CategoryNode;
  /** The group itself first, then its tree depth first (each parent before its children). */
  nodes: CategoryNode[];
}

function subtree(node: CategoryNode): CategoryNode[] {
  return [node, ...childCategories(node.slug).flatMap(subtree)];
}

let tree: PickerGroup[] | null = null;

/** Every category, by group, each parent followed by its children (the data's own order is not depth first). */
export function categoryTreeGroups(): PickerGroup[] {
  tree ??= ALL_CATEGORIES.filter((n) => n.depth === 0).map((group) => ({ group, nodes: subtree(group) }));
  return tree;
}

/** A group as a choice of its own: a business of the group that no narrower category fits. */
export const groupChoiceLabel = (group: CategoryNode) => `${group.name} (general)`;

/** An <option>'s text in the select without JavaScript: indented by depth under its group's <optgroup>. */
export function selectOptionLabel(node: CategoryNode): string {
  if (node.depth === 0) return groupChoiceLabel(node);
  return `${"\u00a0\u00a0\u00a0".repeat(node.depth - 1)}${node.name}`;
}

/**
 * The options the picker lists: the categories the typed letters may mean ("den" → Dentists…), or with nothing typed
 * the whole tree to browse; without those in `exclude` (already chosen).
 */
export function pickerOptions(query: string, exclude: ReadonlySet<string> = new Set(), limit = 20): CategoryNode[] {
  if (query.trim())
    return matchCategories(query, limit + exclude.size)
      .filter((n) => !exclude.has(n.slug))
      .slice(0, limit);
  return categoryTreeGroups().flatMap((g) => g.nodes.filter((n) => !exclude.has(n.slug)));
}

/** The active option after a key press, wrapping round; -1 is none (the input itself). */
export function nextActive(active: number, count: number, key: "ArrowDown" | "ArrowUp" | "Home" | "End"): number {
  if (count <= 0) return -1;
  switch (key) {
    case "ArrowDown":
      return active < 0 || active >= count - 1 ? 0 : active + 1;
    case "ArrowUp":
      return active <= 0 ? count - 1 : active - 1;
    case "Home":
      return 0;
    case "End":
      return count - 1;
  }
}

/** The categories an additional one may not be: the primary one and its group (the server drops them too). */
export function additionalExclusions(primary: string, chosen: readonly string[]): Set<string> {
  const out = new Set(chosen);
  if (primary) {
    out.add(primary);
    const group = categoryGroup(primary);
    if (group) out.add(group);
  }
  return out;
}

/** How many additional categories the form lets one add: the plan's allowance, or the schema's limit for admins. */
export function additionalLimit(plan: ListingPlan, isAdmin: boolean): number {
  return isAdmin ? LIMITS.labels : PLAN_ALLOWANCES[plan].categories;
}

/** "Your plan includes 3 additional categories." (an admin is told the listing's plan and their own limit). */
export function additionalHint(plan: ListingPlan, isAdmin: boolean): string {
  const included = countLabel(PLAN_ALLOWANCES[plan].categories, "additional category", "additional categories");
  if (!isAdmin) return `Your plan includes ${included}.`;
  return `The ${PLAN_LABELS[plan]} plan includes ${included}; as an admin you can add up to ${LIMITS.labels}.`;
}
