import { CATEGORY_OPTIONS, type ListingCategory } from "~/lib/catalogue-basics";

/** Display names for the fixed categories (the catalogue's labels). */
export const CATEGORY_LABELS = Object.fromEntries(CATEGORY_OPTIONS.map((o) => [o.value, o.label])) as Record<
  ListingCategory,
  string
>;

/** "italian" → "Italian", "home-decor" → "Home decor". */
export function kindLabel(kind: string | null | undefined): string {
  if (!kind) return "";
  const words = kind.replace(/-/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}
