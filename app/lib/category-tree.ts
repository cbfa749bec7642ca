/**
 * The category tree (issue 34, ADR 019): lookups over the rows of category-data.ts, shared by the listing form's
 * picker, the category pages, search's query understanding, the importers and the API. Isomorphic; the tree is
 * checked when this module loads (a missing parent or a duplicate slug fails every test at once).
 */

import { CATEGORY_ROWS } from "./category-data";
import { LISTING_CATEGORIES, type ListingCategory, type Option } from "./catalogue-basics";

export interface CategoryNode {
  slug: string;
  name: string;
  parent: string | null;
  /** Other names people use for it (lower case). */
  synonyms: readonly string[];
  /** The top-level group it belongs to (itself for a group). */
  group: ListingCategory;
  /** 0 for a group, 1 for a group's direct child… */
  depth: number;
  children: string[];
}

const NODES = new Map<string, CategoryNode>();
/** Direct child of a group → its value in the spec's filters (`cuisine`, `category`, `type`). */
const KINDS = new Map<string, string>();

for (const [slug, name, parent, synonyms, kind] of CATEGORY_ROWS) {
  if (NODES.has(slug)) throw new Error(`category-data: duplicate slug ${slug}`);
  if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug)) throw new Error(`category-data: bad slug ${slug}`);
  const up = parent === null ? null : NODES.get(parent);
  if (parent !== null && !up) throw new Error(`category-data: ${slug}'s parent ${parent} must come before it`);
  if (parent === null && !(LISTING_CATEGORIES as readonly string[]).includes(slug))
    throw new Error(`category-data: ${slug} is not one of LISTING_CATEGORIES`);
  const node: CategoryNode = {
    slug,
    name,
    parent,
    synonyms: (synonyms ?? "")
      .split(",")
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    group: up ? up.group : (slug as ListingCategory),
    depth: up ? up.depth + 1 : 0,
    children: [],
  };
  up?.children.push(slug);
  NODES.set(slug, node);
  if (node.depth === 1) KINDS.set(slug, kind ?? slug);
}
for (const group of LISTING_CATEGORIES) if (!NODES.has(group)) throw new Error(`category-data: no row for ${group}`);

/** Every category, groups included, in the data's order (a group, then its tree). */
export const ALL_CATEGORIES: readonly CategoryNode[] = [...NODES.values()];

export const categoryNode = (slug: string): CategoryNode | undefined => NODES.get(slug);
export const isCategorySlug = (slug: string) => NODES.has(slug);
export const isGroup = (slug: string): slug is ListingCategory => NODES.get(slug)?.depth === 0;
export const categoryName = (slug: string) => NODES.get(slug)?.name ?? slug;

/** The group a category belongs to; undefined for an unknown slug. */
export const categoryGroup = (slug: string): ListingCategory | undefined => NODES.get(slug)?.group;

/** The group down to the category itself: the breadcrumbs. */
export function categoryTrail(slug: string): CategoryNode[] {
  const trail: CategoryNode[] = [];
  for (let node = NODES.get(slug); node; node = node.parent ? NODES.get(node.parent) : undefined) trail.unshift(node);
  return trail;
}

export const childCategories = (slug: string): CategoryNode[] =>
  (NODES.get(slug)?.children ?? []).map((s) => NODES.get(s)!);

/** The category and everything under it: what a category page and a category filter match. */
export function subtreeSlugs(slug: string): string[] {
  const node = NODES.get(slug);
  if (!node) return [];
  return [slug, ...node.children.flatMap(subtreeSlugs)];
}

/**
 * A category's value in the spec's filters: the `cuisine` (restaurants) or kind (`category`, `type`) of its group's
 * direct child on its path ("sushi" → "japanese", "home-decor" → "home"); null for a group.
 */
export function kindOfCategory(slug: string): string | null {
  const trail = categoryTrail(slug);
  return trail[1] ? (KINDS.get(trail[1].slug) ?? null) : null;
}

/** The category a group and a spec kind name ("restaurants", "italian"); the group itself for none or "other". */
export function categoryForKind(group: ListingCategory, kind: string | null | undefined): string {
  if (kind)
    for (const child of NODES.get(group)!.children) if (KINDS.get(child) === kind && NODES.has(child)) return child;
  return group;
}

/** A group's kinds, as the spec's filters name them (its direct children), in the data's order. */
export function groupKindOptions(group: ListingCategory): Option[] {
  return childCategories(group).map((c) => ({ value: KINDS.get(c.slug)!, label: c.name }));
}

/** Lower case, "&" and "and" alike, punctuation as spaces. */
export function categoryKey(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/\band\b/g, "&")
    .replace(/[^\p{L}\p{N}&'+/-]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}

const BY_KEY = new Map<string, string>();
/** Names and synonyms (not slugs): the phrases people type. */
const PHRASE_KEYS = new Map<string, string>();
function addKey(key: string, slug: string, phrase: boolean) {
  if (!key) return;
  if (!BY_KEY.has(key)) BY_KEY.set(key, slug);
  if (phrase && !PHRASE_KEYS.has(key)) PHRASE_KEYS.set(key, slug);
}
// Slugs and names first, then synonyms: a synonym never hides a category's own name.
for (const node of ALL_CATEGORIES) {
  addKey(node.slug, node.slug, false);
  addKey(categoryKey(node.slug.replace(/-/g, " ")), node.slug, false);
  addKey(categoryKey(node.name), node.slug, true);
}
for (const node of ALL_CATEGORIES) for (const s of node.synonyms) addKey(categoryKey(s), node.slug, true);

/** The category a slug, a name or a synonym names ("Dentists", "dentist", "vet", "auto-repair"); null: none. */
export function resolveCategory(text: string): string | null {
  const key = categoryKey(text);
  if (!key) return null;
  return BY_KEY.get(key) ?? BY_KEY.get(key.replace(/(?<=[a-z]{3})s$/u, "")) ?? BY_KEY.get(`${key}s`) ?? null;
}

/** Every name and synonym (keyed: categoryKey) with the category it names: what query understanding reads. */
export function categoryPhrases(): [phrase: string, slug: string][] {
  return [...PHRASE_KEYS.entries()];
}

/**
 * The categories a few typed letters may mean, for the picker and autocomplete: a name or synonym word starting with
 * them ("den" → Dentists, "vet" → Veterinarians); names before synonyms, shallower and shorter names first.
 */
export function matchCategories(typed: string, limit = 8): CategoryNode[] {
  const q = categoryKey(typed);
  if (!q) return [];
  const scored: [number, CategoryNode][] = [];
  for (const node of ALL_CATEGORIES) {
    const name = categoryKey(node.name);
    let score = -1;
    if (name === q) score = 0;
    else if (name.startsWith(q)) score = 1;
    else if (name.split(" ").some((w) => w.startsWith(q))) score = 2;
    else if (node.synonyms.some((s) => s === q)) score = 3;
    else if (node.synonyms.some((s) => s.startsWith(q) || s.split(" ").some((w) => w.startsWith(q)))) score = 4;
    if (score >= 0) scored.push([score * 100 + node.depth * 10 + Math.min(name.length, 9), node]);
  }
  return scored
    .sort((a, b) => a[0] - b[0] || a[1].name.localeCompare(b[1].name))
    .slice(0, limit)
    .map(([, node]) => node);
}

/** "Sushi Bars · Restaurants › Japanese": how the picker names a category so two alike are told apart. */
export function categoryContext(slug: string): string {
  const trail = categoryTrail(slug);
  return trail
    .slice(0, -1)
    .map((n) => n.name)
    .join(" › ");
}
