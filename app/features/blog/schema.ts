import { z } from "zod";
import { BLOG_CATEGORIES, BLOG_CATEGORY_OPTIONS, type BlogCategory } from "~/lib/catalogue";
import { safeText, stripControlChars } from "~/lib/text";
import { isSiteImagePath } from "~/lib/urls";

/** The blog list's filters in the URL: ?category=&q=&page= (lenient: bad values fall back). */
export interface BlogFilters {
  category: BlogCategory | "all";
  q: string;
  page: number;
}

export function parseBlogFilters(params: URLSearchParams): BlogFilters {
  const category = params.get("category") ?? "";
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  return {
    category: (BLOG_CATEGORIES as readonly string[]).includes(category) ? (category as BlogCategory) : "all",
    q: stripControlChars(params.get("q") ?? "")
      .trim()
      .slice(0, 100),
    page: Number.isFinite(page) ? Math.min(500, Math.max(1, page)) : 1,
  };
}

export function blogHref(f: Partial<BlogFilters>) {
  const out = new URLSearchParams();
  if (f.category && f.category !== "all") out.set("category", f.category);
  if (f.q) out.set("q", f.q);
  if (f.page && f.page > 1) out.set("page", String(f.page));
  const s = out.toString();
  return s ? `/blog?${s}` : "/blog";
}

/** The spec's tabs: All Posts, then the three categories. */
export const BLOG_TABS = [{ value: "all", label: "All Posts" }, ...BLOG_CATEGORY_OPTIONS] as const;

export const SLUG_RE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === "" || v == null ? undefined : v), schema.optional());

/** The admin's post editor: one schema for the browser (Conform) and the server. */
export const postInputSchema = z.object({
  title: safeText({ error: "Title is required." })
    .trim()
    .min(3, "Title must be at least 3 characters.")
    .max(140, "Title must be at most 140 characters."),
  /** Empty: made from the title. */
  slug: optional(
    z
      .string()
      .trim()
      .toLowerCase()
      .max(80, "Slug must be at most 80 characters.")
      .regex(SLUG_RE, "Slug may use lower-case letters, digits and single hyphens."),
  ),
  excerpt: safeText({ error: "Excerpt is required." })
    .trim()
    .min(10, "Excerpt must be at least 10 characters.")
    .max(300, "Excerpt must be at most 300 characters."),
  body: safeText({ error: "Body is required." })
    .trim()
    .min(20, "Body must be at least 20 characters.")
    .max(50_000, "Body must be at most 50,000 characters."),
  category: z.enum(BLOG_CATEGORIES, { error: "Choose a category." }),
  author: safeText({ error: "Author is required." })
    .trim()
    .min(2, "Author is required.")
    .max(80, "Author must be at most 80 characters."),
  /**
   * The listing the post is about (the Premium plan's monthly article): its page's link, its slug or its id; the
   * server resolves it. Empty: none.
   */
  business: optional(z.string().trim().max(300, "Business must be at most 300 characters.")),
  /** A picture on this site (pages may load only our own images). */
  coverImage: optional(
    z.string().trim().max(300).refine(isSiteImagePath, "Cover image must be a path on this site, such as /media/…"),
  ),
});

export type PostInput = z.output<typeof postInputSchema>;
