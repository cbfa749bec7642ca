/**
 * A URL slug for a business name: ASCII letters and digits joined by hyphens,
 * accents dropped, "&" spelt "and", at most 60 characters. The one rule for
 * listings created by owners, by the API and by the demo seed.
 */
export function slugify(name: string) {
  const base = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/['’.]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/g, "");
  return base || "business";
}
