import { searchParamsSchema, type SearchParams } from "./search-params";
import { PAGE_SIZE } from "./search-query";
import { stripControlChars } from "~/lib/text";

/**
 * Reads the search filters from a page URL leniently: a bad field (a typo'd
 * category, rating=abc, page=0…) falls back to its default instead of failing
 * the page, and the names of the ignored fields are returned so the page can
 * say so. The API stays strict (400 with the field named); pages never 500.
 */
export function parseSearchUrl(searchParams: URLSearchParams): { params: SearchParams; ignored: string[] } {
  const input: Record<string, string> = {};
  for (const key of [
    "q",
    "category",
    "kind",
    "open",
    "rating",
    "price",
    "sort",
    "bbox",
    "lat",
    "lng",
    "near",
    "radius",
    "anywhere",
    "page",
  ] as const) {
    const values = searchParams.getAll(key);
    if (values.length === 0) continue;
    // Several price checkboxes submitted by a plain GET form arrive as price=$&price=$$.
    input[key] = key === "price" ? values.join(",") : values[values.length - 1]!;
  }
  // Control characters (a NUL…) are dropped and over-long text is cut, rather than the search dropped:
  // the visitor still gets results. (The API refuses both with a 400.)
  if (input.q) input.q = stripControlChars(input.q);
  if (input.q && input.q.length > 200) input.q = input.q.slice(0, 200);

  const ignored: string[] = [];
  for (let attempt = 0; attempt < 8; attempt++) {
    const parsed = searchParamsSchema.safeParse(input);
    if (parsed.success) return { params: { ...parsed.data, pageSize: PAGE_SIZE }, ignored };
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? "");
      if (key in input) {
        delete input[key];
        if (!ignored.includes(key)) ignored.push(key);
      }
    }
  }
  return { params: { page: 1, pageSize: PAGE_SIZE }, ignored };
}
